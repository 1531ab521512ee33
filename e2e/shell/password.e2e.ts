// Changing a password in Profile settings, then forgetting it: the emailed link (caught by a real SMTP server) sets a
// new one, and the person logs in with it.
import { linkInMail } from '@teamchat/testing';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { screenshots, toast } from '../support.js';

const openProfile = async (page: Page) => {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Profile' }).click();
  return dialog;
};

test.describe('password change and recovery journeys', () => {
  test('changes the password from Profile settings, after refusing a wrong current one', async ({
    ada: { page, person, request },
  }) => {
    await page.goto('/');
    const dialog = await openProfile(page);
    const form = dialog.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('engine-number-2');
    await form.getByLabel('Confirm new password').fill('engine-number-2');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('Current password is incorrect.')).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await screenshots(page, '30-settings-password-wrong', { only: 'desktop' });

    await form.getByLabel('Current password').fill(person.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password changed')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');
    await page.keyboard.press('Escape');
    // the new password is the one that signs in now
    const login = (password: string) => request.post('/api/login', { data: { email: person.email, password } });
    expect((await login(person.password)).ok()).toBe(false);
    expect((await login('engine-number-2')).ok()).toBe(true);
  });

  test('sends a reset link from the login page and sets a new password with it', async ({ ada, smtp }) => {
    const { page, person } = ada;
    await page.goto('/api/logout');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await screenshots(page, '31-forgot-password');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await screenshots(page, '32-forgot-password-sent');

    const link = linkInMail(await smtp.next(person.email), '/reset-password');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('engine-number-3');
    await page.getByLabel('Confirm new password').fill('engine-number-4');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await screenshots(page, '33-reset-password-mismatch');
    await page.getByLabel('Confirm new password').fill('engine-number-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(toast(page, 'Password updated')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('engine-number-3');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Welcome Back')).toBeVisible();
    await expect(page).toHaveURL(/\/channel\//);

    // the link worked once
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('engine-number-5');
    await page.getByLabel('Confirm new password').fill('engine-number-5');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(toast(page, 'Password not changed')).toBeVisible();
    await expect(page.getByText('This reset link is invalid or has expired. Ask for a new one.').first()).toBeVisible();
    await screenshots(page, '34-reset-password-used', { only: 'desktop' });
  });
});
