// Chat journeys with two people in two browser contexts (and a third who joins by invite): live messages, unread
// counts, typing, image attachments, search, tasks visibility, invites, stars in the hover card, settings tabs,
// widgets; screenshots of every screen at 1440×900 and 390×844.
import { pngImage } from '@teamchat/testing';
import type { Page } from '@playwright/test';
import { expect, test, type ChannelRow, type Member } from '../fixtures.js';
import {
  aPerson,
  MOBILE,
  ok,
  postMessage,
  screenshot,
  screenshots,
  settled,
  toast,
  fullName,
  headerAction,
} from '../support.js';

/**
 * Saves the page at 1440×900 and 390×844. The shell swaps its whole layout between the two widths, which remounts
 * the screen, so `restore` puts back what the shot is about (an open dialog, a chosen tab) after each resize.
 */
const shot = (page: Page, name: string, restore?: () => Promise<void>): Promise<void> =>
  screenshots(page, `chat-${name}`, { restore });

const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const messages = (page: Page) => page.getByTestId('message-list');
const row = (page: Page, text: string) => messages(page).getByTestId('message-row').filter({ hasText: text });
const send = async (page: Page, text: string) => {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(messages(page).getByText(text, { exact: true })).toBeVisible();
};
const sidebarChannel = (page: Page, channel: ChannelRow) =>
  page.getByRole('complementary', { name: 'Sidebar' }).locator(`[data-channel-id="${channel.id}"]`);
const openChannel = async (page: Page, channel: ChannelRow) => {
  await sidebarChannel(page, channel).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/channel/${channel.id}$`));
  await expect(page.getByRole('heading', { name: `#${channel.name}` })).toBeVisible();
};
const openSettings = async (page: Page) => {
  await headerAction(page, 'Settings');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  // the dialog's code loads on demand: its tabs appear once it is there
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  return dialog;
};
/** Re-opens the settings dialog on a tab when a layout swap closed it. */
const settingsOn = (page: Page, tab: string) => async () => {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  if (!(await dialog.isVisible())) await openSettings(page);
  await dialog.getByRole('tab', { name: tab }).click();
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
};
/**
 * How far the newest message reaches below the bottom of the list (0: in full view), and whether the list is long
 * enough to scroll, measured once the page has rendered (its resize observers have run).
 */
const newestMessage = async (page: Page) => {
  await settled(page);
  return messages(page).evaluate((list) => {
    type Box = { getBoundingClientRect(): { bottom: number } };
    const el = list as unknown as Box & {
      scrollHeight: number;
      clientHeight: number;
      querySelectorAll(selector: string): ArrayLike<Box>;
    };
    const rows = el.querySelectorAll('[data-testid="message-row"]');
    const newest = rows[rows.length - 1]!.getBoundingClientRect().bottom;
    return {
      hiddenPx: Math.max(0, Math.round(newest - el.getBoundingClientRect().bottom)),
      scrolls: el.scrollHeight > el.clientHeight,
    };
  });
};
const attachSquare = async (page: Page) => {
  if (await page.getByTestId('pending-attachment').isVisible()) return;
  await page.getByTestId('image-input').setInputFiles({
    name: 'teal-square.png',
    mimeType: 'image/png',
    buffer: pngImage(96, 64, [0, 180, 170]),
  });
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
};
/** A channel `member` creates and `others` join (a public channel is read by all; its composer is for members). */
const newChannel = async (member: Member, name: string, description = '', ...others: Member[]): Promise<ChannelRow> => {
  const channel = (await ok(
    await member.request.post('/api/channels', { data: { name, description } }),
    'channel',
  )) as ChannelRow;
  for (const other of others) await ok(await other.request.post(`/api/channels/${channel.id}/join`), 'join');
  return channel;
};
/** Both people have `channel` open (each page at `at`, if given). */
const bothOpen = async (ada: Member, grace: Member, channel: ChannelRow, at?: { ada?: string; grace?: string }) => {
  await Promise.all([
    ada.page.goto(at?.ada ?? `/channel/${channel.id}`),
    grace.page.goto(at?.grace ?? `/channel/${channel.id}`),
  ]);
  await Promise.all([expect(composer(ada.page)).toBeVisible(), expect(composer(grace.page)).toBeVisible()]);
};

