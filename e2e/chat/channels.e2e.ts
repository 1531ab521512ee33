// Channel membership journeys: a public channel found in the channel browser, previewed before joining, joined and
// then archived by its creator (read-only at once);
// a private channel made by Ada for Grace and herself, which a third colleague can neither find nor open (404), and
// from which Ada then removes Grace while she has it open, and adds her back when mentioning her there.
// Screenshots at 1440×900 and 390×844.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type Member } from '../fixtures.js';
import { aPerson, joinByInviteOverApi, ok, postMessage, screenshots, toast } from '../support.js';

const shot = (page: Page, name: string, restore?: () => Promise<void>): Promise<void> =>
  screenshots(page, `channels-${name}`, { restore });

const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const messages = (page: Page) => page.getByTestId('message-list');
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const browser = (page: Page) => page.getByRole('dialog', { name: 'Browse Channels' });
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

/** Opens the channel browser from the sidebar (from the drawer on a phone). */
const openBrowser = async (page: Page) => {
  if (await browser(page).isVisible()) return;
  if (isMobile(page)) await page.getByRole('button', { name: 'Open navigation' }).click();
  await sidebar(page).getByRole('button', { name: 'Browse channels' }).click();
  await expect(browser(page)).toBeVisible();
};

const createChannelOverApi = async (request: APIRequestContext, data: Record<string, unknown>) =>
  (await ok(await request.post('/api/channels', { data }), 'create channel')) as { id: string; name: string };

/** A third colleague in Ada's workspace, signed in in a context of their own. */
const colleague = async (
  ada: Member,
  newContext: () => Promise<import('@playwright/test').BrowserContext>,
  first: string,
) => {
  const person = aPerson(first, 'Outsider');
  const context = await newContext();
  const { id, username } = await joinByInviteOverApi(ada.request, context.request, person);
  return { person, id, username, context, page: await context.newPage(), request: context.request };
};

