// Chat journeys with two people in two browser contexts (and a third who joins by invite): live messages, unread
// counts, typing, image attachments, search, tasks visibility, invites, stars in the hover card, settings tabs,
// widgets; screenshots of every screen at 1440×900 and 390×844.
import type { TestStack } from '@teamchat/testing';
import { pngImage, waitFor } from '@teamchat/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { aPerson, DESKTOP, newContext, screenshots, toast, cspViolations, startTeamChat } from '../shell/support.js';

/**
 * Saves the page at 1440×900 and 390×844. The shell swaps its whole layout between the two widths, which remounts
 * the screen, so `restore` puts back what the shot is about (an open dialog, a chosen tab) after each resize.
 */
const shot = (page: Page, name: string, restore?: () => Promise<void>): Promise<void> =>
  screenshots(page, `chat-${name}`, { restore });

interface ChannelRow {
  id: string;
  name: string;
}

describe('chat journeys', () => {
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
  const linusPerson = aPerson('Linus', 'Member');

  const composer = (page: Page) => page.getByPlaceholder('Type your message...');
  const messages = (page: Page) => page.getByTestId('message-list');
  const send = async (page: Page, text: string) => {
    await composer(page).fill(text);
    await composer(page).press('Enter');
    await messages(page).getByText(text, { exact: true }).waitFor();
  };
  const openChannel = async (page: Page, channel: ChannelRow) => {
    await page.getByRole('complementary', { name: 'Sidebar' }).locator(`[data-channel-id="${channel.id}"] a`).click();
    await page.waitForURL(`**/channel/${channel.id}`);
    await page.getByRole('heading', { name: `#${channel.name}` }).waitFor();
  };
  const openSettings = async (page: Page) => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    // the dialog's code loads on demand: its tabs appear once it is there
    await dialog.getByRole('tab').first().waitFor();
    return dialog;
  };
  /** Re-opens the settings dialog on a tab when a layout swap closed it. */
  const settingsOn = (page: Page, tab: string) => async () => {
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    if (!(await dialog.isVisible())) await openSettings(page);
    await dialog.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(200);
  };
  /**
   * How far the newest message reaches below the bottom of the list (0: in full view), and whether the list is long
   * enough to scroll, measured once the page has rendered (its resize observers have run).
   */
  const newestMessage = (page: Page) =>
    messages(page).evaluate(async (list) => {
      type Box = { getBoundingClientRect(): { bottom: number } };
      const el = list as unknown as Box & {
        scrollHeight: number;
        clientHeight: number;
        querySelectorAll(selector: string): ArrayLike<Box>;
      };
      const frame = () =>
        new Promise((done) =>
          (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame(() =>
            done(null),
          ),
        );
      await frame();
      await frame();
      const rows = el.querySelectorAll('[data-testid="message-row"]');
      const newest = rows[rows.length - 1]!.getBoundingClientRect().bottom;
      return {
        hiddenPx: Math.max(0, Math.round(newest - el.getBoundingClientRect().bottom)),
        scrolls: el.scrollHeight > el.clientHeight,
      };
    });
  const attachSquare = async (page: Page) => {
    if (await page.getByTestId('pending-attachment').isVisible()) return;
    await page.getByTestId('image-input').setInputFiles({
      name: 'teal-square.png',
      mimeType: 'image/png',
      buffer: pngImage(96, 64, [0, 180, 170]),
    });
    await page.getByRole('button', { name: 'Send' }).and(page.locator(':enabled')).waitFor();
  };

  beforeAll(async () => {
    const team = await startTeamChat({ adaPerson, gracePerson });
    ({ stack, browser, adaCtx, graceCtx, general } = team);
    const created = await adaCtx.request.post('/api/channels', {
      data: { name: 'random', description: 'Anything goes' },
    });
    random = (await created.json()) as ChannelRow;

    ada = await adaCtx.newPage();
    grace = await graceCtx.newPage();
    await Promise.all([ada.goto(`/channel/${general.id}`), grace.goto(`/channel/${general.id}`)]);
    await Promise.all([composer(ada).waitFor(), composer(grace).waitFor()]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows a message sent by one person to the other live, with the typing indicator first', async () => {
    await messages(grace).getByText('No messages yet. Start the conversation.').waitFor();
    await shot(grace, '01-empty-channel');

    await composer(ada).pressSequentially('Hello Grace', { delay: 20 });
    await grace
      .getByTestId('typing-indicator')
      .getByText(/is typing…$/)
      .waitFor();
    await shot(grace, '02-typing-indicator');
    await composer(ada).press('Enter');

    const row = messages(grace).getByTestId('message-row').filter({ hasText: 'Hello Grace' });
    await row.waitFor();
    expect(await row.locator('time').textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await expect(grace.getByTestId('typing-indicator').textContent()).resolves.toBe('');

    await send(grace, 'Hi @ada.lovelace, welcome aboard');
    await messages(ada).getByTestId('message-row').filter({ hasText: 'welcome aboard' }).waitFor();
    expect(await messages(ada).locator('[data-mention]').first().textContent()).toMatch(/^@/);
    await shot(ada, '03-conversation');
  });

  it('renders Markdown (bold, a link to a new tab, a highlighted code block with a copy button) and keeps HTML as text', async () => {
    const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const content = [
      '**Ship it** on _Friday_, plan at https://example.com/plan',
      '```ts',
      'const answer: number = 42;',
      '```',
      payload,
    ].join('\n');
    const posted = await adaCtx.request.post(`/api/channels/${general.id}/messages`, { data: { content } });
    expect(posted.ok()).toBe(true);
    const row = messages(grace).getByTestId('message-row').filter({ hasText: 'Ship it' });
    await row.waitFor();
    expect(await row.locator('strong').first().textContent()).toBe('Ship it');
    const link = row.getByRole('link', { name: 'https://example.com/plan' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await row.getByRole('button', { name: 'Copy code' }).waitFor();
    expect(await row.locator('pre code').textContent()).toContain('const answer: number = 42;');
    expect(await row.locator('pre code .hljs-keyword').count()).toBeGreaterThan(0);
    // the payload is shown as it was typed, and nothing of it ran or loaded
    await row.getByText(payload).waitFor();
    expect(await row.locator('img[src="x"], script').count()).toBe(0);
    expect(await grace.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
    await shot(grace, '03b-markdown');
  });

  it('raises the unread count for another channel and clears it on select (server state survives a reload)', async () => {
    await openChannel(grace, random);
    await send(ada, 'Unread check one');
    await send(ada, 'Unread check two');
    const badge = grace.locator(`[data-channel-id="${general.id}"] [aria-label$=" unread"]`);
    await badge.waitFor();
    await expect(badge.textContent()).resolves.toBe('2');
    await shot(grace, '04-unread-badge');

    const marked = grace.waitForResponse((r) => r.url().endsWith(`/api/channels/${general.id}/read`));
    await openChannel(grace, general);
    await badge.waitFor({ state: 'detached' });
    expect((await marked).ok()).toBe(true);
    await grace.reload();
    await composer(grace).waitFor();
    await grace.waitForTimeout(500);
    expect(await badge.count()).toBe(0);
  });

  it('shows an image attachment to the other person', async () => {
    // a channel long enough to scroll, so the preview has something to push out of sight
    for (let i = 1; i <= 15; i++) {
      const posted = await graceCtx.request.post(`/api/channels/${general.id}/messages`, {
        data: { content: `Chart figure ${i} of 15` },
      });
      expect(posted.ok()).toBe(true);
    }
    await messages(ada).getByText('Chart figure 15 of 15').waitFor();
    await attachSquare(ada);
    await toast(ada, 'Image uploaded').waitFor();
    await ada.getByTestId('pending-attachment').waitFor();
    // the preview makes the list shorter: the newest message stays in full view above it (once the preview's image
    // has its size, which on a busy machine can be a few frames after the preview appears)
    const inView = await waitFor(async () => {
      const newest = await newestMessage(ada);
      return newest.hiddenPx === 0 ? newest : null;
    }).catch(() => newestMessage(ada));
    expect(inView).toEqual({ hiddenPx: 0, scrolls: true });
    await shot(ada, '05-pending-attachment', () => attachSquare(ada));
    await composer(ada).fill('Here is the chart');
    await composer(ada).press('Enter');

    const image = messages(grace)
      .getByTestId('message-row')
      .filter({ hasText: 'Here is the chart' })
      .getByRole('img', { name: 'Attached image' });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/attachments\//);
    await grace.waitForFunction(
      (el) => (el as unknown as { naturalWidth: number }).naturalWidth === 96,
      await image.elementHandle(),
    );
    await shot(grace, '06-image-attachment');
  });

  it('finds a message with search and navigates to its channel', async () => {
    await openChannel(ada, random);
    await send(ada, 'The quarterly zeppelin report is ready');
    await openChannel(grace, general);

    await grace.getByRole('button', { name: 'Search messages' }).click();
    const dialog = grace.getByRole('dialog', { name: 'SEARCH MESSAGES' });
    await dialog.getByText('ENTER A SEARCH QUERY').waitFor();
    const searchFor = (query: string) => async () => {
      if (!(await dialog.isVisible())) await grace.getByRole('button', { name: 'Search messages' }).click();
      await dialog.getByPlaceholder('Search messages...').fill(query);
      if (query) await dialog.getByRole('button', { name: /zeppelin/ }).waitFor();
    };
    await shot(grace, '07-search-empty', searchFor(''));
    await dialog.getByPlaceholder('Search messages...').fill('zepp');
    const result = dialog.getByRole('button', { name: /zeppelin/ });
    await result.waitFor();
    expect(await result.textContent()).toContain('#random');
    await shot(grace, '08-search-results', searchFor('zepp'));
    await dialog.getByPlaceholder('Search messages...').fill('nothingmatchesthis');
    await dialog.getByText('NO RESULTS FOUND').waitFor();
    await dialog.getByPlaceholder('Search messages...').fill('zeppelin');
    await result.click();
    await grace.waitForURL(`**/channel/${random.id}`);
    await dialog.waitFor({ state: 'detached' });
    await messages(grace).getByText('The quarterly zeppelin report is ready').waitFor();
  });

  it('keeps personal tasks private and shares team tasks live', async () => {
    await Promise.all([ada.goto('/tasks'), grace.goto('/tasks')]);
    await ada.getByRole('heading', { name: '* TASKS' }).waitFor();
    await ada.getByPlaceholder('Add new personal task...').fill('Balance the ledgers');
    await ada.getByPlaceholder('Add new personal task...').press('Enter');
    await toast(ada, 'Task added').waitFor();
    await ada.getByRole('tab', { name: 'TEAM TASKS' }).click();
    await ada.getByPlaceholder('Add new team task...').fill('Ship the difference engine');
    await ada.getByRole('button', { name: 'Add task' }).click();
    await ada.getByText('Ship the difference engine').waitFor();
    await shot(ada, '09-tasks-team', () => ada.getByRole('tab', { name: 'TEAM TASKS' }).click());

    await grace.getByText('No personal tasks yet. Add your first task above.').waitFor();
    expect(await grace.getByText('Balance the ledgers').count()).toBe(0);
    await shot(grace, '10-tasks-personal-empty');
    await grace.getByRole('tab', { name: 'TEAM TASKS' }).click();
    const shared = grace.getByTestId('task-row').filter({ hasText: 'Ship the difference engine' });
    await shared.waitFor();
    await shared.getByRole('checkbox').click();
    await ada.getByText('COMPLETED (1)').waitFor();

    // a new team task appears for the other person without a refresh
    await ada.getByPlaceholder('Add new team task...').fill('Oil the gears');
    await ada.getByPlaceholder('Add new team task...').press('Enter');
    await grace.getByText('Oil the gears').waitFor();

    await ada.getByRole('tab', { name: 'PERSONAL TASKS' }).click();
    await ada.getByTestId('task-row').filter({ hasText: 'Balance the ledgers' }).hover();
    await ada.getByRole('button', { name: 'Delete task Balance the ledgers' }).click();
    await toast(ada, 'Task removed').waitFor();
  });

  it('lets the admin generate an invite that a third person accepts', async () => {
    await ada.goto(`/channel/${general.id}`);
    const settings = await openSettings(ada);
    await settings.getByRole('tab', { name: 'Admin' }).click();
    await settings
      .getByTestId('available-seats')
      .filter({ hasText: /seats available/ })
      .waitFor();
    await settings.getByRole('button', { name: /Generate Invite Link/ }).click();
    await toast(ada, 'Invite link generated').waitFor();
    const row = settings.getByTestId('pending-invite').first();
    await row.getByText('PENDING').waitFor();
    const shown = (await row.locator('code').textContent())!.replace('…', '');
    expect(shown).toHaveLength(12);
    await shot(ada, '11-settings-admin', settingsOn(ada, 'Admin'));

    const invites = (await (await adaCtx.request.get('/api/invites')).json()) as { token: string }[];
    const token = invites.find((i) => i.token.startsWith(shown))!.token;
    const linusCtx = await newContext(browser, stack.url);
    const linus = await linusCtx.newPage();
    await linus.goto(`/invite/${token}`);
    await linus.getByRole('button', { name: 'Accept Invitation' }).click();
    await linus.getByLabel('Email').fill(linusPerson.email);
    await linus.getByLabel('First name').fill(linusPerson.firstName);
    await linus.getByLabel('Last name').fill(linusPerson.lastName);
    await linus.getByLabel('Password').fill(linusPerson.password);
    await linus.getByRole('button', { name: 'Create Account & Join' }).click();
    await linus.waitForURL(/\/channel\//);
    await composer(linus).waitFor();
    await messages(linus).getByText('Hello Grace').waitFor();
    await linusCtx.close();
    await ada.keyboard.press('Escape');
  });

  it('lets the admin award stars, which then show in the hover card', async () => {
    const settings = await openSettings(ada);
    await settings.getByRole('tab', { name: 'Admin' }).click();
    const graceName = (await (await graceCtx.request.get('/api/auth/user')).json()) as { username: string };
    await settings.getByLabel('User to award').selectOption({ label: graceName.username });
    await settings.getByLabel('Number of stars').fill('3');
    await settings.getByRole('button', { name: /Award Stars/ }).click();
    await toast(ada, 'Stars awarded').waitFor();
    await ada.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    const author = messages(ada)
      .getByTestId('message-row')
      .filter({ hasText: 'welcome aboard' })
      .getByRole('button', { name: graceName.username, exact: true });
    await author.hover();
    const card = ada.getByTestId('user-hover-card');
    await card.waitFor();
    await expect(card.getByTestId('hover-card-stars').textContent()).resolves.toBe('3');
    expect(await card.textContent()).toContain('Grace Hopper');
    await shot(ada, '12-hover-card', async () => {
      await ada.mouse.move(5, 5);
      await author.hover();
      await card.waitFor();
    });
    await ada.mouse.move(5, 5);
    await card.waitFor({ state: 'detached' });
  });

  it('shows a non-admin three settings tabs and an admin five', async () => {
    await grace.goto(`/channel/${general.id}`);
    const graceSettings = await openSettings(grace);
    expect(await graceSettings.getByRole('tab').allTextContents()).toEqual(['Appearance', 'Profile', 'Reactions']);
    await shot(grace, '13-settings-member-appearance', settingsOn(grace, 'Appearance'));
    await grace.keyboard.press('Escape');

    const settings = await openSettings(ada);
    expect(await settings.getByRole('tab').allTextContents()).toEqual([
      'Appearance',
      'Profile',
      'Reactions',
      'Billing',
      'Admin',
    ]);
    await shot(ada, '14-settings-appearance', settingsOn(ada, 'Appearance'));
    await settings.getByRole('tab', { name: 'Profile' }).click();
    await settings.getByLabel('About me').waitFor();
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
    await settings.getByTestId('reaction-uploader').locator('.uppy-Dashboard').waitFor();
    await shot(ada, '16-settings-reactions', settingsOn(ada, 'Reactions'));
    await settings.getByRole('tab', { name: 'Billing' }).click();
    await settings.getByTestId('billing-seats').filter({ hasText: '5' }).waitFor();
    await shot(ada, '17-settings-billing', settingsOn(ada, 'Billing'));
    await ada.keyboard.press('Escape');
  });

  it('uploads a custom reaction through the upload widget', async () => {
    const settings = await openSettings(ada);
    await settings.getByRole('tab', { name: 'Reactions' }).click();
    await settings.getByPlaceholder('party_parrot').fill('teal_square');
    await settings
      .getByTestId('reaction-uploader')
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'teal.png', mimeType: 'image/png', buffer: pngImage(32, 32, [0, 180, 170]) });
    await settings.getByRole('button', { name: /^Upload/ }).click();
    await toast(ada, 'Reaction uploaded').waitFor();
    await settings.getByText(':teal_square:').waitFor();
    await ada.keyboard.press('Escape');
  });

  it('manages widgets, renames a channel and hides the panel', async () => {
    await ada.goto(`/channel/${general.id}`);
    const panel = ada.getByRole('complementary', { name: 'Panel' });
    await panel.getByText(/\d+\/\d+ online/).waitFor();
    await panel.getByRole('button', { name: 'Manage widgets' }).click();
    const manager = ada.getByRole('dialog', { name: 'MANAGE WIDGETS' });
    expect(await manager.getByRole('button', { name: 'Move Team Status up' }).isDisabled()).toBe(true);
    expect(await manager.getByRole('button', { name: 'Move Virtual Pet down' }).isDisabled()).toBe(true);
    await manager.getByRole('button', { name: 'Move Virtual Pet up' }).click();
    await shot(ada, '18-widget-manager', async () => {
      if (await manager.isVisible()) return;
      if (!(await panel.isVisible())) await ada.getByRole('button', { name: 'Show panel' }).click();
      await panel.getByRole('button', { name: 'Manage widgets' }).click();
      await manager.waitFor();
    });
    await ada.keyboard.press('Escape');
    const order = await panel
      .locator('[data-widget]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-widget')));
    expect(order).toEqual(['team', 'clock', 'timer', 'fortune', 'pet', 'notepad']);

    await ada.getByRole('button', { name: 'Rename channel' }).click();
    const rename = ada.getByRole('dialog', { name: 'Rename Channel' });
    await rename.getByLabel('Channel name').fill('   ');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.getByText('Channel name cannot be empty.').waitFor();
    await shot(ada, '19-rename-dialog', async () => {
      if (!(await rename.isVisible())) await ada.getByRole('button', { name: 'Rename channel' }).click();
      await rename.getByLabel('Channel name').fill('   ');
      await rename.getByRole('button', { name: 'Rename' }).click();
      await rename.getByText('Channel name cannot be empty.').waitFor();
    });
    await rename.getByLabel('Channel name').fill('general-chat');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await toast(ada, 'Channel renamed').waitFor();
    await ada.getByRole('heading', { name: '#general-chat' }).waitFor();
    general = { ...general, name: 'general-chat' };

    await panel.getByRole('button', { name: 'Hide panel' }).click();
    await panel.waitFor({ state: 'detached' });
    await shot(ada, '20-panel-hidden', async () => {
      if (await panel.isVisible()) await panel.getByRole('button', { name: 'Hide panel' }).click();
    });
    await ada.getByRole('button', { name: 'Show panel' }).click();
    await panel.waitFor();
  });

  it('takes the remaining screens at both sizes', async () => {
    await ada.setViewportSize(DESKTOP);
    await ada.goto(`/channel/${general.id}`);
    await composer(ada).waitFor();
    await shot(ada, '21-channel-screen');
    await ada.goto('/channel/00000000-0000-4000-8000-000000000000');
    await ada.getByText('SELECT A CHANNEL...').waitFor();
    await shot(ada, '22-select-a-channel');

    // the narrow layout: the panel opens as a sheet from the header
    await ada.goto(`/channel/${general.id}`);
    await ada.setViewportSize({ width: 390, height: 844 });
    await composer(ada).waitFor();
    await ada.getByRole('button', { name: 'Show panel' }).click();
    await ada.getByRole('dialog', { name: 'PANEL' }).waitFor();
    await ada.screenshot({ path: 'test-results/screenshots/chat-23-panel-sheet-mobile-390x844.png' });
    await ada.keyboard.press('Escape');
    await ada.setViewportSize(DESKTOP);
  });

  it('loads the landing and login pages without the code of the signed-in screens, which comes on sign-in', async () => {
    const visitor = await newContext(browser, stack.url);
    const page = await visitor.newPage();
    const scripts: { name: string; bytes: number }[] = [];
    page.on('response', (res) => {
      const name = new URL(res.url()).pathname;
      if (!name.startsWith('/assets/') || !name.endsWith('.js')) return;
      void res.body().then(
        (body) => scripts.push({ name, bytes: body.length }),
        () => scripts.push({ name, bytes: 0 }),
      );
    });
    const signedInScreens = /\/(MainLayout|ChannelScreen|TasksScreen|SettingsDialog)-/;
    await page.goto('/');
    await page.getByRole('heading', { name: /Talk Like It's Tomorrow\./ }).waitFor();
    await page.getByRole('button', { name: 'Log In' }).first().click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => signedInScreens.test(s.name))).toEqual([]);
    const firstLoad = scripts.reduce((sum, s) => sum + s.bytes, 0);
    // about 0.5 MB of scripts (it was 1.07 MB in one bundle); well under that old size keeps it from creeping back
    expect(firstLoad).toBeLessThan(750_000);

    await page.getByLabel('Email').fill(gracePerson.email);
    await page.getByLabel('Password').fill(gracePerson.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await composer(page).waitFor();
    expect(scripts.map((s) => s.name).filter((name) => signedInScreens.test(name))).toEqual(
      expect.arrayContaining([expect.stringContaining('/MainLayout-'), expect.stringContaining('/ChannelScreen-')]),
    );
    expect(scripts.some((s) => s.name.includes('/SettingsDialog-'))).toBe(false);
    await visitor.close();
  });

  it('ran every journey above under the Content-Security-Policy with no violation', async () => {
    const res = await fetch(`${stack.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(cspViolations()).toEqual([]);
  });
});
