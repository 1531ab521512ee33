// Visitor → landing → four-step signup with the offline card → lands in `general`; then logout and login, and a
// logout in another tab.
import type { TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { aPerson, cspViolations, launchBrowser, newContext, screenshots, startShellStack, toast } from './support.js';

describe('signup and login journeys', () => {
  let stack: TestStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const ada = aPerson('Ada', 'Lovelace');

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startShellStack(), launchBrowser()]);
    context = await newContext(browser, stack.url);
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows the landing page to a visitor', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: "Talk Like It's Tomorrow." }).waitFor();
    expect(await page.getByText("Team chat that's fresh, fast, and fun.").isVisible()).toBe(true);
    for (const card of ['Real-time', 'Secure', 'Team-First'])
      expect(await page.getByRole('heading', { name: card }).isVisible()).toBe(true);
    await screenshots(page, '01-landing', { fullPage: true });
  });

  it('signs up through all four steps with the offline card and lands in general', async () => {
    await page.getByRole('button', { name: /Get Started/ }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('form', { name: 'Account Info' }).waitFor();

    // Validation first: an empty submit names every field.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('First name is required').waitFor();
    await screenshots(page, '02-signup-account-errors');

    await page.getByLabel('First name').fill(ada.firstName);
    await page.getByLabel('Last name').fill(ada.lastName);
    await page.getByLabel('Work email').fill(ada.email);
    await page.getByLabel('Password').fill(ada.password);
    await page.getByLabel('Company size').selectOption('6-15');
    await screenshots(page, '03-signup-account');
    await page.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Account Created').waitFor();

    await page.getByRole('form', { name: 'Card details' }).waitFor();
    expect(await page.getByText('No charge until the trial ends').isVisible()).toBe(true);
    expect(await page.getByText('Team plan · 10 seats').isVisible()).toBe(true);
    await screenshots(page, '04-signup-payment');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /Start Free Trial/ }).click();
    await toast(page, 'Payment Successful').waitFor({ timeout: 15_000 });

    await page.getByRole('form', { name: 'Workspace' }).waitFor();
    await page.getByLabel('Workspace name').fill('Analytical Engines');
    await screenshots(page, '05-signup-workspace');
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await toast(page, 'Workspace Created').waitFor();

    await page.getByRole('form', { name: 'Profile' }).waitFor();
    await page.getByLabel('Handle (optional)').fill('ada_l');
    await page.getByLabel('About me (optional)').fill('First programmer. Poet of numbers.');
    await screenshots(page, '06-signup-profile');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await toast(page, 'Profile Complete').waitFor();

    await page.waitForURL(/\/channel\/[0-9a-f-]{36}$/);
    const active = page.locator('a[aria-current="page"]');
    await active.waitFor();
    expect((await active.textContent())?.trim()).toBe('general');
    await page.getByText('STATUS ACTIVE').waitFor();
    await page.waitForTimeout(500);
    await screenshots(page, '07-main-layout');
  });

  it('sends a finished user from /signup to /', async () => {
    await page.goto('/signup');
    await page.waitForURL(/\/channel\//);
  });

  it('logs out to the landing page', async () => {
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.getByRole('heading', { name: "Talk Like It's Tomorrow." }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/tasks');
    await page.getByRole('heading', { name: "Talk Like It's Tomorrow." }).waitFor();
  });

  it('refuses a wrong password with "Login Failed", then logs in with "Welcome Back"', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ada.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await toast(page, 'Login Failed').waitFor();
    await screenshots(page, '08-login-failed');
    await page.getByLabel('Password').fill(ada.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await toast(page, 'Welcome Back').waitFor();
    await page.waitForURL(/\/channel\//);
    expect((await page.locator('a[aria-current="page"]').textContent())?.trim()).toBe('general');
  });

  it('leaves the chat in every other tab when the user logs out in one (the session’s sockets are closed)', async () => {
    const other = await context.newPage();
    await other.goto('/');
    await other.waitForURL(/\/channel\//);
    await other.getByRole('button', { name: 'Log out' }).first().click();
    await other.getByRole('heading', { name: "Talk Like It's Tomorrow." }).waitFor();
    // the first tab was not touched: its socket closed with 4401 and it asked who is signed in
    await page.getByRole('heading', { name: "Talk Like It's Tomorrow." }).waitFor({ timeout: 10_000 });
    await screenshots(page, '09-logged-out-elsewhere');
    await other.close();
  });

  it('ran every journey above under the Content-Security-Policy with no violation', async () => {
    const res = await fetch(`${stack.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(cspViolations()).toEqual([]);
  });
});
