// Changing a password in Profile settings, then forgetting it: the emailed link (caught by a real SMTP server) sets a
// new one, and the person logs in with it.
import { linkInMail, startSmtpSink, type SmtpSink, type TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  aPerson,
  cspViolations,
  launchBrowser,
  newContext,
  screenshots,
  signUpOverApi,
  startShellStack,
  toast,
} from './support.js';

describe('password change and recovery journeys', () => {
  let smtp: SmtpSink;
  let stack: TestStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const ada = aPerson('Ada', 'Lovelace');

  beforeAll(async () => {
    smtp = await startSmtpSink();
    [stack, browser] = await Promise.all([startShellStack({ SMTP_URL: smtp.url }), launchBrowser()]);
    context = await newContext(browser, stack.url);
    page = await context.newPage();
    await signUpOverApi(context.request, ada, 'Analytical Engines');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await smtp?.close();
  });

  const openProfile = async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab').first().waitFor();
    await dialog.getByRole('tab', { name: 'Profile' }).click();
    return dialog;
  };

  it('changes the password from Profile settings, after refusing a wrong current one', async () => {
    await page.goto('/');
    const dialog = await openProfile();
    const form = dialog.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('engine-number-2');
    await form.getByLabel('Confirm new password').fill('engine-number-2');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Current password is incorrect.').waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshots(page, '30-settings-password-wrong', { only: 'desktop' });

    await form.getByLabel('Current password').fill(ada.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password changed').waitFor();
    expect(await form.getByLabel('Current password').inputValue()).toBe('');
    ada.password = 'engine-number-2';
    await page.keyboard.press('Escape');
  });

  it('sends a reset link from the login page and sets a new password with it', async () => {
    await page.goto('/api/logout');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await screenshots(page, '31-forgot-password');
    await page.getByLabel('Email').fill(ada.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await screenshots(page, '32-forgot-password-sent');

    const link = linkInMail(await smtp.next(ada.email), '/reset-password');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('engine-number-3');
    await page.getByLabel('Confirm new password').fill('engine-number-4');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await screenshots(page, '33-reset-password-mismatch');
    await page.getByLabel('Confirm new password').fill('engine-number-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await toast(page, 'Password updated').waitFor();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(ada.email);
    await page.getByLabel('Password').fill('engine-number-3');
    await page.getByRole('button', { name: 'Log In' }).click();
    await toast(page, 'Welcome Back').waitFor();
    await page.waitForURL(/\/channel\//);

    // the link worked once
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('engine-number-5');
    await page.getByLabel('Confirm new password').fill('engine-number-5');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await toast(page, 'Password not changed').waitFor();
    await page.getByText('This reset link is invalid or has expired. Ask for a new one.').first().waitFor();
    await screenshots(page, '34-reset-password-used', { only: 'desktop' });
  });

  it('runs with no Content-Security-Policy violation', () => {
    expect(cspViolations()).toEqual([]);
  });
});
