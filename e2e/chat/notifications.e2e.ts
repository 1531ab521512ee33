// Notifications with two people (issue 19): Grace turns them on and picks a keyword in Profile settings; Ada's mention,
// keyword and DM notify her while she looks at another channel, ordinary chatter does not, Do Not Disturb and a muted
// channel silence them, clicking one opens the message, and the tab title and icon carry the unread DM count. With her
// page hidden (another tab in front) a mention in the channel she has open notifies her, but not in Do Not Disturb.
// The browser's notification permission is granted to Grace's context; the page records each notification it shows.
import type { Page } from '@playwright/test';
import { expect, test, type ChannelRow, type Member } from '../fixtures.js';
import { ok, postMessage, screenshots, toast, fullName } from '../support.js';

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

const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const send = async (page: Page, text: string) => {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(page.getByTestId('message-list').getByText(text, { exact: true })).toBeVisible();
};
const shown = (page: Page) => page.evaluate(() => (globalThis as unknown as Page$).__shown);
const waitForShown = async (page: Page, count: number) => {
  await expect.poll(async () => (await shown(page)).length).toBeGreaterThanOrEqual(count);
  return shown(page);
};
/** Gives a message that should not notify the time to arrive, and checks it did arrive (so silence means something). */
const arrivedQuietly = async (page: Page, channel: ChannelRow, text: string) => {
  await page.waitForFunction(
    async ([id, t]) => {
      const res = await globalThis.fetch(`/api/channels/${id}/messages?limit=5`);
      const list = (await res.json()) as { content: string }[];
      return list.some((m) => m.content === t);
    },
    [channel.id, text],
  );
  // Silence can only be checked after a while: the server has the message, and this leaves the live update time to
  // reach the page (and a notification, had one been due, time to show) before the count is read.
  await page.waitForTimeout(300);
};
const openChannel = async (page: Page, channel: ChannelRow) => {
  await page.getByRole('complementary', { name: 'Sidebar' }).locator(`[data-channel-id="${channel.id}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/channel/${channel.id}$`));
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

/**
 * Grace allows notifications and her page records them; a second channel, `random`, which Grace joins and has open
 * while Ada is in `general`.
 */
const notifying = async (ada: Member, grace: Member, general: ChannelRow, origin: string) => {
  await grace.context.grantPermissions(['notifications'], { origin });
  await grace.context.addInitScript(RECORD_NOTIFICATIONS);
  await grace.context.addInitScript(PAGE_VISIBILITY);
  const random = (await ok(
    await ada.request.post('/api/channels', { data: { name: 'random', description: '' } }),
    'channel',
  )) as ChannelRow;
  await ok(await grace.request.post(`/api/channels/${random.id}/join`), 'join');
  await Promise.all([ada.page.goto(`/channel/${general.id}`), grace.page.goto(`/channel/${random.id}`)]);
  await Promise.all([expect(composer(ada.page)).toBeVisible(), expect(composer(grace.page)).toBeVisible()]);
  return random;
};

