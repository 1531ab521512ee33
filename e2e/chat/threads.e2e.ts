// Threads with two browsers: Ada replies in a thread from the message toolbar, Grace sees "1 reply" live under the
// root, opens the thread and answers with "Also send to channel"; Ada sees it in her panel and in the channel, and a
// later reply counts as unread for her until she opens the thread. Screenshots at 1440×900 and 390×844.
import type { TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, screenshots, startTeamChat } from '../shell/support.js';

describe('threads journey: Ada and Grace talk in a thread', () => {
  let stack: TestStack;
  let browser: Browser;
  let adaCtx: BrowserContext;
  let graceCtx: BrowserContext;
  let ada: Page;
  let grace: Page;
  let general: string;

  const channelRow = (page: Page, text: string) =>
    page.getByTestId('message-list').getByTestId('message-row').filter({ hasText: text });
  const panel = (page: Page) => page.getByRole('complementary', { name: 'Thread' });
  const panelRow = (page: Page, text: string) => panel(page).getByTestId('message-row').filter({ hasText: text });
  const post = async (ctx: BrowserContext, data: Record<string, unknown>): Promise<{ id: string }> => {
    const res = await ctx.request.post(`/api/channels/${general}/messages`, { data });
    if (!res.ok()) throw new Error(`post: ${res.status()} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const shot = (page: Page, name: string, restore?: () => Promise<void>) =>
    screenshots(page, `threads-${name}`, { restore });

  beforeAll(async () => {
    const team = await startTeamChat({ workspaceName: 'Engines' });
    ({ stack, browser, adaCtx, graceCtx } = team);
    general = team.general.id;

    await post(graceCtx, { content: 'Morning all' });
    await post(adaCtx, { content: 'Shall we ship the analytical engine on Friday?' });
    await post(graceCtx, { content: 'Coffee first' });

    [ada, grace] = await Promise.all([adaCtx.newPage(), graceCtx.newPage()]);
    await Promise.all([ada.goto(`/channel/${general}`), grace.goto(`/channel/${general}`)]);
    await Promise.all([channelRow(ada, 'Coffee first').waitFor(), channelRow(grace, 'Coffee first').waitFor()]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('Ada replies in a thread from the toolbar; Grace sees "1 reply" under the root live', async () => {
    const root = channelRow(ada, 'Shall we ship');
    await root.hover();
    await root
      .getByRole('toolbar', { name: 'Message actions' })
      .getByRole('button', { name: 'Reply in thread' })
      .click();
    await panel(ada).getByRole('heading', { name: 'Thread' }).waitFor();
    // the thread panel took the widget panel's place
    expect(await ada.getByRole('heading', { name: 'PANEL' }).count()).toBe(0);
    await panelRow(ada, 'Shall we ship').waitFor();

    const reply = panel(ada).getByRole('textbox', { name: 'Reply' });
    await reply.fill('Yes, once the **review** is done');
    await reply.press('Enter');
    await panelRow(ada, 'once the review is done').waitFor();
    expect(await reply.inputValue()).toBe('');
    // a thread-only reply stays out of the channel
    expect(await channelRow(ada, 'once the review is done').count()).toBe(0);
    await shot(ada, '01-ada-panel');

    const summary = channelRow(grace, 'Shall we ship').getByRole('button', { name: /1 reply/ });
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/Last reply at \d\d:\d\d/);
    expect(await channelRow(grace, 'once the review is done').count()).toBe(0);
    await shot(grace, '02-grace-sees-1-reply');
  });

  it('Grace opens the thread and replies with "Also send to channel"; Ada sees it in the thread and the channel', async () => {
    await channelRow(grace, 'Shall we ship')
      .getByRole('button', { name: /1 reply/ })
      .click();
    await panelRow(grace, 'once the review is done').waitFor();
    await panel(grace).getByRole('checkbox', { name: 'Also send to channel' }).check();
    const reply = panel(grace).getByRole('textbox', { name: 'Reply' });
    await reply.fill('Agreed, Friday it is');
    await reply.press('Enter');
    await panelRow(grace, 'Friday it is').waitFor();
    expect(await panel(grace).getByRole('checkbox', { name: 'Also send to channel' }).isChecked()).toBe(false);

    // in the channel for both, with its link to the thread
    for (const page of [grace, ada]) {
      const inChannel = channelRow(page, 'Friday it is');
      await inChannel.waitFor();
      await inChannel.getByRole('button', { name: 'replied to a thread' }).waitFor();
      await channelRow(page, 'Shall we ship')
        .getByRole('button', { name: /2 replies/ })
        .waitFor();
    }
    // and live in Ada's open panel
    await panelRow(ada, 'Friday it is').waitFor();
    await shot(grace, '03-grace-panel', async () => {
      if (!(await panel(grace).isVisible())) {
        await channelRow(grace, 'Shall we ship')
          .getByRole('button', { name: /2 replies/ })
          .click();
      }
      await panelRow(grace, 'Friday it is').waitFor();
    });
  });

  it('closes with Esc; a later reply is unread for Ada until she opens the thread', async () => {
    await panel(grace).waitFor();
    await grace.keyboard.press('Escape');
    await panel(grace).waitFor({ state: 'detached' });
    await grace.getByRole('heading', { name: 'PANEL' }).waitFor();

    await panel(ada).getByRole('button', { name: 'Close thread' }).click();
    await panel(ada).waitFor({ state: 'detached' });
    const rootId = await channelRow(ada, 'Shall we ship').getAttribute('data-message-id');
    await post(graceCtx, { content: 'One more thing: the punch cards', threadId: rootId });

    const summary = channelRow(ada, 'Shall we ship').getByRole('button', { name: /3 replies/ });
    await summary.getByTestId('thread-unread').waitFor();
    expect(await summary.getByTestId('thread-unread').textContent()).toBe('1 unread');
    await shot(ada, '04-ada-unread-reply');

    await summary.click();
    await panelRow(ada, 'punch cards').waitFor();
    await channelRow(ada, 'Shall we ship').getByTestId('thread-unread').waitFor({ state: 'detached' });
    const unread = (await (await adaCtx.request.get('/api/threads')).json()) as { unreadCount: number }[];
    expect(unread.map((t) => t.unreadCount)).toEqual([0]);
    expect(cspViolations()).toEqual([]);
  });
});