test.describe('chat journeys', () => {
  test('shows a message sent by one person to the other live, with the typing indicator first', async ({
    ada,
    grace,
    general,
  }) => {
    await bothOpen(ada, grace, general);
    await expect(messages(grace.page).getByText('No messages yet. Start the conversation.')).toBeVisible();
    await shot(grace.page, '01-empty-channel');

    await composer(ada.page).pressSequentially('Hello Grace', { delay: 20 });
    await expect(grace.page.getByTestId('typing-indicator').getByText(/is typing…$/)).toBeVisible();
    await shot(grace.page, '02-typing-indicator');
    await composer(ada.page).press('Enter');

    const hello = row(grace.page, 'Hello Grace');
    await expect(hello.locator('time')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    await expect(grace.page.getByTestId('typing-indicator')).toHaveText('');

    await send(grace.page, `Hi @${ada.username}, welcome aboard`);
    await expect(row(ada.page, 'welcome aboard')).toBeVisible();
    await expect(messages(ada.page).locator('[data-mention]').first()).toHaveText(/^@/);
    await shot(ada.page, '03-conversation');
  });

  test('suggests people to mention from the members directory as the name is typed, and inserts the pick', async ({
    ada,
    grace,
    general,
  }) => {
    await bothOpen(ada, grace, general);
    const asked: string[] = [];
    ada.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/users') asked.push(new URL(r.url()).search);
    });
    await composer(ada.page).pressSequentially(`Thanks @${grace.username.slice(0, 3)}`, { delay: 20 });
    const picker = ada.page.getByRole('listbox', { name: 'Mention a user' });
    await expect(picker.getByRole('option').first()).toContainText(grace.username);
    await shot(ada.page, 'mention-picker', async () => {
      await composer(ada.page).fill('');
      await composer(ada.page).pressSequentially(`Thanks @${grace.username.slice(0, 3)}`, { delay: 20 });
      await expect(picker.getByRole('option').first()).toContainText(grace.username);
    });
    await composer(ada.page).press('Enter');
    await expect(composer(ada.page)).toHaveValue(`Thanks @${grace.username} `);
    // asked of the members directory: the prefix typed, this channel's members first, a page of 8
    const prefix = `q=${encodeURIComponent(grace.username.slice(0, 3))}`;
    expect(
      asked.some((s) => s.includes(prefix) && s.includes(`channelId=${general.id}`) && s.includes('limit=8')),
    ).toBe(true);
  });

  test('renders Markdown (bold, a link to a new tab, a highlighted code block with a copy button) and keeps HTML as text', async ({
    ada,
    grace,
    general,
  }) => {
    await grace.page.goto(`/channel/${general.id}`);
    await expect(composer(grace.page)).toBeVisible();
    const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const content = [
      '**Ship it** on _Friday_, plan at https://example.com/plan',
      '```ts',
      'const answer: number = 42;',
      '```',
      payload,
    ].join('\n');
    await postMessage(ada.request, general.id, content);
    const shipped = row(grace.page, 'Ship it');
    await expect(shipped.locator('strong').first()).toHaveText('Ship it');
    const link = shipped.getByRole('link', { name: 'https://example.com/plan' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(shipped.getByRole('button', { name: 'Copy code' })).toBeVisible();
    await expect(shipped.locator('pre code')).toContainText('const answer: number = 42;');
    // highlighted: highlight.js marks the tokens with its own `hljs-*` classes (from the highlighter, not from the
    // SPA's stylesheets, so they keep their names)
    expect(await shipped.locator('pre code .hljs-keyword').count()).toBeGreaterThan(0);
    // the payload is shown as it was typed, and nothing of it ran or loaded
    await expect(shipped.getByText(payload)).toBeVisible();
    await expect(shipped.locator('img[src="x"], script')).toHaveCount(0);
    expect(await grace.page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
    await shot(grace.page, '03b-markdown');
  });

  test('raises the unread count for another channel and clears it on select (server state survives a reload)', async ({
    ada,
    grace,
    general,
  }) => {
    const random = await newChannel(ada, 'random', 'Anything goes', grace);
    await bothOpen(ada, grace, general, { grace: `/channel/${random.id}` });
    await send(ada.page, 'Unread check one');
    await send(ada.page, 'Unread check two');
    const badge = sidebarChannel(grace.page, general).getByLabel(/unread$/);
    await expect(badge).toHaveText('2');
    await shot(grace.page, '04-unread-badge');

    const marked = grace.page.waitForResponse((r) => r.url().endsWith(`/api/channels/${general.id}/read`));
    await openChannel(grace.page, general);
    await expect(badge).toHaveCount(0);
    expect((await marked).ok()).toBe(true);
    // after a reload the counts come from the server again: none for general
    const counted = grace.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/unread');
    await grace.page.reload();
    expect((await counted).ok()).toBe(true);
    await expect(composer(grace.page)).toBeVisible();
    await settled(grace.page);
    await expect(badge).toHaveCount(0);
  });

  test('shows an image attachment to the other person', async ({ ada, grace, general }) => {
    // a channel long enough to scroll, so the preview has something to push out of sight
    for (let i = 1; i <= 30; i++) await postMessage(grace.request, general.id, `Chart figure ${i} of 30`);
    await bothOpen(ada, grace, general);
    await expect(messages(ada.page).getByText('Chart figure 30 of 30')).toBeVisible();
    await attachSquare(ada.page);
    await expect(toast(ada.page, 'Image uploaded')).toBeVisible();
    await expect(ada.page.getByTestId('pending-attachment')).toBeVisible();
    // the preview makes the list shorter: the newest message stays in full view above it (once the preview's image
    // has its size, which on a busy machine can be a few frames after the preview appears)
    await expect.poll(() => newestMessage(ada.page)).toEqual({ hiddenPx: 0, scrolls: true });
    await shot(ada.page, '05-pending-attachment', () => attachSquare(ada.page));
    await composer(ada.page).fill('Here is the chart');
    await composer(ada.page).press('Enter');

    const image = row(grace.page, 'Here is the chart').getByRole('img', { name: 'Attached image' });
    await expect(image).toHaveAttribute('src', /^\/attachments\//);
    await expect.poll(() => image.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBe(96);
    await shot(grace.page, '06-image-attachment');
  });

  test('finds a message with search and navigates to its channel', async ({ ada, grace, general }) => {
    const random = await newChannel(ada, 'random', 'Anything goes');
    await bothOpen(ada, grace, general, { ada: `/channel/${random.id}` });
    await send(ada.page, 'The quarterly zeppelin report is ready');

    const page = grace.page;
    await page.getByRole('button', { name: 'Search messages' }).click();
    const dialog = page.getByRole('dialog', { name: 'SEARCH MESSAGES' });
    await expect(dialog.getByText('ENTER A SEARCH QUERY')).toBeVisible();
    const searchFor = (query: string) => async () => {
      if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Search messages' }).click();
      await dialog.getByPlaceholder('Search messages...').fill(query);
      if (query) await expect(dialog.getByRole('button', { name: /zeppelin/ })).toBeVisible();
    };
    await shot(page, '07-search-empty', searchFor(''));
    await dialog.getByPlaceholder('Search messages...').fill('zepp');
    const result = dialog.getByRole('button', { name: /zeppelin/ });
    await expect(result).toContainText('#random');
    await shot(page, '08-search-results', searchFor('zepp'));
    await dialog.getByPlaceholder('Search messages...').fill('nothingmatchesthis');
    await expect(dialog.getByText('NO RESULTS FOUND')).toBeVisible();
    await dialog.getByPlaceholder('Search messages...').fill('zeppelin');
    await result.click();
    await expect(page).toHaveURL(new RegExp(`/channel/${random.id}$`));
    await expect(dialog).toHaveCount(0);
    await expect(messages(page).getByText('The quarterly zeppelin report is ready')).toBeVisible();
  });

  test('keeps personal tasks private and shares team tasks live', async ({ ada: { page: ada }, grace }) => {
    const page = grace.page;
    await Promise.all([ada.goto('/tasks'), page.goto('/tasks')]);
    await expect(ada.getByRole('heading', { name: '* TASKS' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '* TASKS' })).toBeVisible();
    await ada.getByPlaceholder('Add new personal task...').fill('Balance the ledgers');
    await ada.getByPlaceholder('Add new personal task...').press('Enter');
    await expect(toast(ada, 'Task added')).toBeVisible();
    await ada.getByRole('tab', { name: 'TEAM TASKS' }).click();
    await ada.getByPlaceholder('Add new team task...').fill('Ship the difference engine');
    await ada.getByRole('button', { name: 'Add task' }).click();
    await expect(ada.getByText('Ship the difference engine')).toBeVisible();
    await shot(ada, '09-tasks-team', () => ada.getByRole('tab', { name: 'TEAM TASKS' }).click());

    await expect(page.getByText('No personal tasks yet. Add your first task above.')).toBeVisible();
    await expect(page.getByText('Balance the ledgers')).toHaveCount(0);
    await shot(page, '10-tasks-personal-empty');
    await page.getByRole('tab', { name: 'TEAM TASKS' }).click();
    const shared = page.getByTestId('task-row').filter({ hasText: 'Ship the difference engine' });
    await shared.getByRole('checkbox').click();
    await expect(ada.getByText('COMPLETED (1)')).toBeVisible();

    // a new team task appears for the other person without a refresh
    await ada.getByPlaceholder('Add new team task...').fill('Oil the gears');
    await ada.getByPlaceholder('Add new team task...').press('Enter');
    await expect(page.getByText('Oil the gears')).toBeVisible();

    await ada.getByRole('tab', { name: 'PERSONAL TASKS' }).click();
    await ada.getByTestId('task-row').filter({ hasText: 'Balance the ledgers' }).hover();
    await ada.getByRole('button', { name: 'Delete task Balance the ledgers' }).click();
    await expect(toast(ada, 'Task removed')).toBeVisible();
  });

  test('lets the admin generate an invite that a third person accepts', async ({ ada, general, newContext }) => {
    await postMessage(ada.request, general.id, 'Hello Grace');
    const page = ada.page;
    await page.goto(`/channel/${general.id}`);
    const settings = await openSettings(page);
    await settings.getByRole('tab', { name: 'Admin' }).click();
    await expect(settings.getByTestId('available-seats')).toContainText(/seats available/);
    await settings.getByRole('button', { name: /Generate Invite Link/ }).click();
    await expect(toast(page, 'Invite link generated')).toBeVisible();
    const pending = settings.getByTestId('pending-invite').first();
    await expect(pending.getByText('PENDING')).toBeVisible();
    const shown = (await pending.locator('code').textContent())!.replace('…', '');
    expect(shown).toHaveLength(12);
    await shot(page, '11-settings-admin', settingsOn(page, 'Admin'));

    const invites = (await ok(await ada.request.get('/api/invites'), 'invites')) as { token: string }[];
    const token = invites.find((i) => i.token.startsWith(shown))!.token;
    const linusPerson = aPerson('Linus', 'Member');
    const linus = await (await newContext()).newPage();
    await linus.goto(`/invite/${token}`);
    await linus.getByRole('button', { name: 'Accept Invitation' }).click();
    await linus.getByLabel('Email').fill(linusPerson.email);
    await linus.getByLabel('First name').fill(linusPerson.firstName);
    await linus.getByLabel('Last name').fill(linusPerson.lastName);
    await linus.getByLabel('Password').fill(linusPerson.password);
    await linus.getByRole('button', { name: 'Create Account & Join' }).click();
    await expect(linus).toHaveURL(/\/channel\//);
    await expect(composer(linus)).toBeVisible();
    await expect(messages(linus).getByText('Hello Grace')).toBeVisible();
  });

  test('lets the admin award stars, which then show in the hover card', async ({ ada, grace, general }) => {
    await postMessage(grace.request, general.id, `Hi @${ada.username}, welcome aboard`);
    const page = ada.page;
    await page.goto(`/channel/${general.id}`);
    await expect(row(page, 'welcome aboard')).toBeVisible();
    const settings = await openSettings(page);
    await settings.getByRole('tab', { name: 'Admin' }).click();
    await settings.getByLabel('User to award').selectOption({ label: grace.username });
    await settings.getByLabel('Number of stars').fill('3');
    await settings.getByRole('button', { name: /Award Stars/ }).click();
    await expect(toast(page, 'Stars awarded')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);

    const author = row(page, 'welcome aboard').getByRole('button', { name: fullName(grace), exact: true });
    await author.hover();
    const card = page.getByTestId('user-hover-card');
    await expect(card.getByTestId('hover-card-stars')).toHaveText('3');
    await expect(card).toContainText('Grace Hopper');
    await shot(page, '12-hover-card', async () => {
      await page.mouse.move(5, 5);
      await author.hover();
      await expect(card).toBeVisible();
    });
    await page.mouse.move(5, 5);
    await expect(card).toHaveCount(0);
  });

  test('shows a non-admin three settings tabs and an admin five', async ({ ada: { page: ada }, grace, general }) => {
    await postMessage(grace.request, general.id, 'Settings check');
    await Promise.all([ada.goto(`/channel/${general.id}`), grace.page.goto(`/channel/${general.id}`)]);
    const graceSettings = await openSettings(grace.page);
    await expect(graceSettings.getByRole('tab')).toHaveText(['Appearance', 'Profile', 'Reactions']);
    await shot(grace.page, '13-settings-member-appearance', settingsOn(grace.page, 'Appearance'));
    await grace.page.keyboard.press('Escape');

    const settings = await openSettings(ada);
    await expect(settings.getByRole('tab')).toHaveText(['Appearance', 'Profile', 'Reactions', 'Billing', 'Admin']);
    await shot(ada, '14-settings-appearance', settingsOn(ada, 'Appearance'));
    await settings.getByRole('tab', { name: 'Profile' }).click();
    await expect(settings.getByLabel('About me')).toBeVisible();
    // one form per part of the tab, each under its heading with its one button
    const parts = [];
    for (const form of await settings.getByRole('tabpanel', { name: 'Profile' }).getByRole('form').all()) {
      parts.push({
        heading: await form.getByRole('heading').textContent(),
        buttons: await form.getByRole('button', { name: /^(Save|Change Password)/ }).allTextContents(),
      });
    }
    expect(parts).toEqual([
      { heading: 'Profile', buttons: ['Save Profile'] },
      { heading: 'Notifications', buttons: ['Save Notifications'] },
      { heading: 'Password', buttons: ['Change Password'] },
    ]);
    await shot(ada, '15-settings-profile', settingsOn(ada, 'Profile'));
    await settings.getByRole('tab', { name: 'Reactions' }).click();
    // the upload widget (Uppy's dashboard) is there, with its file input
    await expect(settings.getByTestId('reaction-uploader').locator('input[type=file]').first()).toBeAttached();
    await expect(settings.getByTestId('reaction-uploader').getByRole('button').first()).toBeVisible();
    await shot(ada, '16-settings-reactions', settingsOn(ada, 'Reactions'));
    await settings.getByRole('tab', { name: 'Billing' }).click();
    await expect(settings.getByTestId('billing-seats').filter({ hasText: '5' })).toBeVisible();
    await shot(ada, '17-settings-billing', settingsOn(ada, 'Billing'));
  });

  test('uploads a custom reaction through the upload widget', async ({ ada: { page }, general }) => {
    await page.goto(`/channel/${general.id}`);
    const settings = await openSettings(page);
    await settings.getByRole('tab', { name: 'Reactions' }).click();
    await settings.getByPlaceholder('party_parrot').fill('teal_square');
    await settings
      .getByTestId('reaction-uploader')
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'teal.png', mimeType: 'image/png', buffer: pngImage(32, 32, [0, 180, 170]) });
    await settings.getByRole('button', { name: /^Upload/ }).click();
    await expect(toast(page, 'Reaction uploaded')).toBeVisible();
    await expect(settings.getByText(':teal_square:')).toBeVisible();
  });

  test('manages widgets, renames a channel and hides the panel', async ({ ada: { page }, general }) => {
    await page.goto(`/channel/${general.id}`);
    const panel = page.getByRole('complementary', { name: 'Panel' });
    await expect(panel.getByText(/\d+\/\d+ online/)).toBeVisible();
    await panel.getByRole('button', { name: 'Manage widgets' }).click();
    const manager = page.getByRole('dialog', { name: 'MANAGE WIDGETS' });
    await expect(manager.getByRole('button', { name: 'Move Team Status up' })).toBeDisabled();
    await expect(manager.getByRole('button', { name: 'Move Virtual Pet down' })).toBeDisabled();
    await manager.getByRole('button', { name: 'Move Virtual Pet up' }).click();
    await shot(page, '18-widget-manager', async () => {
      if (await manager.isVisible()) return;
      if (!(await panel.isVisible())) await headerAction(page, 'Show panel');
      await panel.getByRole('button', { name: 'Manage widgets' }).click();
      await expect(manager).toBeVisible();
    });
    await page.keyboard.press('Escape');
    await expect
      .poll(() => panel.locator('[data-widget]').evaluateAll((els) => els.map((e) => e.getAttribute('data-widget'))))
      .toEqual(['team', 'clock', 'timer', 'fortune', 'pet', 'notepad']);

    await page.getByRole('button', { name: 'Rename channel' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Channel' });
    await rename.getByLabel('Channel name').fill('   ');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename.getByText('Channel name cannot be empty.')).toBeVisible();
    await shot(page, '19-rename-dialog', async () => {
      if (!(await rename.isVisible())) await page.getByRole('button', { name: 'Rename channel' }).click();
      await rename.getByLabel('Channel name').fill('   ');
      await rename.getByRole('button', { name: 'Rename' }).click();
      await expect(rename.getByText('Channel name cannot be empty.')).toBeVisible();
    });
    await rename.getByLabel('Channel name').fill('general-chat');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(toast(page, 'Channel renamed')).toBeVisible();
    await expect(page.getByRole('heading', { name: '#general-chat' })).toBeVisible();

    await panel.getByRole('button', { name: 'Hide panel' }).click();
    await expect(panel).toHaveCount(0);
    await shot(page, '20-panel-hidden', async () => {
      if (await panel.isVisible()) await panel.getByRole('button', { name: 'Hide panel' }).click();
    });
    await headerAction(page, 'Show panel');
    await expect(panel).toBeVisible();
  });

  test('takes the remaining screens at both sizes', async ({ ada, grace, general }) => {
    await postMessage(ada.request, general.id, 'Hello Grace');
    await postMessage(grace.request, general.id, `Hi @${ada.username}, welcome aboard`);
    const page = ada.page;
    await page.goto(`/channel/${general.id}`);
    await expect(row(page, 'welcome aboard')).toBeVisible();
    await shot(page, '21-channel-screen');
    await page.goto('/channel/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('SELECT A CHANNEL...')).toBeVisible();
    await shot(page, '22-select-a-channel');

    // the narrow layout: the panel opens as a sheet from the header
    await page.goto(`/channel/${general.id}`);
    await page.setViewportSize(MOBILE);
    await expect(composer(page)).toBeVisible();
    await headerAction(page, 'Show panel');
    await expect(page.getByRole('dialog', { name: 'PANEL' })).toBeVisible();
    await screenshot(page, 'chat-23-panel-sheet-mobile-390x844.png');
  });

  test('loads the landing and login pages without the code of the signed-in screens, which comes on sign-in', async ({
    grace,
    newContext,
  }) => {
    const page = await (await newContext()).newPage();
    const scripts: { name: string; bytes: number }[] = [];
    page.on('response', (res) => {
      const name = new URL(res.url()).pathname;
      if (!name.startsWith('/assets/') || !name.endsWith('.js')) return;
      void res.body().then(
        (body) => scripts.push({ name, bytes: body.length }),
        () => scripts.push({ name, bytes: 0 }),
      );
    });
    // a visitor's page (a context of its own: the default one is Ada's, signed in)
    const signedInScreens = /\/(MainLayout|ChannelScreen|TasksScreen|SettingsDialog)-/;
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Talk Like It's Tomorrow\./ })).toBeVisible();
    await page.getByRole('button', { name: 'Log In' }).first().click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => signedInScreens.test(s.name))).toEqual([]);
    const firstLoad = scripts.reduce((sum, s) => sum + s.bytes, 0);
    // about 0.5 MB of scripts (it was 1.07 MB in one bundle); well under that old size keeps it from creeping back
    expect(firstLoad).toBeLessThan(750_000);

    await page.getByLabel('Email').fill(grace.person.email);
    await page.getByLabel('Password').fill(grace.person.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(composer(page)).toBeVisible();
    expect(scripts.map((s) => s.name).filter((name) => signedInScreens.test(name))).toEqual(
      expect.arrayContaining([expect.stringContaining('/MainLayout-'), expect.stringContaining('/ChannelScreen-')]),
    );
    expect(scripts.some((s) => s.name.includes('/SettingsDialog-'))).toBe(false);
  });

  test('serves the pages with a Content-Security-Policy that forbids framing', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
