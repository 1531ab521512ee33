// The channel header on a phone (390×844): the name always readable, the secondary actions in a "More actions" menu;
// one sign-out, with the workspace menu where Slack has it; people by their display names with the username beside
// them, and a group DM by its people, in the sidebar, the header and search; the user card's Message button.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { DESKTOP, MOBILE, aPerson, joinByInviteOverApi, ok, postMessage, screenshots } from '../support.js';

/** The element shows all of its text: nothing cut by an ellipsis or a line clamp. */
const fullyShown = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const e = el as unknown as { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
    return e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1;
  });

test.describe('header, workspace menu and names', () => {
  test('a phone keeps the channel and group DM names readable, with the secondary actions in a menu', async ({
    ada,
    grace,
    newContext,
  }) => {
    const linus = aPerson('Linus', 'Torvalds');
    const linusId = (await joinByInviteOverApi(ada.request, (await newContext()).request, linus)).id;
    const channel = (await ok(
      await ada.request.post('/api/channels', { data: { name: 'quarterly-planning-and-reviews', description: '' } }),
      'channel',
    )) as { id: string };
    const group = (await ok(
      await ada.request.post('/api/dm', { data: { userIds: [grace.id, linusId] } }),
      'group dm',
    )) as { id: string };
    await postMessage(ada.request, group.id, 'kick-off notes for the **quarter**');

    const page = ada.page;
    await page.setViewportSize(MOBILE);
    await page.goto(`/channel/${channel.id}`);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('#quarterly-planning-and-reviews');
    expect(await fullyShown(page, 'header h1')).toBe(true);
    // Search and notifications stay; profile, settings, logout go into the menu
    await expect(page.getByRole('button', { name: 'Search messages' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await page.getByRole('button', { name: 'More actions' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toContainText(['Update profile', 'Settings', 'Log out']);
    await screenshots(page, 'phone-header-01-menu', { only: 'mobile' });
    await page.keyboard.press('Escape');

    // (the screenshots leave the page at the desktop size)
    await page.setViewportSize(MOBILE);
    await page.goto(`/channel/${group.id}`);
    await expect(title).toHaveText('Grace Hopper, Linus Torvalds');
    expect(await fullyShown(page, 'header h1')).toBe(true);
    await screenshots(page, 'phone-header-02-group-dm', { only: 'mobile' });
    await page.setViewportSize(DESKTOP);
  });

  test('one sign-out, a workspace menu beside the workspace name, and people by their display names', async ({
    ada,
    grace,
    general,
  }) => {
    await ok(await grace.request.post(`/api/channels/${general.id}/join`), 'join');
    const dm = (await ok(await ada.request.post('/api/dm', { data: { userId2: grace.id } }), 'dm')) as { id: string };
    await postMessage(grace.request, dm.id, 'the findings are in');
    await postMessage(grace.request, general.id, 'findings shared');
    const page = ada.page;
    await page.goto(`/channel/${general.id}`);
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(1);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('button', { name: /workspace menu/ }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toContainText([
      'Start direct message',
      'Create channel',
      'Browse channels',
      'Workspace settings',
      'Keyboard shortcuts',
    ]);
    await screenshots(page, 'names-01-workspace-menu', { only: 'desktop' });
    await page.keyboard.press('Escape');

    // Grace by her name, her username beside it
    const row = page.getByTestId('message-row').filter({ hasText: 'findings shared' });
    await expect(row).toContainText('Grace Hopper');
    await expect(row).toContainText(`@${grace.username}`);
    await expect(sidebar.getByRole('list', { name: 'Private messages' })).toContainText('Grace Hopper');

    // a DM's search result is labelled by its person, never by the DM's stored name
    await page.getByRole('button', { name: 'Search messages' }).click();
    const search = page.getByRole('dialog', { name: 'SEARCH MESSAGES' });
    await search.getByRole('combobox', { name: 'Search messages' }).fill('findings');
    const results = search.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results).toHaveCount(2);
    const places = results.getByTestId('search-result-place');
    await expect(places.filter({ hasText: /^@Grace Hopper$/ })).toHaveCount(1);
    await expect(places.filter({ hasText: /^#general$/ })).toHaveCount(1);
    await screenshots(page, 'names-02-search', { only: 'desktop' });
    await page.keyboard.press('Escape');

    // the user card's Message button opens the DM
    await row.getByRole('button', { name: 'Grace Hopper', exact: true }).hover();
    const card = page.getByTestId('user-hover-card');
    await expect(card).toBeVisible();
    await screenshots(page, 'names-03-user-card', { only: 'desktop' });
    await card.getByRole('button', { name: 'Message' }).click();
    await expect(page).toHaveURL(new RegExp(`/channel/${dm.id}`));
    await expect(page.getByTestId('message-list').getByText('the findings are in')).toBeVisible();

    // "Display full names" off: usernames again
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('switch', { name: 'Display full names' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`@${grace.username}`);
  });

  test('the changed screens in the light theme, at both sizes', async ({ ada, grace, general, newContext }) => {
    await ok(await grace.request.post(`/api/channels/${general.id}/join`), 'join');
    await postMessage(grace.request, general.id, `@${ada.username} the **draft** is in`);
    const visitor = await (await newContext()).newPage();
    for (const p of [ada.page, visitor]) {
      await p.addInitScript(() =>
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'theme',
          'light',
        ),
      );
    }
    await visitor.goto('/');
    await expect(visitor.getByRole('button', { name: 'Learn More' })).toBeVisible();
    await screenshots(visitor, 'light-01-landing');

    const page = ada.page;
    await page.goto(`/channel/${general.id}`);
    await expect(page.getByTestId('message-list').getByText('is in')).toBeVisible();
    await screenshots(page, 'light-02-channel');

    // the invite link in full; headless Chromium's clipboard may refuse, which shows the by-hand fallback
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Admin' }).click();
    await settings.getByRole('button', { name: /Generate Invite Link/ }).click();
    const link = settings.getByLabel('Invite link', { exact: true });
    await expect(link).toHaveValue(/\/invite\/[\w-]{20,}$/);
    await screenshots(page, 'light-03-invite-link', { only: 'desktop' });
    await page.keyboard.press('Escape');
  });
});
