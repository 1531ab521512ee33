// Notifications with two people (issue 19): Grace turns them on and picks a keyword in Profile settings; Ada's mention,
// keyword and DM notify her while she looks at another channel, ordinary chatter does not, Do Not Disturb and a muted
// channel silence them, clicking one opens the message, and the tab title and icon carry the unread DM count. With her
// page hidden (another tab in front) a mention in the channel she has open notifies her, but not in Do Not Disturb.
// The browser's notification permission is granted to Grace's context; the page records each notification it shows.
import type { TestStack } from '@teamchat/testing';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { aPerson, cspViolations, screenshots, toast, startTeamChat } from '../shell/support.js';

interface ChannelRow {
  id: string;
  name: string;
}

interface Shown {
  title: string;
  body: string;
}

/** Records every notification the page creates (the real one is still made), and keeps the last to click it. */
const RECORD_NOTIFICATIONS = `(() => {
  const Real = window.Notification;
  window.__shown = [];
  function Recorded(title, options) {
    window.__shown.push({ title, body: (options && options.body) || '' });
    let made;
    try {
      made = new Real(title, options);
    } catch {
      made = { close() {}, onclick: null };
    }
    window.__last = made;
    return made;
  }
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  Recorded.requestPermission = Real.requestPermission.bind(Real);
  window.Notification = Recorded;
})();`;

/**
 * Lets the journey hide the page as switching to another tab does: `document.visibilityState` becomes 'hidden'
 * (`document.hidden` true, `document.hasFocus()` false) and `visibilitychange` fires, then the same back. Headless
 * Chromium keeps every page visible: a minimized window (`Browser.setWindowBounds`) or another tab brought to the
 * front leaves it 'visible', and `Page.setWebLifecycleState` freezes its scripts, so no message would arrive at all.
 */
const PAGE_VISIBILITY = `(() => {
  let hidden = false;
  const proto = Document.prototype;
  const hasFocus = proto.hasFocus;
  Object.defineProperty(proto, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(proto, 'hidden', { configurable: true, get: () => hidden });
  proto.hasFocus = function () {
    return !hidden && hasFocus.call(this);
  };
  window.__setHidden = (next) => {
    hidden = next;
    window.dispatchEvent(new Event(next ? 'blur' : 'focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();`;

/** The page's globals this journey reads. */
type Page$ = {
  __shown: Shown[];
  __last: { onclick: () => void };
  __setHidden: (hidden: boolean) => void;
  document: { title: string; visibilityState: string; hasFocus(): boolean };
};