test.describe('notification journeys', () => {
  test('keeps notification preferences in Profile settings, saved on the server', async ({
    ada,
    grace,
    general,
    baseURL,
  }) => {
    await notifying(ada, grace, general, baseURL!);
    const page = grace.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Profile' }).click();
    const form = dialog.getByRole('form', { name: 'Notifications' });
    await expect(form.getByText('Desktop notifications are on for this browser.')).toBeVisible();
    await form.getByLabel('Keywords that notify me (comma-separated)').fill('deploy, outage');
    await form.getByRole('button', { name: 'Save Notifications' }).click();
    await expect(toast(page, 'Notification preferences saved')).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await screenshots(page, 'notify-01-settings', { only: 'desktop' });
    await page.keyboard.press('Escape');
    const prefs = (await ok(await grace.request.get('/api/notification-preferences'), 'prefs')) as {
      keywords: string[];
    };
    expect(prefs.keywords).toEqual(['deploy', 'outage']);
  });

  test('notifies a mention and a keyword in another channel, not ordinary chatter', async ({
    ada,
    grace,
    general,
    baseURL,
  }) => {
    await ok(
      await grace.request.patch('/api/notification-preferences', { data: { keywords: ['deploy', 'outage'] } }),
      'prefs',
    );
    await notifying(ada, grace, general, baseURL!);
    await send(ada.page, `@${grace.username} can you review the compiler patch?`);
    const [mention] = await waitForShown(grace.page, 1);
    expect(mention).toEqual({
      title: `${fullName(ada)} mentioned you in #general`,
      body: `@${grace.username} can you review the compiler patch?`,
    });
    await send(ada.page, 'lunch anyone?');
    await arrivedQuietly(grace.page, general, 'lunch anyone?');
    expect(await shown(grace.page)).toHaveLength(1);
    await send(ada.page, 'the deploy is done');
    const list = await waitForShown(grace.page, 2);
    expect(list[1]).toEqual({ title: `${fullName(ada)} in #general`, body: 'the deploy is done' });
  });

  test('is silent while Grace is in Do Not Disturb, and again when she mutes the channel', async ({
    ada,
    grace,
    general,
    baseURL,
  }) => {
    const random = await notifying(ada, grace, general, baseURL!);
    const page = grace.page;
    await setStatus(page, 'Do Not Disturb');
    await send(ada.page, `@${grace.username} are you there?`);
    await arrivedQuietly(page, general, `@${grace.username} are you there?`);
    expect(await shown(page)).toHaveLength(0);
    await setStatus(page, 'Online');

    await openChannel(page, general);
    await page.getByRole('button', { name: 'Channel notifications' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await screenshots(page, 'notify-02-channel-menu', { only: 'desktop' });
    await page.getByRole('menuitemcheckbox', { name: 'Mute channel' }).click();
    await expect(page.getByRole('button', { name: 'Channel notifications (muted)' })).toBeVisible();
    await openChannel(page, random);
    await send(ada.page, `@${grace.username} muted now?`);
    await arrivedQuietly(page, general, `@${grace.username} muted now?`);
    expect(await shown(page)).toHaveLength(0);
    await openChannel(page, general);
    await page.getByRole('button', { name: 'Channel notifications (muted)' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Mute channel' }).click();
    await expect(page.getByRole('button', { name: 'Channel notifications', exact: true })).toBeVisible();
    // unmuted, a mention notifies again
    await openChannel(page, random);
    await send(ada.page, `@${grace.username} back on?`);
    await waitForShown(page, 1);
  });

  test('lists mentions in the Mentions view, with the unread count in the sidebar until it is opened', async ({
    ada,
    grace,
    general,
    baseURL,
  }) => {
    for (const text of ['can you review the compiler patch?', 'are you there?', 'muted now?'])
      await postMessage(ada.request, general.id, `@${grace.username} ${text}`);
    await notifying(ada, grace, general, baseURL!);
    const page = grace.page;
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const link = sidebar.getByRole('link', { name: /Mentions/ });
    await expect(link.getByLabel('3 unread mentions')).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/mentions$/);
    const list = page.getByRole('list', { name: 'Mentions and reactions' });
    await expect(list.getByTestId('mention-item')).toHaveText([
      /mentioned you in #general/,
      /mentioned you in #general/,
      /mentioned you in #general/,
    ]);
    await expect(list.getByTestId('mention-item').first()).toContainText(`@${grace.username} muted now?`);
    await screenshots(page, 'notify-03-mentions');
    await expect(link.getByLabel('3 unread mentions')).toHaveCount(0);
    await list.getByTestId('mention-item').last().click();
    await expect(page).toHaveURL(new RegExp(`/channel/${general.id}`));
    await expect(page.getByTestId('message-list').getByText('can you review the compiler patch?')).toBeVisible();
  });

  test('counts unread mentions only, and clears the badge on every tab once the mention is read in its channel', async ({
    ada,
    grace,
    general,
  }) => {
    await ok(await grace.request.post(`/api/channels/${general.id}/join`), 'join');
    const mine = await postMessage(grace.request, general.id, 'the compiler patch is up');
    await ok(await grace.request.post(`/api/channels/${general.id}/read`), 'read');
    const page = grace.page;
    await page.goto('/tasks');
    const second = await grace.context.newPage();
    await second.goto('/tasks');
    const badge = (p: Page) =>
      p.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: /Mentions/ });
    // a reaction to Grace's message is listed in Mentions, and not counted
    await ok(await ada.request.post(`/api/messages/${mine.id}/reactions`, { data: { reactionId: '👍' } }), 'react');
    await postMessage(ada.request, general.id, `@${grace.username} can you review it?`);
    await expect(badge(page).getByLabel('1 unread mentions')).toBeVisible();
    await expect(badge(second).getByLabel('1 unread mentions')).toBeVisible();
    await screenshots(page, 'notify-05-mention-badge', { only: 'desktop' });

    // read in the channel on the second tab: both tabs' badges clear, the Mentions view never opened
    await second.goto(`/channel/${general.id}`);
    await expect(second.getByTestId('message-list').getByText('can you review it?')).toBeVisible();
    await expect(badge(second).getByLabel(/unread mentions/)).toHaveCount(0);
    await expect(badge(page).getByLabel(/unread mentions/)).toHaveCount(0);
    await screenshots(page, 'notify-06-mention-badge-cleared', { only: 'desktop' });

    // a mention arriving in the channel Grace has open is read as it arrives
    await postMessage(ada.request, general.id, `@${grace.username} thanks!`);
    await expect(second.getByTestId('message-list').getByText('thanks!')).toBeVisible();
    await expect(badge(page).getByLabel(/unread mentions/)).toHaveCount(0);
    await expect(badge(second).getByLabel(/unread mentions/)).toHaveCount(0);
  });

  test('counts an unread DM in the tab title and icon, notifies it, and opens the message on click', async ({
    ada,
    grace,
    general,
    baseURL,
  }) => {
    await notifying(ada, grace, general, baseURL!);
    const page = grace.page;
    const dm = (await ok(await ada.request.post('/api/dm', { data: { userId2: grace.id } }), 'dm')) as ChannelRow;
    const message = await postMessage(ada.request, dm.id, 'ping in private');
    const list = await waitForShown(page, 1);
    expect(list[0]).toEqual({ title: `${fullName(ada)} sent you a message`, body: 'ping in private' });
    await expect(page).toHaveTitle(/^\(1\) /);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /%3Ctext/);
    // the click opens the DM at the message (`?message=`, which the channel drops once it has scrolled there)
    const opened = page.waitForURL(new RegExp(`/channel/${dm.id}\\?message=${message.id}$`));
    await page.evaluate(() => (globalThis as unknown as Page$).__last.onclick());
    await opened;
    await expect(page.getByTestId('message-list').getByText('ping in private')).toBeVisible();
    await expect(page).not.toHaveTitle(/^\(/);
  });

  test('with the page hidden and the channel open, notifies a mention of Grace, and none while she is in Do Not Disturb', async ({
    ada,
    grace,
    general,
    baseURL,
  }) => {
    await notifying(ada, grace, general, baseURL!);
    const page = grace.page;
    const badge = page.locator(`[data-channel-id="${general.id}"]`).getByLabel(/unread$/);
    await openChannel(page, general);
    // in plain sight (the channel open in the visible tab) a mention needs no notification
    await send(ada.page, `@${grace.username} on screen`);
    await arrivedQuietly(page, general, `@${grace.username} on screen`);
    expect(await shown(page)).toHaveLength(0);

    await setHidden(page, true);
    await send(ada.page, `@${grace.username} the build is green`);
    const list = await waitForShown(page, 1);
    expect(list[0]).toEqual({
      title: `${fullName(ada)} mentioned you in #general`,
      body: `@${grace.username} the build is green`,
    });
    // unseen while hidden, so unread; seen (and marked read) once she is back
    await expect(badge).toBeVisible();
    await setHidden(page, false);
    await expect(badge).toHaveCount(0);

    await setStatus(page, 'Do Not Disturb');
    await setHidden(page, true);
    await send(ada.page, `@${grace.username} still green?`);
    await arrivedQuietly(page, general, `@${grace.username} still green?`);
    expect(await shown(page)).toHaveLength(1);
    await setHidden(page, false);
    await setStatus(page, 'Online');
  });
});
