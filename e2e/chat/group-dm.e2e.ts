// A group DM of three in three browser contexts: Ada picks two people in the start-DM dialog, the other two see the
// conversation appear under the others' names and receive its messages live; screenshots at 1440×900 and 390×844.
import type { Page } from '@playwright/test';
import { expect, test, type Member } from '../fixtures.js';
import { a11yViolations, aPerson, joinByInviteOverApi, screenshots, toast, fullName } from '../support.js';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const dmList = (page: Page) => sidebar(page).getByRole('list', { name: 'Private messages' });
const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const messages = (page: Page) => page.getByTestId('message-list');
/** A DM's name as the product writes it: everyone else's display name, in alphabetical order. */
const nameFor = (...others: Member[]) =>
  others
    .map((m) => fullName(m))
    .sort((a, b) => a.localeCompare(b))
    .join(', ');

/** Signed in at the workspace's first channel. */
const openShell = async (page: Page) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/channel\//);
  await expect(sidebar(page).getByText('STATUS ACTIVE')).toBeVisible();
};

test.describe('group DMs', () => {
  test('one person starts a group DM of three; the other two see it and receive its messages live', async ({
    ada,
    grace,
    newContext,
  }) => {
    const samPerson = aPerson('Sam', 'Okafor');
    const samContext = await newContext();
    const samUser = await joinByInviteOverApi(ada.request, samContext.request, samPerson);
    const sam: Member = {
      person: samPerson,
      id: samUser.id,
      username: samUser.username,
      context: samContext,
      page: await samContext.newPage(),
      request: samContext.request,
    };
    await Promise.all([openShell(ada.page), openShell(grace.page), openShell(sam.page)]);

    // Ada picks Grace and Sam: each pick shows as a removable chip, and Start DM starts one conversation for all three
    await sidebar(ada.page).getByRole('button', { name: 'Start direct message' }).click();
    const dialog = ada.page.getByRole('dialog', { name: 'Start Direct Message' });
    const search = dialog.getByPlaceholder('Search users...');
    for (const who of [grace, sam]) {
      await search.fill(who.person.firstName);
      await dialog.getByRole('option').filter({ hasText: who.username }).click();
    }
    const picked = dialog.getByRole('list', { name: 'Picked people' });
    await expect(picked.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByRole('option').getByLabel('Selected')).toHaveCount(2);
    await screenshots(ada.page, 'group-dm-01-picker');
    expect(await a11yViolations(ada.page, 'group DM picker')).toEqual([]);
    await dialog.getByRole('button', { name: 'Start DM' }).click();
    await expect(toast(ada.page, 'DM Created')).toBeVisible();
    await expect(ada.page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
    const dmId = ada.page.url().split('/').pop()!;
    await expect(ada.page.getByRole('heading', { name: nameFor(grace, sam) })).toBeVisible();
    await expect(dmList(ada.page).getByRole('link', { name: nameFor(grace, sam) })).toHaveAttribute(
      'href',
      `/channel/${dmId}`,
    );

    // Ada's first message reaches both: the conversation appears in their sidebars under the others' names, unread
    await composer(ada.page).fill('Welcome to our little group');
    await composer(ada.page).press('Enter');
    await expect(messages(ada.page).getByText('Welcome to our little group', { exact: true })).toBeVisible();
    for (const [member, others] of [
      [grace, [ada, sam]],
      [sam, [ada, grace]],
    ] as const) {
      const link = dmList(member.page).getByRole('link', { name: new RegExp(`^${nameFor(...others)}`) });
      await expect(link).toHaveAttribute('href', `/channel/${dmId}`);
      await expect(link.getByLabel(/unread$/)).toHaveText('1');
    }
    await screenshots(grace.page, 'group-dm-02-sidebar-unread');

    // Grace and Sam open it; what Sam writes then reaches Ada and Grace live, without a reload
    for (const member of [grace, sam]) {
      await dmList(member.page).getByRole('link', { name: /,/ }).click();
      await expect(member.page).toHaveURL(new RegExp(`/channel/${dmId}$`));
      await expect(messages(member.page).getByText('Welcome to our little group', { exact: true })).toBeVisible();
    }
    await composer(sam.page).fill('Glad to be here, both of you');
    await composer(sam.page).press('Enter');
    for (const member of [ada, grace, sam]) {
      await expect(messages(member.page).getByText('Glad to be here, both of you', { exact: true })).toBeVisible();
    }
    await expect(grace.page.getByRole('heading', { name: nameFor(ada, sam) })).toBeVisible();
    await screenshots(grace.page, 'group-dm-03-conversation');
    expect(await a11yViolations(grace.page, 'group DM')).toEqual([]);
  });
});
