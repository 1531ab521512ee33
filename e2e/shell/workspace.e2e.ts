// The signed-in shell with two people: invite accepted in a second browser context, channels, sections, DMs,
// reordering, a section of one's own, section deletion rules, unread counts, workspace settings and the mobile drawer.
import { pngImage } from '@teamchat/testing';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { THEMES } from '../../web/src/theme/themes.js';
import { expect, test, type ChannelRow } from '../fixtures.js';
import { aPerson, MOBILE, ok, screenshot, screenshots, toast, fullName } from '../support.js';

interface Channel extends ChannelRow {
  sectionId: string | null;
  order: number;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
/** A section's header (its collapsible trigger: the title, then the number of channels). */
const sectionHeader = (page: Page, name: string) =>
  sidebar(page).getByRole('button', { name: new RegExp(`^${name}\\b`) });
const sectionList = (page: Page, name: string) => sidebar(page).getByRole('list', { name: `${name} channels` });
/** The channels of a section in their order, read from their drag handles ("Reorder <name>"). */
const channelNames = async (page: Page, sectionName: string) =>
  (
    await sectionList(page, sectionName)
      .getByRole('button', { name: /^Reorder / })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
  ).map((label) => label!.replace(/^Reorder /, ''));
/** The sidebar's link to the screen on show (router links mark it `aria-current="page"`). */
const activeLink = (page: Page) => sidebar(page).getByRole('link').and(page.locator('[aria-current="page"]'));
const switcher = (page: Page) => page.getByRole('navigation', { name: 'Workspaces' });

const channels = async (request: APIRequestContext): Promise<Channel[]> =>
  (await ok(await request.get('/api/channels'), 'channels')) as Channel[];
const newChannel = async (request: APIRequestContext, name: string): Promise<Channel> =>
  (await ok(await request.post('/api/channels', { data: { name, description: '' } }), 'channel')) as Channel;

/** Signed in at the workspace's first channel. */
const openShell = async (page: Page) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/channel\//);
  await expect(sidebar(page).getByText('STATUS ACTIVE')).toBeVisible();
};

const createChannel = async (page: Page, name: string, sectionName?: string) => {
  await sidebar(page).getByRole('button', { name: 'Channel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Channel' });
  await dialog.getByLabel('Name').fill(name);
  if (sectionName) await dialog.getByLabel('Section').selectOption({ label: sectionName });
  await dialog.getByRole('button', { name: 'Create Channel' }).click();
  await expect(toast(page, 'Channel created')).toBeVisible();
  await expect(dialog).toHaveCount(0);
};

