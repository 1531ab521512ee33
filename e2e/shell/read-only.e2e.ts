// A workspace whose creator skipped payment: writable during its 3-day trial, read-only once the trial ends (the
// offline provider's end-trial route stands in for the clock), writable again as soon as its admin adds a card.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { aPerson, ok, screenshots, toast } from '../support.js';

/** Grace signed up without the payment step, then went straight to a workspace. */
const signUpUnpaid = async (request: APIRequestContext) => {
  await ok(
    await request.post('/api/register', { data: { ...aPerson('Grace', 'Hopper'), companySize: '2-5' } }),
    'register',
  );
  await ok(await request.post('/api/workspaces', { data: { name: 'Compilers' } }), 'workspace');
  const user = (await ok(await request.get('/api/auth/user'), 'user')) as { id: string };
  await ok(await request.patch(`/api/users/${user.id}`, { data: { onboardingCompleted: true } }), 'onboarding');
};

const endTrial = async (request: APIRequestContext) =>
  ok(await request.post('/api/local-payments/end-trial', { data: {} }), 'end trial');

test.describe('a workspace whose trial ended unpaid', () => {
  test.beforeEach(async ({ context }) => signUpUnpaid(context.request));

  test('lets the team post during the trial', async ({ page }) => {
    await page.goto('/');
    await page.getByPlaceholder('Type your message...').fill('first bug found');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('message-list').getByText('first bug found')).toBeVisible();
    await expect(page.getByTestId('read-only-banner')).toHaveCount(0);
  });

  test('turns read-only when the trial ends: a banner, a disabled composer, and the messages still there', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.getByPlaceholder('Type your message...').fill('first bug found');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('message-list').getByText('first bug found')).toBeVisible();

    await endTrial(context.request);
    await page.reload();
    const banner = page.getByTestId('read-only-banner');
    await expect(banner).toContainText('This workspace is read-only until its subscription is paid.');
    await expect(page.getByTestId('message-list').getByText('first bug found')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /message/i })).toBeDisabled();
    await screenshots(page, '35-read-only-workspace');
  });

  test('is writable again as soon as the admin adds a card from the banner', async ({ page, context }) => {
    await endTrial(context.request);
    await page.goto('/');
    await expect(page.getByTestId('read-only-banner')).toBeVisible();
    await page.getByRole('button', { name: 'Go to Billing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const payment = dialog.getByRole('region', { name: 'Payment method' });
    await payment.getByRole('button', { name: 'Add payment method' }).click();
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await screenshots(page, '36-read-only-billing', { only: 'desktop' });
    await payment.getByRole('button', { name: 'Pay and unlock' }).click();
    await expect(toast(page, 'Payment Successful')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('read-only-banner')).toHaveCount(0);
    await page.getByPlaceholder('Type your message...').fill('writable again');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('message-list').getByText('writable again')).toBeVisible();
  });
});
