// Editing and deleting messages with two browsers: Ada edits in place (toolbar and ↑ in an empty composer), deletes
// after confirming, and leaves a thread root as a tombstone; Grace sees each change live. Screenshots at 1440×900 and
// 390×844.
import { testPool, type TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, screenshots, startTeamChat } from '../shell/support.js';

describe('edit and delete journey: Ada changes her messages, Grace sees it live', () => {
  let stack: TestStack;
  let browser: Browser;
  let adaCtx: BrowserContext;
  let graceCtx: BrowserContext;
  let ada: Page;
  let grace: Page;
  let general: string;
  let workspaceId: string;
  let adaId: string;
  let graceId: string;

  const row = (page: Page, text: string) =>
    page.getByTestId('message-list').getByTestId('message-row').filter({ hasText: text });
  const post = async (ctx: BrowserContext, content: string): Promise<{ id: string }> => {
    const res = await ctx.request.post(`/api/channels/${general}/messages`, { data: { content } });
    if (!res.ok()) throw new Error(`post: ${res.status()} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const action = async (page: Page, text: string, name: 'Edit' | 'Delete') => {
    await row(page, text).hover();
    await row(page, text).getByRole('toolbar', { name: 'Message actions' }).getByRole('button', { name }).click();
  };
  const shot = (page: Page, name: string, restore?: () => Promise<void>) =>
    screenshots(page, `edit-delete-${name}`, { restore });

  beforeAll(async () => {
    const team = await startTeamChat({ workspaceName: 'Engines' });
    ({ stack, browser, adaCtx, graceCtx } = team);
    general = team.general.id;
    ({ id: adaId, workspaceId } = team.ada);
    graceId = team.grace.id;

    await post(graceCtx, 'Morning! Who has the release checklist?');
    await post(adaCtx, 'I have it, shipping at 15:00');
    await post(adaCtx, 'Ignore the build at 14:00, it was a test');
    await post(graceCtx, 'Thanks Ada');

    [ada, grace] = await Promise.all([adaCtx.newPage(), graceCtx.newPage()]);
    await Promise.all([ada.goto(`/channel/${general}`), grace.goto(`/channel/${general}`)]);
    await Promise.all([row(ada, 'Thanks Ada').waitFor(), row(grace, 'Thanks Ada').waitFor()]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('offers Edit and Delete on her own messages only (Grace, not an admin, gets neither on Ada’s)', async () => {
    await row(grace, 'I have it').hover();
    const toolbar = row(grace, 'I have it').getByRole('toolbar', { name: 'Message actions' });
    await toolbar.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await toolbar.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await toolbar.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // Ada administers the workspace: she may delete Grace's message, but not edit it
    await row(ada, 'Thanks Ada').hover();
    const hers = row(ada, 'Thanks Ada').getByRole('toolbar', { name: 'Message actions' });
    await hers.getByRole('button', { name: 'Delete' }).waitFor();
    expect(await hers.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });

  it('edits in place with Enter; Grace sees the new text and "(edited)" live', async () => {
    await action(ada, 'I have it', 'Edit');
    const editor = ada.getByRole('textbox', { name: 'Edit message' });
    await editor.waitFor();
    expect(await editor.inputValue()).toBe('I have it, shipping at 15:00');
    await editor.fill('I have it, shipping at **16:00** instead');
    await shot(ada, '01-editor');
    await editor.press('Enter');
    await editor.waitFor({ state: 'detached' });

    const mine = row(ada, 'shipping at 16:00 instead');
    await mine.getByText('(edited)').waitFor();
    const theirs = row(grace, 'shipping at 16:00 instead');
    await theirs.getByText('(edited)').waitFor();
    expect(await theirs.locator('strong').textContent()).toBe('16:00');
    expect(await theirs.getByText('(edited)').getAttribute('title')).toMatch(/^Edited /);
    expect(await row(grace, 'shipping at 15:00').count()).toBe(0);
    await shot(grace, '02-edited-seen-by-grace');
  });

  it('edits the last message with ↑ in an empty composer, and Esc leaves it as it was', async () => {
    const id = await row(ada, 'Ignore the build').getAttribute('data-message-id');
    const composer = ada.getByRole('textbox', { name: 'Message' });
    await composer.click();
    await composer.press('ArrowUp');
    // the row of her last message (its text is now in the editor)
    const editor = ada.locator(`[data-message-id="${id}"]`).getByRole('textbox', { name: 'Edit message' });
    await editor.waitFor();
    await editor.fill('this will not be kept');
    await editor.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await row(ada, 'Ignore the build at 14:00, it was a test').waitFor();
    expect(await row(ada, 'Ignore the build').getByText('(edited)').count()).toBe(0);
    await ada.waitForFunction(`document.activeElement?.getAttribute('aria-label') === 'Message'`);
  });

  it('deletes after confirming; the message disappears for Grace too', async () => {
    await action(ada, 'Ignore the build', 'Delete');
    const dialog = ada.getByRole('alertdialog', { name: 'Delete message?' });
    await dialog.waitFor();
    await shot(ada, '03-confirm', async () => {
      if (!(await dialog.isVisible())) await action(ada, 'Ignore the build', 'Delete');
      await dialog.waitFor();
    });
    // Cancel first: nothing happens
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(grace, 'Ignore the build').count()).toBe(1);

    await action(ada, 'Ignore the build', 'Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await row(ada, 'Ignore the build').waitFor({ state: 'detached' });
    await row(grace, 'Ignore the build').waitFor({ state: 'detached' });
    await row(grace, 'Thanks Ada').waitFor();
  });

  it('leaves a message with thread replies as "This message was deleted." for both', async () => {
    const root = await post(adaCtx, 'Retro topics go in this thread');
    const db = testPool(stack.databaseUrl);
    try {
      await db.query(
        `INSERT INTO "chat"."message" ("workspace_id", "channel_id", "user_id", "content", "thread_id")
         VALUES ($1, $2, $3, 'The flaky deploy', $4)`,
        [workspaceId, general, graceId, root.id],
      );
      await db.query(
        `UPDATE "chat"."message" SET "reply_count" = 1, "last_reply_at" = now(), "reply_user_ids" = ARRAY[$2::uuid],
           "updated_at" = now() WHERE "id" = $1`,
        [root.id, graceId],
      );
    } finally {
      await db.end();
    }
    await Promise.all([ada.reload(), grace.reload()]);
    await Promise.all([row(ada, 'Retro topics').waitFor(), row(grace, 'Retro topics').waitFor()]);
    await action(ada, 'Retro topics', 'Delete');
    await ada.getByRole('alertdialog', { name: 'Delete message?' }).getByRole('button', { name: 'Delete' }).click();
    for (const page of [ada, grace]) {
      const tombstone = page.getByTestId('message-list').getByText('This message was deleted.');
      await tombstone.waitFor();
      expect(await tombstone.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).fontStyle)).toBe(
        'italic',
      );
    }
    expect(await row(grace, 'Retro topics').count()).toBe(0);
    await shot(grace, '04-tombstone-seen-by-grace');
    expect(adaId).not.toBe(graceId);
    expect(cspViolations()).toEqual([]);
  });
});