const createSection = async (page: Page, name: string) => {
  await sidebar(page).getByRole('button', { name: 'Section', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Section' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Section' }).click();
  await expect(toast(page, 'Section created')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(sectionHeader(page, name)).toBeVisible();
};

const askToDeleteSection = async (page: Page, name: string) => {
  await sectionHeader(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete Section' }).click();
  return page.getByRole('alertdialog');
};

/** Drags a channel by its handle onto `target`: a channel of its section, or (`into`) of another section's list. */
const dragHandle = async (page: Page, handle: Locator, target: Locator, into?: Locator) => {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // dnd-kit starts after a few pixels of travel; move in steps so its sensors see a drag.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 6, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 4, { steps: 12 });
  // the target has made room for the dragged channel, or its section is marked: the drop lands there
  if (into) await expect(into).toHaveAttribute('data-drop-target', 'true');
  else await expect(target).not.toHaveCSS('transform', 'none');
  await page.mouse.up();
};

test.use({ workspaceName: 'Orbital Labs', adaName: ['Ada', 'Admin'] });

test.describe('workspace shell journeys', () => {
  test('accepts an invite link in a second browser context and joins the workspace', async ({ ada, newContext }) => {
    const grace = aPerson('Grace', 'Hopper');
    const invite = (await ok(await ada.request.post('/api/invites', { data: {} }), 'invite')) as { token: string };
    expect(invite.token).toBeTruthy();

    // Any path with ?invite= leads to the invitation.
    const guestPage = await (await newContext()).newPage();
    await guestPage.goto(`/somewhere?invite=${invite.token}`);
    await expect(guestPage).toHaveURL(new RegExp(`/invite/${invite.token}$`));
    await expect(guestPage.getByRole('heading', { name: "You're invited" })).toBeVisible();
    await expect(guestPage.getByText('Orbital Labs')).toBeVisible();
    await screenshots(guestPage, '10-invite-accept');

    await guestPage.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(guestPage.getByRole('button', { name: 'Create Account & Join' })).toBeVisible();
    await guestPage.getByLabel('Email').fill(grace.email);
    await guestPage.getByLabel('First name').fill(grace.firstName);
    await guestPage.getByLabel('Last name').fill(grace.lastName);
    await guestPage.getByLabel('Password').fill(grace.password);
    await screenshots(guestPage, '11-invite-account');
    await guestPage.getByRole('button', { name: 'Create Account & Join' }).click();

    await expect(guestPage).toHaveURL(/\/channel\//);
    await expect(activeLink(guestPage)).toHaveText('general');
    await expect(switcher(guestPage).getByText('Orbital Labs')).toBeVisible();
    await expect(switcher(guestPage).getByText('member')).toBeVisible();
    // Members get no workspace settings.
    await expect(switcher(guestPage).getByRole('button', { name: 'Workspace settings' })).toHaveCount(0);
  });

  test('refuses an unknown invitation with "Invalid Invitation"', async ({ page }) => {
    await page.goto('/invite/not-a-real-token');
    await expect(toast(page, 'Invalid Invitation')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('creates a channel from the dialog and opens it', async ({ ada: { page, request } }) => {
    await openShell(page);
    await sidebar(page).getByRole('button', { name: 'Channel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel' });
    await dialog.getByRole('button', { name: 'Create Channel' }).click();
    await expect(dialog.getByText('Channel name cannot be empty.')).toBeVisible();
    await dialog.getByLabel('Name').fill('launch-pad');
    await dialog.getByLabel('Description (optional)').fill('Countdown to release');
    await screenshots(page, '12-create-channel-dialog');
    await dialog.getByRole('button', { name: 'Create Channel' }).click();
    await expect(toast(page, 'Channel created')).toBeVisible();
    const created = (await channels(request)).find((c) => c.name === 'launch-pad')!;
    await expect(page).toHaveURL(new RegExp(`/channel/${created.id}$`));
    await expect(activeLink(page)).toHaveText('launch-pad');
  });

  test('creates a section, and refuses to delete it while it has channels', async ({ ada: { page } }) => {
    await openShell(page);
    await sidebar(page).getByRole('button', { name: 'Section', exact: true }).click();
    await screenshots(page, '13-create-section-dialog');
    await page.getByRole('dialog', { name: 'Create Section' }).getByLabel('Name').fill('Projects');
    await page.getByRole('dialog', { name: 'Create Section' }).getByRole('button', { name: 'Create Section' }).click();
    await expect(toast(page, 'Section created')).toBeVisible();
    await expect(sectionHeader(page, 'Projects')).toBeVisible();

    await createChannel(page, 'apollo', 'Projects');
    await expect.poll(() => channelNames(page, 'Projects')).toEqual(['apollo']);

    await sectionHeader(page, 'Projects').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: 'Delete Section' })).toBeVisible();
    await screenshots(page, '14-section-context-menu', { only: 'desktop' });
    await page.getByRole('menuitem', { name: 'Delete Section' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete Section' }).click();
    await expect(toast(page, 'This section may contain channels. Remove channels first.')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(sectionHeader(page, 'Projects')).toHaveCount(1);
  });

  test('deletes an empty section after confirmation', async ({ ada: { page } }) => {
    await openShell(page);
    await createSection(page, 'Scratch');
    const confirm = await askToDeleteSection(page, 'Scratch');
    await expect(confirm).toBeVisible();
    await screenshots(page, '15-delete-section-confirm');
    await confirm.getByRole('button', { name: 'Delete Section' }).click();
    await expect(toast(page, 'Section deleted')).toBeVisible();
    await expect(sectionHeader(page, 'Scratch')).toHaveCount(0);
  });

  test('starts a DM with the invited teammate', async ({ ada: { page }, grace }) => {
    await openShell(page);
    await sidebar(page).getByRole('button', { name: 'Start direct message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Direct Message' });
    await dialog.getByPlaceholder('Search users...').fill('nobody-by-this-name');
    await expect(dialog.getByText('No users found')).toBeVisible();
    await dialog.getByPlaceholder('Search users...').fill('Grace');
    const item = dialog.getByRole('option').first();
    await expect(item).toContainText(grace.username);
    await item.click();
    await expect(dialog.getByRole('button', { name: 'Start DM' })).toBeVisible();
    await screenshots(page, '16-start-dm-dialog');
    await dialog.getByRole('button', { name: 'Start DM' }).click();
    await expect(toast(page, 'DM Created')).toBeVisible();
    await expect(page).toHaveURL(/\/channel\//);
    const dms = sidebar(page).getByRole('list', { name: 'Private messages' });
    await expect(dms.getByText(fullName(grace))).toBeVisible();
    await expect(page.getByText(/1 DM\b/)).toBeVisible();
  });

  test('counts unread messages from others in channels not on screen, and clears them on selection', async ({
    ada: { page, request },
    grace,
    general,
  }) => {
    // Ada is in her DM with Grace; Grace writes in general.
    const dm = (await ok(await request.post('/api/dm', { data: { userId2: grace.id } }), 'dm')) as ChannelRow;
    await page.goto(`/channel/${dm.id}`);
    await expect(page.getByPlaceholder('Type your message...')).toBeVisible();
    await ok(
      await grace.request.post(`/api/channels/${general.id}/messages`, { data: { content: 'Hello from Grace' } }),
      'post',
    );
    const link = sectionList(page, 'Channels').locator(`[data-channel-id="${general.id}"]`);
    await expect(link.getByLabel(/unread$/)).toHaveText('1');
    await screenshots(page, '17-unread-badge');
    await sectionList(page, 'Channels')
      .getByRole('link', { name: /general/ })
      .click();
    await expect(link.getByLabel(/unread$/)).toHaveCount(0);
  });

  test('shows 99+ for a hundred unread messages or more: the server stops counting there', async ({
    ada: { page, request },
    grace,
    general,
  }) => {
    const post = (content: string) => grace.request.post(`/api/channels/${general.id}/messages`, { data: { content } });
    for (let i = 0; i < 120; i++) await ok(await post(`backlog ${i}`), 'post');
    const dm = (await ok(await request.post('/api/dm', { data: { userId2: grace.id } }), 'dm')) as ChannelRow;
    await page.goto(`/channel/${dm.id}`);
    const link = sectionList(page, 'Channels').locator(`[data-channel-id="${general.id}"]`);
    // the count the server answers (100, its cap), and the same once a live message adds to it
    await expect(link.getByLabel(/unread$/)).toHaveText('99+');
    await ok(await post('one more'), 'post');
    await expect(link.getByLabel('99+ unread')).toBeVisible();
    await screenshots(page, '17b-unread-badge-capped');
  });

  test('reorders channels by dragging', async ({ ada: { page, request } }) => {
    await newChannel(request, 'launch-pad');
    await openShell(page);
    await createChannel(page, 'zeta');
    await expect.poll(async () => (await channelNames(page, 'Channels')).at(-1)).toBe('zeta');
    const first = sectionList(page, 'Channels').locator('[data-channel-id]').first();
    const zeta = sectionList(page, 'Channels').locator('[data-channel-id]').filter({ hasText: 'zeta' });
    await zeta.hover();
    await dragHandle(page, zeta.getByRole('button', { name: 'Reorder zeta' }), first);
    await expect.poll(async () => (await channelNames(page, 'Channels'))[0]).toBe('zeta');
    // The server kept it: a reload shows the same order.
    await page.reload();
    await expect(
      sectionList(page, 'Channels')
        .getByRole('button', { name: /^Reorder / })
        .first(),
    ).toBeVisible();
    expect((await channelNames(page, 'Channels'))[0]).toBe('zeta');
  });

  test("moves a channel into Ada's own section: her other tab follows, Grace's sidebar stays as it was", async ({
    ada: { page, context, request },
    grace,
  }) => {
    for (const name of ['roadmap', 'standup']) {
      await ok(
        await request.post('/api/channels', { data: { name, description: '', participantIds: [grace.id] } }),
        name,
      );
    }
    await openShell(page);
    await openShell(grace.page);
    const graceBefore = await channelNames(grace.page, 'Channels');
    expect(graceBefore).toEqual(['general', 'roadmap', 'standup']);
    const otherTab = await context.newPage();
    await openShell(otherTab);

    await sidebar(page).getByRole('button', { name: 'Section', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Section' });
    await dialog.getByLabel('Name').fill('Focus');
    await dialog.getByRole('radio', { name: /Only for me/ }).check();
    await screenshots(page, '13b-create-own-section-dialog', {
      restore: async () => {
        if (!(await dialog.isVisible()))
          await sidebar(page).getByRole('button', { name: 'Section', exact: true }).click();
        await dialog.getByLabel('Name').fill('Focus');
        await dialog.getByRole('radio', { name: /Only for me/ }).check();
      },
    });
    await dialog.getByRole('button', { name: 'Create Section' }).click();
    await expect(toast(page, 'Section created')).toBeVisible();
    await expect(sectionHeader(page, 'Focus').getByLabel('Only you see this section')).toBeVisible();

    await sectionList(page, 'Channels').locator('[data-channel-id]').filter({ hasText: 'roadmap' }).click({
      button: 'right',
    });
    const menu = page.getByRole('menu', { name: 'roadmap actions' });
    await expect(menu.getByRole('menuitem', { name: /Focus/ })).toBeVisible();
    await screenshots(page, '14b-move-channel-menu', { only: 'desktop' });
    await menu.getByRole('menuitem', { name: /Focus/ }).click();
    await expect.poll(() => channelNames(page, 'Focus')).toEqual(['roadmap']);
    await expect.poll(() => channelNames(page, 'Channels')).toEqual(['general', 'standup']);
    await screenshots(page, '14c-own-section-with-channel', { only: 'desktop' });
    // her other tab hears of it and shows the same sidebar
    await expect.poll(() => channelNames(otherTab, 'Focus')).toEqual(['roadmap']);

    // Grace never sees Ada's section, and her channels stay where the workspace has them, live and after a reload
    await expect(sectionHeader(grace.page, 'Focus')).toHaveCount(0);
    expect(await channelNames(grace.page, 'Channels')).toEqual(graceBefore);
    await grace.page.reload();
    await expect.poll(() => channelNames(grace.page, 'Channels')).toEqual(graceBefore);
    await expect(sectionHeader(grace.page, 'Focus')).toHaveCount(0);
    await screenshots(grace.page, '14d-teammate-sidebar-unchanged', { only: 'desktop' });

    // dragged from one section onto a channel of another, it takes that channel's place there
    const standup = sectionList(page, 'Channels').locator('[data-channel-id]').filter({ hasText: 'standup' });
    const roadmap = sectionList(page, 'Focus').locator('[data-channel-id]').filter({ hasText: 'roadmap' });
    await standup.hover();
    await dragHandle(
      page,
      standup.getByRole('button', { name: 'Reorder standup' }),
      roadmap,
      sectionList(page, 'Focus'),
    );
    await expect.poll(() => channelNames(page, 'Focus')).toEqual(['standup', 'roadmap']);
    await expect.poll(() => channelNames(page, 'Channels')).toEqual(['general']);
    expect(await channelNames(grace.page, 'Channels')).toEqual(graceBefore);

    // Ada's layout is kept by the server
    await page.reload();
    await expect.poll(() => channelNames(page, 'Focus')).toEqual(['standup', 'roadmap']);
  });

  test('lets the admin change the workspace logo', async ({ ada: { page } }) => {
    await openShell(page);
    await switcher(page).getByRole('button', { name: 'Workspace settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workspace Settings' });
    await dialog.getByLabel('New logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_LOGO });
    await expect(dialog.getByAltText('New logo preview')).toBeVisible();
    await screenshots(page, '18-workspace-settings');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Logo updated')).toBeVisible();
    // the current workspace's button now shows the logo
    await expect(switcher(page).locator('[aria-current="true"] img')).toBeVisible();
  });

  test('is usable on a phone: the sidebar opens as a drawer', async ({ ada: { page, request } }) => {
    await newChannel(request, 'launch-pad');
    await openShell(page);
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    // it opens at the channel on screen: focus on the first workspace would open its tooltip over "Tasks"
    const current = drawer.getByRole('complementary', { name: 'Sidebar' }).locator('[aria-current="page"]');
    await expect(current).toBeFocused();
    // No tooltip may open: an absence can only be checked after the tooltip's delay (300 ms) has passed, so this
    // one wait is on purpose.
    await page.waitForTimeout(500);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await screenshot(page, '19-mobile-drawer-mobile-390x844.png');
    await drawer.getByRole('link', { name: /launch-pad/ }).click();
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/channel\//);
  });

  test('creates another workspace and switches between workspaces', async ({ ada: { page, request } }) => {
    await newChannel(request, 'zeta');
    await openShell(page);
    await switcher(page).getByRole('button', { name: 'New workspace' }).click();
    await expect(page.getByRole('heading', { name: 'Create another workspace' })).toBeVisible();
    await screenshots(page, '21-create-another-workspace');
    await page.getByLabel('Workspace name').fill('Second Base');
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await expect(toast(page, 'Workspace Created')).toBeVisible();
    await expect(page).toHaveURL(/\/channel\//);
    await expect(sidebar(page).getByTitle('Second Base')).toBeVisible();
    await expect(switcher(page).getByText('Orbital Labs')).toBeVisible();
    await expect(
      sectionList(page, 'Channels')
        .getByRole('button', { name: /^Reorder / })
        .first(),
    ).toBeVisible();
    expect(await channelNames(page, 'Channels')).not.toContain('zeta');

    await switcher(page)
      .getByRole('button', { name: /Orbital Labs/ })
      .click();
    await expect(sidebar(page).getByTitle('Orbital Labs')).toBeVisible();
    await expect(page).toHaveURL(/\/channel\//);
    await expect.poll(() => channelNames(page, 'Channels')).toContain('zeta');
  });

  test('looks deliberate in every theme', async ({ ada: { page } }) => {
    await openShell(page);
    for (const theme of THEMES) {
      await page.evaluate(`localStorage.setItem('theme', ${JSON.stringify(theme)})`);
      await page.reload();
      // the theme is a class on the root element (set by the theme code, not a stylesheet's class name)
      await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
      await expect(sidebar(page).getByText('STATUS ACTIVE')).toBeVisible();
      await screenshots(page, `20-theme-${theme}`, { only: 'desktop' });
    }
  });

  test('goes from / to the first channel', async ({ ada: { page, request } }) => {
    await page.goto('/');
    const first = (await channels(request)).filter((c) => c.sectionId).sort((a, b) => a.order - b.order);
    expect(first.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`/channel/${first[0]!.id}$`));
  });

  test('serves the pages with a Content-Security-Policy that forbids framing', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

/** A real 64×64 two-tone logo, so storage sniffing and the browser both accept it. */
const PNG_LOGO = pngImage(64, 64, (x, y) => (x + y < 64 ? [0x00, 0xe5, 0xff] : [0xff, 0x2e, 0x97]));
