// The signed-in shell with two people: invite accepted in a second browser context, channels, sections, DMs,
// reordering, section deletion rules, unread counts, workspace settings and the mobile drawer.
import { pngImage, type TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { THEMES } from '../../web/src/theme/themes.js';
import {
  aPerson,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newContext,
  SCREENSHOTS,
  screenshots,
  signUpOverApi,
  startShellStack,
  toast,
  cspViolations,
} from './support.js';

interface ChannelRow {
  id: string;
  name: string;
  sectionId: string | null;
  order: number;
}

describe('workspace shell journeys', () => {
  let stack: TestStack;
  let browser: Browser;
  let admin: BrowserContext;
  let guest: BrowserContext;
  let page: Page;
  let guestPage: Page;
  const ada = aPerson('Ada', 'Admin');
  const grace = aPerson('Grace', 'Hopper');

  const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });
  const section = (name: string) =>
    sidebar()
      .locator('[data-testid^="section-"]')
      .filter({ has: page.locator('[data-testid="sidebar-section-title"]', { hasText: new RegExp(`^${name}$`) }) });
  const channelNames = async (sectionName: string) =>
    (await section(sectionName).locator('[data-testid="sidebar-link-label"]').allTextContents()).map((t) => t.trim());
  const channels = async (): Promise<ChannelRow[]> =>
    (await (await admin.request.get('/api/channels')).json()) as ChannelRow[];

  const createChannel = async (name: string, sectionName?: string) => {
    await sidebar().getByRole('button', { name: 'Channel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel' });
    await dialog.getByLabel('Name').fill(name);
    if (sectionName) await dialog.getByLabel('Section').selectOption({ label: sectionName });
    await dialog.getByRole('button', { name: 'Create Channel' }).click();
    await toast(page, 'Channel created').waitFor();
    await dialog.waitFor({ state: 'detached' });
  };

  const createSection = async (name: string) => {
    await sidebar().getByRole('button', { name: 'Section', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Section' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create Section' }).click();
    await toast(page, 'Section created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await section(name).waitFor();
  };

  const askToDeleteSection = async (name: string) => {
    await section(name).locator('[data-testid="sidebar-section-trigger"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Delete Section' }).click();
    return page.getByRole('alertdialog');
  };

  const dragHandle = async (handle: Locator, target: Locator) => {
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // dnd-kit starts after a few pixels of travel; move in steps so its sensors see a drag.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 6, { steps: 3 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 4, { steps: 12 });
    await page.waitForTimeout(150);
    await page.mouse.up();
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startShellStack(), launchBrowser()]);
    admin = await newContext(browser, stack.url);
    guest = await newContext(browser, stack.url);
    await signUpOverApi(admin.request, ada, 'Orbital Labs');
    page = await admin.newPage();
    guestPage = await guest.newPage();
    await page.goto('/');
    await page.waitForURL(/\/channel\//);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('accepts an invite link in a second browser context and joins the workspace', async () => {
    const invite = (await (await admin.request.post('/api/invites', { data: {} })).json()) as { token: string };
    expect(invite.token).toBeTruthy();

    // Any path with ?invite= leads to the invitation.
    await guestPage.goto(`/somewhere?invite=${invite.token}`);
    await guestPage.waitForURL(`**/invite/${invite.token}`);
    await guestPage.getByRole('heading', { name: "You're invited" }).waitFor();
    expect(await guestPage.getByText('Orbital Labs').isVisible()).toBe(true);
    await screenshots(guestPage, '10-invite-accept');

    await guestPage.getByRole('button', { name: 'Accept Invitation' }).click();
    await guestPage.getByRole('button', { name: 'Create Account & Join' }).waitFor();
    await guestPage.getByLabel('Email').fill(grace.email);
    await guestPage.getByLabel('First name').fill(grace.firstName);
    await guestPage.getByLabel('Last name').fill(grace.lastName);
    await guestPage.getByLabel('Password').fill(grace.password);
    await screenshots(guestPage, '11-invite-account');
    await guestPage.getByRole('button', { name: 'Create Account & Join' }).click();

    await guestPage.waitForURL(/\/channel\//);
    expect((await guestPage.locator('a[aria-current="page"]').textContent())?.trim()).toBe('general');
    const switcher = guestPage.getByRole('navigation', { name: 'Workspaces' });
    await switcher.getByText('Orbital Labs').waitFor();
    expect(await switcher.getByText('member').isVisible()).toBe(true);
    // Members get no workspace settings.
    expect(await switcher.getByRole('button', { name: 'Workspace settings' }).count()).toBe(0);
  });

  it('refuses an unknown invitation with "Invalid Invitation"', async () => {
    const stranger = await newContext(browser, stack.url);
    const p = await stranger.newPage();
    await p.goto('/invite/not-a-real-token');
    await toast(p, 'Invalid Invitation').waitFor();
    await p.waitForURL((url) => url.pathname === '/');
    await stranger.close();
  });

  it('creates a channel from the dialog and opens it', async () => {
    await sidebar().getByRole('button', { name: 'Channel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Channel' });
    await dialog.getByRole('button', { name: 'Create Channel' }).click();
    await dialog.getByText('Channel name cannot be empty.').waitFor();
    await dialog.getByLabel('Name').fill('launch-pad');
    await dialog.getByLabel('Description (optional)').fill('Countdown to release');
    await screenshots(page, '12-create-channel-dialog');
    await dialog.getByRole('button', { name: 'Create Channel' }).click();
    await toast(page, 'Channel created').waitFor();
    const created = (await channels()).find((c) => c.name === 'launch-pad')!;
    await page.waitForURL(`**/channel/${created.id}`);
    await expect_(async () => (await page.locator('a[aria-current="page"]').textContent())?.trim()).toBe('launch-pad');
  });

  it('creates a section, and refuses to delete it while it has channels', async () => {
    await sidebar().getByRole('button', { name: 'Section', exact: true }).click();
    await screenshots(page, '13-create-section-dialog');
    await page.getByRole('dialog', { name: 'Create Section' }).getByLabel('Name').fill('Projects');
    await page.getByRole('dialog', { name: 'Create Section' }).getByRole('button', { name: 'Create Section' }).click();
    await toast(page, 'Section created').waitFor();
    await section('Projects').waitFor();

    await createChannel('apollo', 'Projects');
    expect(await channelNames('Projects')).toEqual(['apollo']);

    await section('Projects').locator('[data-testid="sidebar-section-trigger"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Delete Section' }).waitFor();
    await screenshots(page, '14-section-context-menu', { only: 'desktop' });
    await page.getByRole('menuitem', { name: 'Delete Section' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete Section' }).click();
    await toast(page, 'This section may contain channels. Remove channels first.').waitFor();
    await confirm.waitFor({ state: 'detached' });
    expect(await section('Projects').count()).toBe(1);
  });

  it('deletes an empty section after confirmation', async () => {
    await createSection('Scratch');
    const confirm = await askToDeleteSection('Scratch');
    await screenshots(page, '15-delete-section-confirm');
    await confirm.getByRole('button', { name: 'Delete Section' }).click();
    await toast(page, 'Section deleted').waitFor();
    await section('Scratch').waitFor({ state: 'detached' });
  });

  it('starts a DM with the invited teammate', async () => {
    await sidebar().getByRole('button', { name: 'Start direct message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Direct Message' });
    await dialog.getByPlaceholder('Search users...').fill('nobody-by-this-name');
    await dialog.getByText('No users found').waitFor();
    await dialog.getByPlaceholder('Search users...').fill('Grace');
    const item = dialog.locator('[cmdk-item]').first();
    await item.waitFor();
    const username = (await item.locator('[data-testid="command-item-title"]').textContent())!.trim();
    await item.click();
    await dialog.getByRole('button', { name: 'Start DM' }).waitFor();
    await screenshots(page, '16-start-dm-dialog');
    await dialog.getByRole('button', { name: 'Start DM' }).click();
    await toast(page, 'DM Created').waitFor();
    await page.waitForURL(/\/channel\//);
    const dms = sidebar().getByRole('list', { name: 'Private messages' });
    await dms.getByText(username).waitFor();
    expect(await page.getByText(/1 DM\b/).isVisible()).toBe(true);
  });

  it('counts unread messages from others in channels not on screen, and clears them on selection', async () => {
    const general = (await channels()).find((c) => c.name === 'general')!;
    // The admin is on the DM; the guest writes in general.
    const res = await guest.request.post(`/api/channels/${general.id}/messages`, {
      data: { content: 'Hello from Grace' },
    });
    expect(res.ok()).toBe(true);
    const badge = section('Channels').locator(`[data-channel-id="${general.id}"] [aria-label$=" unread"]`);
    await badge.waitFor();
    expect((await badge.textContent())?.trim()).toBe('1');
    await screenshots(page, '17-unread-badge');
    await section('Channels')
      .getByRole('link', { name: /general/ })
      .click();
    await badge.waitFor({ state: 'detached' });
  });

  it('reorders channels by dragging', async () => {
    await createChannel('zeta');
    const before = await channelNames('Channels');
    expect(before[before.length - 1]).toBe('zeta');
    const first = section('Channels').locator('[data-channel-id]').first();
    const zeta = section('Channels').locator('[data-channel-id]').filter({ hasText: 'zeta' });
    await zeta.hover();
    await dragHandle(zeta.getByRole('button', { name: 'Reorder zeta' }), first);
    await expect_(async () => (await channelNames('Channels'))[0]).toBe('zeta');
    // The server kept it: a reload shows the same order.
    await page.reload();
    await section('Channels').locator('[data-testid="sidebar-link-label"]').first().waitFor();
    expect((await channelNames('Channels'))[0]).toBe('zeta');
  });

  it('lets the admin change the workspace logo', async () => {
    const switcher = page.getByRole('navigation', { name: 'Workspaces' });
    await switcher.getByRole('button', { name: 'Workspace settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workspace Settings' });
    await dialog.waitFor();
    await dialog.getByLabel('New logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_LOGO });
    await dialog.getByAltText('New logo preview').waitFor();
    await screenshots(page, '18-workspace-settings');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Logo updated').waitFor();
    await switcher.locator('[aria-current="true"] img').waitFor();
  });

  it('is usable on a phone: the sidebar opens as a drawer', async () => {
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    // longer than the tooltip's delay (300 ms) and the slide-in
    await page.waitForTimeout(500);
    // it opens at the channel on screen: focus on the first workspace would open its tooltip over "Tasks"
    const current = drawer.getByRole('complementary', { name: 'Sidebar' }).locator('[aria-current="page"]');
    const focused = (el: unknown) =>
      el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement;
    expect(await current.evaluate(focused)).toBe(true);
    expect(await page.locator('[role="tooltip"]').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, '19-mobile-drawer-mobile-390x844.png') });
    await drawer.getByRole('link', { name: /launch-pad/ }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForURL(/\/channel\//);
    await page.setViewportSize(DESKTOP);
  });

  it('creates another workspace and switches between workspaces', async () => {
    const switcher = page.getByRole('navigation', { name: 'Workspaces' });
    await switcher.getByRole('button', { name: 'New workspace' }).click();
    await page.getByRole('heading', { name: 'Create another workspace' }).waitFor();
    await screenshots(page, '21-create-another-workspace');
    await page.getByLabel('Workspace name').fill('Second Base');
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await toast(page, 'Workspace Created').waitFor();
    await page.waitForURL(/\/channel\//);
    await sidebar().locator('[data-testid="sidebar-workspace"]', { hasText: 'Second Base' }).waitFor();
    await switcher.getByText('Orbital Labs').waitFor();
    expect(await channelNames('Channels')).not.toContain('zeta');

    await switcher.getByRole('button', { name: /Orbital Labs/ }).click();
    await sidebar().locator('[data-testid="sidebar-workspace"]', { hasText: 'Orbital Labs' }).waitFor();
    await page.waitForURL(/\/channel\//);
    await expect_(async () => (await channelNames('Channels')).includes('zeta')).toBe(true);
  });

  it('looks deliberate in every theme', async () => {
    for (const theme of THEMES) {
      await page.evaluate(`localStorage.setItem('theme', ${JSON.stringify(theme)})`);
      await page.reload();
      await page.locator(`html.${theme}`).waitFor({ state: 'attached' });
      await sidebar().getByText('STATUS ACTIVE').waitFor();
      await screenshots(page, `20-theme-${theme}`, { only: 'desktop' });
    }
    await page.evaluate(`localStorage.setItem('theme', 'cyberpunk')`);
    await page.reload();
  });

  it('goes from / to the first channel', async () => {
    await page.goto('/');
    const first = (await channels()).filter((c) => c.sectionId).sort((a, b) => a.order - b.order);
    await page.waitForURL(/\/channel\//);
    expect(first.length).toBeGreaterThan(0);
  });

  it('ran every journey above under the Content-Security-Policy with no violation', async () => {
    const res = await fetch(`${stack.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(cspViolations()).toEqual([]);
  });
});

/** Polls an async read until it matches (the UI settles after a drop and a refetch). */
const expect_ = (read: () => Promise<unknown>) => ({
  toBe: async (value: unknown) => {
    const deadline = Date.now() + 5000;
    let last: unknown;
    while (Date.now() < deadline) {
      last = await read();
      if (last === value) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(last).toBe(value);
  },
});

/** A real 64×64 two-tone logo, so storage sniffing and the browser both accept it. */
const PNG_LOGO = pngImage(64, 64, (x, y) => (x + y < 64 ? [0x00, 0xe5, 0xff] : [0xff, 0x2e, 0x97]));
