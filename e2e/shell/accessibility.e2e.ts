// axe-core over every screen and dialog, in the default dark theme and in the light one: no critical or serious
// violation anywhere (WCAG 2.1 A/AA rules and axe's best practices).
import type { TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  a11yViolations,
  aPerson,
  screenshots,
  launchBrowser,
  newContext,
  signUpOverApi,
  startShellStack,
  type Person,
} from './support.js';

const THEMES = ['cyberpunk', 'light'] as const;

describe('accessibility of every screen (axe-core, two themes)', () => {
  let stack: TestStack;
  let browser: Browser;
  let visitor: BrowserContext;
  let member: BrowserContext;
  let page: Page;
  let ada: Person;
  const found: string[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startShellStack(), launchBrowser()]);
    visitor = await newContext(browser, stack.url);
    member = await newContext(browser, stack.url);
    ada = aPerson('Ada', 'Lovelace');
    await signUpOverApi(member.request, ada, 'Analytical Engines');
    const channels = (await (await member.request.get('/api/channels')).json()) as { id: string }[];
    for (const content of [
      'hello **team**, the notes are at https://example.com/notes :tada:',
      '```ts\nconst answer: number = 42; // the usual\n```',
      '> quoted from the spec\n\n- one\n- ~~two~~ `three`\n\n<script>alert("x")</script> stays text',
    ])
      await member.request.post(`/api/channels/${channels[0].id}/messages`, { data: { content } });
    await member.request.post('/api/tasks', { data: { title: 'Write the notes', isTeamTask: true } });
    await member.request.post('/api/channels', { data: { name: 'design-reviews', description: 'Critiques' } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** Sets the theme before the page's scripts run (as a returning user who picked it). The light theme is also what
   *  a light system gets by default, checked on the login page below. */
  const themed = async (context: BrowserContext, theme: string) => {
    const p = await context.newPage();
    await p.addInitScript(
      (t) =>
        (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
          'theme',
          t,
        ),
      theme,
    );
    return p;
  };

  const check = async (label: string) => {
    // entry animations and lazy chunks settle first
    await page.waitForTimeout(300);
    found.push(...(await a11yViolations(page, label)));
  };

  for (const theme of THEMES) {
    it(`signed out (${theme}): landing, login, forgotten password, signup`, async () => {
      page = await themed(visitor, theme);
      await page.goto('/');
      await page.getByRole('heading', { name: "Talk Like It's Tomorrow." }).waitFor();
      await check(`${theme} landing`);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await check(`${theme} login`);
      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await check(`${theme} forgot password`);
      await page.goto('/reset-password?token=abc');
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await check(`${theme} reset password`);
      await page.goto('/signup');
      await page.getByRole('form', { name: 'Account Info' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('First name is required').waitFor();
      await check(`${theme} signup with errors`);
      await page.close();
    });

    it(`signed in (${theme}): channel, search, settings tabs, tasks, new workspace`, async () => {
      page = await themed(member, theme);
      await page.goto('/');
      await page.getByText('hello').first().waitFor();
      await check(`${theme} channel`);
      await screenshots(page, `39-markdown-${theme}`, { only: 'desktop' });

      await page.getByRole('button', { name: 'Search messages' }).click();
      await page.getByRole('dialog', { name: 'SEARCH MESSAGES' }).waitFor();
      await page.getByRole('combobox', { name: 'Search messages' }).fill('hello');
      await page.waitForTimeout(400);
      await check(`${theme} search dialog`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('tab').first().waitFor();
      for (const tab of ['Appearance', 'Profile', 'Reactions', 'Billing', 'Admin']) {
        await settings.getByRole('tab', { name: tab }).click();
        await check(`${theme} settings ${tab}`);
      }
      await page.keyboard.press('Escape');

      // the quick switcher finds a channel by a fuzzy name and opens it from the keyboard
      await page.keyboard.press('Control+k');
      const jump = page.getByRole('dialog', { name: 'Jump to' });
      await jump.getByRole('combobox').fill('dsgnrev');
      await jump.getByRole('option', { name: /design-reviews/ }).waitFor();
      await check(`${theme} quick switcher`);
      if (theme === 'cyberpunk') await screenshots(page, '37-quick-switcher', { only: 'desktop' });
      await page.keyboard.press('Enter');
      await page
        .getByRole('heading', { name: /design-reviews/ })
        .or(page.getByText('#design-reviews').first())
        .first()
        .waitFor();
      await page.keyboard.press('Control+/');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await check(`${theme} shortcuts`);
      if (theme === 'cyberpunk') await screenshots(page, '38-shortcuts', { only: 'desktop' });
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Workspace settings' }).click();
      await page.getByRole('dialog', { name: 'Workspace Settings' }).waitFor();
      await check(`${theme} workspace settings`);
      await page.keyboard.press('Escape');

      await page.goto('/tasks');
      await page.getByText('Write the notes').first().waitFor();
      await check(`${theme} tasks`);

      await page.goto('/create-workspace');
      await page.getByRole('button', { name: 'Create Workspace' }).waitFor();
      await check(`${theme} new workspace`);
      await page.close();
    });
  }

  it('gives a visitor whose system prefers light the light theme', async () => {
    const light = await browser.newContext({ baseURL: stack.url, colorScheme: 'light' });
    const p = await light.newPage();
    await p.goto('/login');
    await p.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(
      await p.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { className: string } } }).document.documentElement
            .className,
      ),
    ).toContain('light');
    await light.close();
  });

  it('found no critical or serious violation', () => {
    expect(found).toEqual([]);
  });
});