test.describe('channel membership journeys', () => {
  test('the channel browser: find a public channel, preview it before joining, join it', async ({ ada, grace }) => {
    const design = await createChannelOverApi(ada.request, {
      name: 'design-review',
      description: 'Pixels and prose',
    });
    await postMessage(ada.request, design.id, 'The new logo drafts are in the drive');

    const page = grace.page;
    await page.goto('/');
    await expect(composer(page)).toBeVisible();
    // made after Grace arrived: not in her sidebar
    await expect(sidebar(page).getByRole('link', { name: /design-review/ })).toHaveCount(0);

    await openBrowser(page);
    await browser(page).getByRole('searchbox', { name: 'Search channels' }).fill('design');
    const found = browser(page).getByTestId('browse-channel');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText('design-review');
    await expect(found).toContainText('1 member');
    await expect(found).not.toContainText('Joined');
    await shot(page, 'browser', () => openBrowser(page).then(() => undefined));

    // preview: the messages, and Join in place of the composer
    await found.getByRole('button', { name: 'Open design-review' }).click();
    await expect(page).toHaveURL(new RegExp(`/channel/${design.id}$`));
    await expect(messages(page).getByText('The new logo drafts are in the drive')).toBeVisible();
    await expect(composer(page)).toHaveCount(0);
    const bar = page.getByTestId('join-bar');
    await expect(bar).toContainText('You are previewing #design-review.');
    await shot(page, 'preview');

    await bar.getByRole('button', { name: 'Join Channel' }).click();
    await expect(composer(page)).toBeVisible();
    await expect(page.getByTestId('join-bar')).toHaveCount(0);
    await expect(page.getByTestId('member-count')).toContainText('2');
    await expect(sidebar(page).getByRole('link', { name: /design-review/ })).toBeVisible();
    // the join is a system message, set apart from what people wrote
    await expect(messages(page).getByTestId('system-message').filter({ hasText: 'joined' })).toBeVisible();

    // Ada, already in it, sees Grace's first words live
    await ada.page.goto(`/channel/${design.id}`);
    await expect(messages(ada.page).getByText('The new logo drafts are in the drive')).toBeVisible();
    await composer(page).fill('Count me in for the review');
    await composer(page).press('Enter');
    await expect(messages(ada.page).getByText('Count me in for the review')).toBeVisible();
    await shot(page, 'joined');

    // Ada, its creator, archives it: read-only for Grace at once, out of her sidebar, still in the browser
    await ada.page.getByRole('button', { name: 'Channel actions' }).click();
    await ada.page.getByRole('menuitem', { name: 'Archive channel' }).click();
    await ada.page
      .getByRole('alertdialog', { name: 'Archive #design-review?' })
      .getByRole('button', { name: 'Archive Channel' })
      .click();
    await expect(ada.page.getByTestId('archived-bar')).toBeVisible();
    await expect(page.getByTestId('archived-bar')).toContainText('This channel is archived.');
    await expect(composer(page)).toHaveCount(0);
    await expect(page.getByTestId('archived-flag')).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: /design-review/ })).toHaveCount(0);
    await expect(messages(page).getByText('Count me in for the review')).toBeVisible();
    await shot(page, 'archived');
    await openBrowser(page);
    await browser(page).getByRole('searchbox', { name: 'Search channels' }).fill('design');
    // the first answer (every channel) shows until the typing pauses
    await expect(browser(page).getByTestId('browse-channel')).toHaveCount(1);
    await expect(browser(page).getByTestId('browse-channel')).toContainText('Archived');
  });

  test('a private channel with two members and an outsider who can neither find nor open it', async ({
    ada,
    grace,
    newContext,
  }) => {
    const outsider = await colleague(ada, newContext, 'Olive');

    // Ada makes the channel private from the create dialog and adds Grace
    const page = ada.page;
    await page.goto('/');
    await expect(composer(page)).toBeVisible();
    await sidebar(page).getByRole('button', { name: 'Channel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel' });
    await dialog.getByLabel('Name').fill('secret-plans');
    await dialog.getByRole('radio', { name: /Private/ }).check();
    await dialog.getByRole('combobox', { name: 'Add people' }).fill(grace.username);
    await dialog.getByRole('option', { name: new RegExp(grace.username) }).click();
    await expect(dialog.getByRole('list', { name: 'Picked people' })).toContainText(grace.username);
    await shot(page, 'create-private', async () => {
      if (await dialog.isVisible()) return;
      throw new Error('the create dialog closed on resize');
    });
    await dialog.getByRole('button', { name: 'Create Channel' }).click();
    // the dialog opens the new channel (Ada was on general before)
    const heading = page.getByRole('heading', { name: /secret-plans/ });
    await expect(heading.getByRole('img', { name: 'Private channel' })).toBeVisible();
    const secretId = page.url().split('/channel/')[1]!;
    expect(secretId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByTestId('member-count')).toContainText('2');
    await composer(page).fill('Launch date stays between us');
    await composer(page).press('Enter');
    await expect(messages(page).getByText('Launch date stays between us')).toBeVisible();

    // Grace, a member, has it in her sidebar with the Lock and reads it
    await grace.page.goto('/');
    const graceLink = sidebar(grace.page).getByRole('link', { name: /secret-plans/ });
    await expect(graceLink.getByRole('img', { name: 'Private channel' })).toBeVisible();
    await graceLink.click();
    await expect(messages(grace.page).getByText('Launch date stays between us')).toBeVisible();
    await shot(grace.page, 'private-member');

    // the members panel, from the header's member badge
    await page.getByTestId('member-count').click();
    const members = page.getByRole('dialog', { name: 'Members of #secret-plans' });
    await expect(members.getByTestId('channel-member')).toHaveCount(2);
    await expect(members).toContainText(grace.username);
    await shot(page, 'members', async () => {
      if (!(await members.isVisible())) await page.getByTestId('member-count').click();
    });
    await page.keyboard.press('Escape');

    // the outsider: not in the browser, not in search, and its link answers the 404 screen
    const other = outsider.page;
    await other.goto('/');
    await expect(composer(other)).toBeVisible();
    await expect(sidebar(other).getByRole('link', { name: /secret-plans/ })).toHaveCount(0);
    await openBrowser(other);
    await browser(other).getByRole('searchbox', { name: 'Search channels' }).fill('secret');
    await expect(browser(other).getByText('NO CHANNELS FOUND')).toBeVisible();
    await other.keyboard.press('Escape');
    expect((await outsider.request.get(`/api/channels/${secretId}/messages`)).status()).toBe(404);
    await other.goto(`/channel/${secretId}`);
    await expect(other.getByTestId('channel-not-found')).toBeVisible();
    await expect(other.getByText('Launch date stays between us')).toHaveCount(0);
    await expect(composer(other)).toHaveCount(0);
    await shot(other, 'private-404');

    // Ada removes Grace while Grace has the channel open: it leaves her sidebar and her screen moves on, saying why
    await expect(messages(grace.page).getByText('Launch date stays between us')).toBeVisible();
    await page.getByTestId('member-count').click();
    await members.getByRole('button', { name: `Remove ${grace.username}` }).click();
    await expect(members.getByTestId('channel-member')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(toast(grace.page, 'You were removed from #secret-plans')).toBeVisible();
    await expect(grace.page).not.toHaveURL(new RegExp(secretId));
    await expect(sidebar(grace.page).getByRole('link', { name: /secret-plans/ })).toHaveCount(0);
    await expect(messages(grace.page).getByText('Launch date stays between us')).toHaveCount(0);
    // what Ada writes next never reaches her
    await composer(page).fill('Grace is off this one now');
    await composer(page).press('Enter');
    await expect(messages(page).getByText('Grace is off this one now')).toBeVisible();
    await expect(messages(page).getByTestId('system-message').filter({ hasText: 'removed' })).toBeVisible();
    expect((await grace.request.get(`/api/channels/${secretId}/messages`)).status()).toBe(404);

    // mentioning Grace now: she is not in the private channel and was not notified; Ada adds her back from the notice
    await composer(page).fill(`@${grace.username} one last thing before you go`);
    await composer(page).press('Enter');
    const notice = page.getByTestId('mention-not-members');
    await expect(notice).toContainText(`@${grace.username} is not in #secret-plans and was not notified.`);
    await shot(page, 'mention-not-member');
    await notice.getByRole('button', { name: 'Add to channel' }).click();
    await expect(notice).toHaveCount(0);
    await expect(sidebar(grace.page).getByRole('link', { name: /secret-plans/ })).toBeVisible();
  });
});