describe('notification journeys', () => {
  let stack: TestStack;
  let browser: Browser;
  let adaCtx: BrowserContext;
  let graceCtx: BrowserContext;
  let ada: Page;
  let grace: Page;
  let general: ChannelRow;
  let random: ChannelRow;
  const adaPerson = aPerson('Ada', 'Lovelace');
  const gracePerson = aPerson('Grace', 'Hopper');

  const composer = (page: Page) => page.getByPlaceholder('Type your message...');
  const send = async (page: Page, text: string) => {
    await composer(page).fill(text);
    await composer(page).press('Enter');
    await page.getByTestId('message-list').getByText(text, { exact: true }).waitFor();
  };
  const shown = (page: Page) => page.evaluate(() => (globalThis as unknown as Page$).__shown);
  const waitForShown = async (page: Page, count: number) => {
    await page.waitForFunction((n) => (globalThis as unknown as Page$).__shown.length >= n, count);
    return shown(page);
  };
  /** Gives a message that should not notify the time to arrive, and checks it did arrive (so silence means something). */
  const arrivedQuietly = async (channel: ChannelRow, text: string) => {
    await grace.waitForFunction(
      async ([id, t]) => {
        const res = await globalThis.fetch(`/api/channels/${id}/messages?limit=5`);
        const list = (await res.json()) as { content: string }[];
        return list.some((m) => m.content === t);
      },
      [channel.id, text],
    );
    await grace.waitForTimeout(300);
  };
  const openChannel = async (page: Page, channel: ChannelRow) => {
    await page.getByRole('complementary', { name: 'Sidebar' }).locator(`[data-channel-id="${channel.id}"] a`).click();
    await page.waitForURL(`**/channel/${channel.id}`);
  };
  const setStatus = (page: Page, label: string) =>
    page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: label }).first().click();
  /** Hides the page (another tab in front) or shows it again, and checks the page sees it that way. */
  const setHidden = async (page: Page, hidden: boolean) => {
    await page.evaluate((h) => (globalThis as unknown as Page$).__setHidden(h), hidden);
    const seen = await page.evaluate(() => {
      const { document } = globalThis as unknown as Page$;
      return { state: document.visibilityState, focused: document.hasFocus() };
    });
    expect(seen).toEqual(hidden ? { state: 'hidden', focused: false } : { state: 'visible', focused: true });
  };

  beforeAll(async () => {
    const team = await startTeamChat({ adaPerson, gracePerson });
    ({ stack, browser, adaCtx, graceCtx, general } = team);
    await graceCtx.grantPermissions(['notifications'], { origin: stack.url });
    await graceCtx.addInitScript(RECORD_NOTIFICATIONS);
    await graceCtx.addInitScript(PAGE_VISIBILITY);
    random = (await (
      await adaCtx.request.post('/api/channels', { data: { name: 'random', description: '' } })
    ).json()) as ChannelRow;
    ada = await adaCtx.newPage();
    grace = await graceCtx.newPage();
    await Promise.all([ada.goto(`/channel/${general.id}`), grace.goto(`/channel/${random.id}`)]);
    await Promise.all([composer(ada).waitFor(), composer(grace).waitFor()]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('keeps notification preferences in Profile settings, saved on the server', async () => {
    await grace.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = grace.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab').first().waitFor();
    await dialog.getByRole('tab', { name: 'Profile' }).click();
    const form = dialog.getByRole('form', { name: 'Notifications' });
    await form.getByText('Desktop notifications are on for this browser.').waitFor();
    await form.getByLabel('Keywords that notify me (comma-separated)').fill('deploy, outage');
    await form.getByRole('button', { name: 'Save Notifications' }).click();
    await toast(grace, 'Notification preferences saved').waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshots(grace, 'notify-01-settings', { only: 'desktop' });
    await grace.keyboard.press('Escape');
    const prefs = (await (await graceCtx.request.get('/api/notification-preferences')).json()) as {
      keywords: string[];
    };
    expect(prefs.keywords).toEqual(['deploy', 'outage']);
  });

  it('notifies a mention and a keyword in another channel, not ordinary chatter', async () => {
    await send(ada, '@grace.hopper can you review the compiler patch?');
    const [mention] = await waitForShown(grace, 1);
    expect(mention).toEqual({
      title: 'ada.lovelace mentioned you in #general',
      body: '@grace.hopper can you review the compiler patch?',
    });
    await send(ada, 'lunch anyone?');
    await arrivedQuietly(general, 'lunch anyone?');
    expect(await shown(grace)).toHaveLength(1);
    await send(ada, 'the deploy is done');
    const list = await waitForShown(grace, 2);
    expect(list[1]).toEqual({ title: 'ada.lovelace in #general', body: 'the deploy is done' });
  });

  it('is silent while Grace is in Do Not Disturb, and again when she mutes the channel', async () => {
    await setStatus(grace, 'Do Not Disturb');
    await send(ada, '@grace.hopper are you there?');
    await arrivedQuietly(general, '@grace.hopper are you there?');
    expect(await shown(grace)).toHaveLength(2);
    await setStatus(grace, 'Online');

    await openChannel(grace, general);
    await grace.getByRole('button', { name: 'Channel notifications' }).click();
    await grace.getByRole('menu').waitFor();
    await screenshots(grace, 'notify-02-channel-menu', { only: 'desktop' });
    await grace.getByRole('menuitemcheckbox', { name: 'Mute channel' }).click();
    await grace.getByRole('button', { name: 'Channel notifications (muted)' }).waitFor();
    await openChannel(grace, random);
    await send(ada, '@grace.hopper muted now?');
    await arrivedQuietly(general, '@grace.hopper muted now?');
    expect(await shown(grace)).toHaveLength(2);
    await openChannel(grace, general);
    await grace.getByRole('button', { name: 'Channel notifications (muted)' }).click();
    await grace.getByRole('menuitemcheckbox', { name: 'Mute channel' }).click();
    await grace.getByRole('button', { name: 'Channel notifications' }).waitFor();
    await openChannel(grace, random);
  });

  it('lists mentions in the Mentions view, with the unread count in the sidebar until it is opened', async () => {
    const sidebar = grace.getByRole('complementary', { name: 'Sidebar' });
    const link = sidebar.getByRole('link', { name: /Mentions/ });
    await link.getByLabel('3 unread mentions').waitFor();
    await link.click();
    await grace.waitForURL('**/mentions');
    const list = grace.getByRole('list', { name: 'Mentions and reactions' });
    await list.getByTestId('mention-item').first().waitFor();
    expect(await list.getByTestId('mention-item').allTextContents()).toEqual([
      expect.stringContaining('mentioned you in #general'),
      expect.stringContaining('mentioned you in #general'),
      expect.stringContaining('mentioned you in #general'),
    ]);
    expect(await list.getByTestId('mention-item').first().textContent()).toContain('@grace.hopper muted now?');
    await screenshots(grace, 'notify-03-mentions');
    await link.getByLabel('3 unread mentions').waitFor({ state: 'detached' });
    await list.getByTestId('mention-item').last().click();
    await grace.waitForURL(`**/channel/${general.id}*`);
    await grace.getByTestId('message-list').getByText('can you review the compiler patch?').waitFor();
  });

  it('counts an unread DM in the tab title and icon, notifies it, and opens the message on click', async () => {
    const dm = (await (
      await adaCtx.request.post('/api/dm', { data: { userId2: await userId(graceCtx) } })
    ).json()) as ChannelRow;
    const posted = await adaCtx.request.post(`/api/channels/${dm.id}/messages`, {
      data: { content: 'ping in private' },
    });
    const message = (await posted.json()) as { id: string };
    const list = await waitForShown(grace, 3);
    expect(list[2]).toEqual({ title: 'ada.lovelace sent you a message', body: 'ping in private' });
    await grace.waitForFunction(() => (globalThis as unknown as Page$).document.title.startsWith('(1) '));
    const icon = await grace.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toContain('%3Ctext');
    await grace.evaluate(() => (globalThis as unknown as Page$).__last.onclick());
    await grace.waitForURL(`**/channel/${dm.id}?message=${message.id}`);
    await grace.getByTestId('message-list').getByText('ping in private').waitFor();
    await grace.waitForFunction(() => !(globalThis as unknown as Page$).document.title.startsWith('('));
  });

  it('with the page hidden and the channel open, notifies a mention of Grace, and none while she is in Do Not Disturb', async () => {
    const badge = grace.locator(`[data-channel-id="${general.id}"] [aria-label$=" unread"]`);
    await openChannel(grace, general);
    // in plain sight (the channel open in the visible tab) a mention needs no notification
    await send(ada, '@grace.hopper on screen');
    await arrivedQuietly(general, '@grace.hopper on screen');
    expect(await shown(grace)).toHaveLength(3);

    await setHidden(grace, true);
    await send(ada, '@grace.hopper the build is green');
    const list = await waitForShown(grace, 4);
    expect(list[3]).toEqual({
      title: 'ada.lovelace mentioned you in #general',
      body: '@grace.hopper the build is green',
    });
    // unseen while hidden, so unread; seen (and marked read) once she is back
    await badge.waitFor();
    await setHidden(grace, false);
    await badge.waitFor({ state: 'detached' });

    await setStatus(grace, 'Do Not Disturb');
    await setHidden(grace, true);
    await send(ada, '@grace.hopper still green?');
    await arrivedQuietly(general, '@grace.hopper still green?');
    expect(await shown(grace)).toHaveLength(4);
    await setHidden(grace, false);
    await setStatus(grace, 'Online');
  });

  it('runs with no Content-Security-Policy violation', () => {
    expect(cspViolations()).toEqual([]);
  });
});

const userId = async (ctx: BrowserContext): Promise<string> =>
  ((await (await ctx.request.get('/api/auth/user')).json()) as { id: string }).id;
