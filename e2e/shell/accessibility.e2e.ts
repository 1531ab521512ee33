// axe-core over every screen and dialog, in the default dark theme and in the light one, and over the main screens in
// all nine themes: no critical or serious violation anywhere (WCAG 2.1 A/AA rules and axe's best practices).
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { THEMES as ALL_THEMES } from '../../web/src/theme/themes.js';
import { a11yViolations, ok, postMessage, screenshots } from '../support.js';

const THEMES = ['cyberpunk', 'light'] as const;

/** Sets the theme before the page's scripts run (as a returning user who picked it). The light theme is also what
 *  a light system gets by default, checked on the login page below. */
const themed = async (page: Page, theme: string) => {
  await page.addInitScript(
    (t) =>
      (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
        'theme',
        t,
      ),
    theme,
  );
  return page;
};

test.describe('accessibility of every screen (axe-core, two themes)', () => {
  for (const theme of THEMES) {
    test(`signed out (${theme}): landing, login, forgotten password, signup`, async ({ page: visitor }) => {
      const page = await themed(visitor, theme);
      const found: string[] = [];
      const check = async (label: string) => found.push(...(await a11yViolations(page, label)));
      await page.goto('/');
      await expect(page.getByRole('heading', { name: "Talk Like It's Tomorrow." })).toBeVisible();
      await check(`${theme} landing`);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await check(`${theme} login`);
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
      await check(`${theme} forgot password`);
      await page.goto('/reset-password?token=abc');
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await check(`${theme} reset password`);
      await page.goto('/signup');
      await expect(page.getByRole('form', { name: 'Account Info' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await check(`${theme} signup with errors`);
      expect(found, 'critical or serious axe violations').toEqual([]);
    });

    test(`signed in (${theme}): channel, search, settings tabs, tasks, new workspace`, async ({ ada, general }) => {
      for (const content of [
        'hello **team**, the notes are at https://example.com/notes :tada:',
        '```ts\nconst answer: number = 42; // the usual\n```',
        '> quoted from the spec\n\n- one\n- ~~two~~ `three`\n\n<script>alert("x")</script> stays text',
      ])
        await postMessage(ada.request, general.id, content);
      await ok(await ada.request.post('/api/tasks', { data: { title: 'Write the notes', isTeamTask: true } }), 'task');
      await ok(
        await ada.request.post('/api/channels', { data: { name: 'design-reviews', description: 'Critiques' } }),
        'channel',
      );

      const page = await themed(ada.page, theme);
      const found: string[] = [];
      const check = async (label: string) => found.push(...(await a11yViolations(page, label)));
      await page.goto('/');
      await expect(page.getByTestId('message-list').getByText('stays text')).toBeVisible();
      await check(`${theme} channel`);
      await screenshots(page, `39-markdown-${theme}`, { only: 'desktop' });

      await page.getByRole('button', { name: 'Search messages' }).click();
      const search = page.getByRole('dialog', { name: 'SEARCH MESSAGES' });
      await search.getByRole('combobox', { name: 'Search messages' }).fill('hello');
      await expect(search.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(1);
      await check(`${theme} search dialog`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(search).toHaveCount(0);

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      for (const tab of ['Appearance', 'Profile', 'Reactions', 'Billing', 'Admin']) {
        await settings.getByRole('tab', { name: tab }).click();
        await expect(settings.getByRole('tabpanel', { name: tab })).toBeVisible();
        await check(`${theme} settings ${tab}`);
      }
      await page.keyboard.press('Escape');
      await expect(settings).toHaveCount(0);

      // the quick switcher finds a channel by a fuzzy name and opens it from the keyboard
      await page.keyboard.press('Control+k');
      const jump = page.getByRole('dialog', { name: 'Jump to' });
      await jump.getByRole('combobox').fill('dsgnrev');
      await expect(jump.getByRole('option', { name: /design-reviews/ })).toBeVisible();
      await check(`${theme} quick switcher`);
      if (theme === 'cyberpunk') await screenshots(page, '37-quick-switcher', { only: 'desktop' });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: /design-reviews/ })).toBeVisible();
      await page.keyboard.press('Control+/');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await check(`${theme} shortcuts`);
      if (theme === 'cyberpunk') await screenshots(page, '38-shortcuts', { only: 'desktop' });
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Workspace settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Workspace Settings' })).toBeVisible();
      await check(`${theme} workspace settings`);
      await page.keyboard.press('Escape');

      await page.goto('/tasks');
      await expect(page.getByText('Write the notes').first()).toBeVisible();
      await check(`${theme} tasks`);

      await page.goto('/create-workspace');
      await expect(page.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
      await check(`${theme} new workspace`);
      expect(found, 'critical or serious axe violations').toEqual([]);
    });
  }

  test('main screens in all nine themes: landing, channel with a pinned Markdown message, mentions, tasks', async ({
    ada,
    general,
    newContext,
  }) => {
    const pinned = await postMessage(
      ada.request,
      general.id,
      'the **plan**: ship `v2` on [Friday](https://example.com)',
    );
    await ok(await ada.request.post(`/api/messages/${pinned.id}/pin`), 'pin');
    // a mention (Electric Purple's one contrast fault was its highlight) and a channel link
    await postMessage(ada.request, general.id, `@${ada.username} and @channel: notes in #general`);
    await postMessage(ada.request, general.id, '> a quote, a list:\n\n- one\n- two');
    // nine themes of six screens with axe on each: more than the default time of one journey
    test.setTimeout(300_000);
    const visitor = await (await newContext()).newPage();
    await visitor.goto('/');
    await ada.page.goto('/');
    const found: string[] = [];
    for (const theme of ALL_THEMES) {
      for (const p of [ada.page, visitor]) {
        await p.evaluate(
          (t) =>
            (
              globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
            ).localStorage.setItem('theme', t),
          theme,
        );
      }
      const check = async (page: Page, label: string) => found.push(...(await a11yViolations(page, label)));
      await visitor.goto('/');
      await expect(visitor.getByRole('heading', { name: "Talk Like It's Tomorrow." })).toBeVisible();
      await check(visitor, `${theme} landing`);
      const page = ada.page;
      await page.goto(`/channel/${general.id}`);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.getByTestId('message-list').getByText('a quote, a list:')).toBeVisible();
      await check(page, `${theme} channel`);
      await page.getByRole('button', { name: '1 pinned message' }).click();
      // the pinned text rendered as Markdown, as in the channel
      await expect(
        page.getByRole('dialog', { name: 'Pinned messages' }).getByTestId('pinned-text').locator('strong'),
      ).toHaveText('plan');
      if (theme === 'electric-purple') await screenshots(page, 'pins-markdown-electric-purple', { only: 'desktop' });
      await check(page, `${theme} pinned messages`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await expect(
        page.getByRole('dialog', { name: 'Settings' }).getByRole('tabpanel', { name: 'Appearance' }),
      ).toBeVisible();
      await check(page, `${theme} settings`);
      await page.keyboard.press('Escape');
      await page.goto('/mentions');
      await expect(page.getByRole('heading', { name: 'Mentions & reactions' })).toBeVisible();
      await check(page, `${theme} mentions`);
      await page.goto('/tasks');
      await expect(page.getByRole('heading', { name: /tasks/i }).first()).toBeVisible();
      await check(page, `${theme} tasks`);
    }
    expect(found, 'critical or serious axe violations').toEqual([]);
  });

  test('gives a visitor whose system prefers light the light theme', async ({ newContext }) => {
    const light = await newContext({ colorScheme: 'light' });
    const page = await light.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // the theme is a class on the root element (set by the theme code, not a stylesheet's class name)
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });
});
