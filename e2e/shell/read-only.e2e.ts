// A workspace whose creator skipped payment: writable during its 3-day trial, read-only once the trial ends (the
// offline provider's end-trial route stands in for the clock), writable again as soon as its admin adds a card.
import type { TestStack } from '@teamchat/testing';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { aPerson, cspViolations, launchBrowser, newContext, screenshots, startShellStack, toast } from './support.js';

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>, what: string) => {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res.json().catch(() => undefined) as Promise<unknown>;
};

describe('a workspace whose trial ended unpaid', () => {
  let stack: TestStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const grace = aPerson('Grace', 'Hopper');

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startShellStack(), launchBrowser()]);
    context = await newContext(browser, stack.url);
    page = await context.newPage();
    // signed up without the payment step, then straight to a workspace
    await ok(await context.request.post('/api/register', { data: { ...grace, companySize: '2-5' } }), 'register');
    await ok(await context.request.post('/api/workspaces', { data: { name: 'Compilers' } }), 'workspace');
    const user = (await (await context.request.get('/api/auth/user')).json()) as { id: string };
    await ok(
      await context.request.patch(`/api/users/${user.id}`, { data: { onboardingCompleted: true } }),
      'onboarding',
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const composer = () => page.getByPlaceholder('Type your message...');

  it('lets the team post during the trial', async () => {
    await page.goto('/');
    await composer().fill('first bug found');
    await page.keyboard.press('Enter');
    await page.getByText('first bug found').waitFor();
    expect(await page.getByTestId('read-only-banner').count()).toBe(0);
  });

  it('turns read-only when the trial ends: a banner, a disabled composer, and the messages still there', async () => {
    await ok(await context.request.post('/api/local-payments/end-trial', { data: {} }), 'end trial');
    await page.reload();
    const banner = page.getByTestId('read-only-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('This workspace is read-only until its subscription is paid.');
    await page.getByText('first bug found').waitFor();
    expect(
      await page
        .getByRole('textbox', { name: /message/i })
        .or(page.locator('textarea'))
        .first()
        .isDisabled(),
    ).toBe(true);
    await screenshots(page, '35-read-only-workspace');
  });

  it('is writable again as soon as the admin adds a card from the banner', async () => {
    await page.getByRole('button', { name: 'Go to Billing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const payment = dialog.getByRole('region', { name: 'Payment method' });
    await payment.getByRole('button', { name: 'Add payment method' }).click();
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await screenshots(page, '36-read-only-billing', { only: 'desktop' });
    await payment.getByRole('button', { name: 'Pay and unlock' }).click();
    await toast(page, 'Payment Successful').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('read-only-banner').waitFor({ state: 'detached' });
    await composer().fill('writable again');
    await page.keyboard.press('Enter');
    await page.getByTestId('message-list').getByText('writable again').waitFor();
  });

  it('runs with no Content-Security-Policy violation', () => {
    expect(cspViolations()).toEqual([]);
  });
});
