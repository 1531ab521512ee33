// Visitor → landing → four-step signup with the offline card → lands in `general`; then logout and login, and a
// logout in another tab.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { aPerson, screenshots, toast } from '../support.js';

const landing = (page: Page) => page.getByRole('heading', { name: "Talk Like It's Tomorrow." });
/** The sidebar's link to the screen on show (router links mark it `aria-current="page"`). */
const activeLink = (page: Page) =>
  page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link').and(page.locator('[aria-current="page"]'));

test.describe('signup and login journeys', () => {
  test('shows the landing page to a visitor', async ({ page }) => {
    await page.goto('/');
    await expect(landing(page)).toBeVisible();
    await expect(page.getByText("Team chat that's fresh, fast, and fun.")).toBeVisible();
    for (const card of ['Real-time', 'Secure', 'Team-First'])
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    await screenshots(page, '01-landing', { fullPage: true });
  });

  test('signs up through all four steps with the offline card and lands in general', async ({ page }) => {
    const ada = aPerson('Ada', 'Lovelace');
    await page.goto('/');
    await page.getByRole('button', { name: /Get Started/ }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('form', { name: 'Account Info' })).toBeVisible();

    // Validation first: an empty submit names every field.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await screenshots(page, '02-signup-account-errors');

    await page.getByLabel('First name').fill(ada.firstName);
    await page.getByLabel('Last name').fill(ada.lastName);
    await page.getByLabel('Work email').fill(ada.email);
    await page.getByLabel('Password').fill(ada.password);
    await page.getByLabel('Company size').selectOption('6-15');
    await screenshots(page, '03-signup-account');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, 'Account Created')).toBeVisible();

    await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
    await expect(page.getByText('No charge until the trial ends')).toBeVisible();
    await expect(page.getByText('Team plan · 10 seats')).toBeVisible();
    await screenshots(page, '04-signup-payment');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /Start Free Trial/ }).click();
    await expect(toast(page, 'Payment Successful')).toBeVisible({ timeout: 15_000 });

    await expect(page.getByRole('form', { name: 'Workspace' })).toBeVisible();
    await page.getByLabel('Workspace name').fill('Analytical Engines');
    await screenshots(page, '05-signup-workspace');
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await expect(toast(page, 'Workspace Created')).toBeVisible();

    await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
    await page.getByLabel('Handle (optional)').fill('ada_l');
    await page.getByLabel('About me (optional)').fill('First programmer. Poet of numbers.');
    await screenshots(page, '06-signup-profile');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(toast(page, 'Profile Complete')).toBeVisible();

    await expect(page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
    await expect(activeLink(page)).toHaveText('general');
    await expect(page.getByText('STATUS ACTIVE')).toBeVisible();
    await screenshots(page, '07-main-layout');
  });

  test('sends a finished user from /signup to /', async ({ ada, page }) => {
    expect(ada.page).toBe(page);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/channel\//);
  });

  test('logs out to the landing page', async ({ ada: { page } }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/channel\//);
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await expect(landing(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/tasks');
    await expect(landing(page)).toBeVisible();
  });

  test('refuses a wrong password with "Login Failed", then logs in with "Welcome Back"', async ({
    ada: { page, person },
  }) => {
    await page.goto('/api/logout');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Login Failed')).toBeVisible();
    await screenshots(page, '08-login-failed');
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Welcome Back')).toBeVisible();
    await expect(page).toHaveURL(/\/channel\//);
    await expect(activeLink(page)).toHaveText('general');
  });

  test('leaves the chat in every other tab when the user logs out in one (the session’s sockets are closed)', async ({
    ada: { page, context },
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/channel\//);
    await expect(page.getByText('STATUS ACTIVE')).toBeVisible();
    const other = await context.newPage();
    await other.goto('/');
    await expect(other).toHaveURL(/\/channel\//);
    await other.getByRole('button', { name: 'Log out' }).first().click();
    await expect(landing(other)).toBeVisible();
    // the first tab was not touched: its socket closed with 4401 and it asked who is signed in
    await expect(landing(page)).toBeVisible();
    await screenshots(page, '09-logged-out-elsewhere');
    await other.close();
  });

  test('serves the pages with a Content-Security-Policy that forbids framing', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
