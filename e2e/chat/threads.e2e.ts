// Threads with two browsers: Ada replies in a thread from the message toolbar, Grace sees "1 reply" live under the
// root, opens the thread and answers with "Also send to channel"; Ada sees it in her panel and in the channel, and a
// later reply counts as unread for her until she opens the thread. Screenshots at 1440×900 and 390×844.
import type { Page } from '@playwright/test';
import { expect, test, type ChannelRow, type Member } from '../fixtures.js';
import { postMessage, screenshots } from '../support.js';

const channelRow = (page: Page, text: string) =>
  page.getByTestId('message-list').getByTestId('message-row').filter({ hasText: text });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Thread' });
const panelRow = (page: Page, text: string) => panel(page).getByTestId('message-row').filter({ hasText: text });
const shot = (page: Page, name: string, restore?: () => Promise<void>) =>
  screenshots(page, `threads-${name}`, { restore });

const ROOT = 'Shall we ship the analytical engine on Friday?';

/** The channel as both find it: Grace's greeting, Ada's question, Grace's reply; both pages open on it. */
const conversation = async (ada: Member, grace: Member, general: ChannelRow) => {
  await postMessage(grace.request, general.id, 'Morning all');
  const root = await postMessage(ada.request, general.id, ROOT);
  await postMessage(grace.request, general.id, 'Coffee first');
  await Promise.all([ada.page.goto(`/channel/${general.id}`), grace.page.goto(`/channel/${general.id}`)]);
  await Promise.all([
    expect(channelRow(ada.page, 'Coffee first')).toBeVisible(),
    expect(channelRow(grace.page, 'Coffee first')).toBeVisible(),
  ]);
  return root;
};

test.use({ workspaceName: 'Engines' });

test.describe('threads journey: Ada and Grace talk in a thread', () => {
  test('Ada replies in a thread from the toolbar; Grace sees "1 reply" under the root live', async ({
    ada,
    grace,
    general,
  }) => {
    await conversation(ada, grace, general);
    const root = channelRow(ada.page, 'Shall we ship');
    await root.hover();
    await root
      .getByRole('toolbar', { name: 'Message actions' })
      .getByRole('button', { name: 'Reply in thread' })
      .click();
    await expect(panel(ada.page).getByRole('heading', { name: 'Thread' })).toBeVisible();
    // the thread panel took the widget panel's place
    await expect(ada.page.getByRole('heading', { name: 'PANEL' })).toHaveCount(0);
    await expect(panelRow(ada.page, 'Shall we ship')).toBeVisible();

    const reply = panel(ada.page).getByRole('textbox', { name: 'Reply' });
    await reply.fill('Yes, once the **review** is done');
    await reply.press('Enter');
    await expect(panelRow(ada.page, 'once the review is done')).toBeVisible();
    await expect(reply).toHaveValue('');
    // a thread-only reply stays out of the channel
    await expect(channelRow(ada.page, 'once the review is done')).toHaveCount(0);
    await shot(ada.page, '01-ada-panel');

    const summary = channelRow(grace.page, 'Shall we ship').getByRole('button', { name: /1 reply/ });
    await expect(summary).toHaveText(/Last reply at \d\d:\d\d/);
    await expect(channelRow(grace.page, 'once the review is done')).toHaveCount(0);
    await shot(grace.page, '02-grace-sees-1-reply');
  });

  test('Grace opens the thread and replies with "Also send to channel"; Ada sees it in the thread and the channel', async ({
    ada,
    grace,
    general,
  }) => {
    const root = await conversation(ada, grace, general);
    await postMessage(ada.request, general.id, { content: 'Yes, once the **review** is done', threadId: root.id });
    // Ada has the thread open
    await channelRow(ada.page, 'Shall we ship')
      .getByRole('button', { name: /1 reply/ })
      .click();
    await expect(panelRow(ada.page, 'once the review is done')).toBeVisible();

    await channelRow(grace.page, 'Shall we ship')
      .getByRole('button', { name: /1 reply/ })
      .click();
    await expect(panelRow(grace.page, 'once the review is done')).toBeVisible();
    await panel(grace.page).getByRole('checkbox', { name: 'Also send to channel' }).check();
    const reply = panel(grace.page).getByRole('textbox', { name: 'Reply' });
    await reply.fill('Agreed, Friday it is');
    await reply.press('Enter');
    await expect(panelRow(grace.page, 'Friday it is')).toBeVisible();
    await expect(panel(grace.page).getByRole('checkbox', { name: 'Also send to channel' })).not.toBeChecked();

    // in the channel for both, with its link to the thread
    for (const page of [grace.page, ada.page]) {
      const inChannel = channelRow(page, 'Friday it is');
      await expect(inChannel.getByRole('button', { name: 'replied to a thread' })).toBeVisible();
      await expect(channelRow(page, 'Shall we ship').getByRole('button', { name: /2 replies/ })).toBeVisible();
    }
    // and live in Ada's open panel
    await expect(panelRow(ada.page, 'Friday it is')).toBeVisible();
    await shot(grace.page, '03-grace-panel', async () => {
      if (!(await panel(grace.page).isVisible())) {
        await channelRow(grace.page, 'Shall we ship')
          .getByRole('button', { name: /2 replies/ })
          .click();
      }
      await expect(panelRow(grace.page, 'Friday it is')).toBeVisible();
    });
  });

  test('closes with Esc; a later reply is unread for Ada until she opens the thread', async ({
    ada,
    grace,
    general,
  }) => {
    const root = await conversation(ada, grace, general);
    await postMessage(ada.request, general.id, { content: 'Yes, once the **review** is done', threadId: root.id });
    await postMessage(grace.request, general.id, { content: 'Agreed, Friday it is', threadId: root.id });

    await channelRow(grace.page, 'Shall we ship')
      .getByRole('button', { name: /2 replies/ })
      .click();
    await expect(panelRow(grace.page, 'Friday it is')).toBeVisible();
    await grace.page.keyboard.press('Escape');
    await expect(panel(grace.page)).toHaveCount(0);
    await expect(grace.page.getByRole('heading', { name: 'PANEL' })).toBeVisible();

    await channelRow(ada.page, 'Shall we ship')
      .getByRole('button', { name: /2 replies/ })
      .click();
    await expect(panelRow(ada.page, 'Friday it is')).toBeVisible();
    await panel(ada.page).getByRole('button', { name: 'Close thread' }).click();
    await expect(panel(ada.page)).toHaveCount(0);
    await postMessage(grace.request, general.id, { content: 'One more thing: the punch cards', threadId: root.id });

    const summary = channelRow(ada.page, 'Shall we ship').getByRole('button', { name: /3 replies/ });
    await expect(summary.getByTestId('thread-unread')).toHaveText('1 unread');
    await shot(ada.page, '04-ada-unread-reply');

    await summary.click();
    await expect(panelRow(ada.page, 'punch cards')).toBeVisible();
    await expect(channelRow(ada.page, 'Shall we ship').getByTestId('thread-unread')).toHaveCount(0);
    await expect
      .poll(async () =>
        ((await (await ada.request.get('/api/threads')).json()) as { unreadCount: number }[]).map((t) => t.unreadCount),
      )
      .toEqual([0]);
  });
});
