// Editing and deleting messages with two browsers: Ada edits in place (toolbar and ↑ in an empty composer), deletes
// after confirming, and leaves a thread root as a tombstone; Grace sees each change live. Screenshots at 1440×900 and
// 390×844.
import { testPool } from '@teamchat/testing';
import type { Page } from '@playwright/test';
import { expect, test, type ChannelRow, type Member } from '../fixtures.js';
import { postMessage, screenshots } from '../support.js';

const row = (page: Page, text: string) =>
  page.getByTestId('message-list').getByTestId('message-row').filter({ hasText: text });
const action = async (page: Page, text: string, name: 'Edit' | 'Delete') => {
  await row(page, text).hover();
  await row(page, text).getByRole('toolbar', { name: 'Message actions' }).getByRole('button', { name }).click();
};
const shot = (page: Page, name: string, restore?: () => Promise<void>) =>
  screenshots(page, `edit-delete-${name}`, { restore });

/** The release chat both open: two messages from Ada between two from Grace. */
const releaseChat = async (ada: Member, grace: Member, general: ChannelRow) => {
  await postMessage(grace.request, general.id, 'Morning! Who has the release checklist?');
  await postMessage(ada.request, general.id, 'I have it, shipping at 15:00');
  await postMessage(ada.request, general.id, 'Ignore the build at 14:00, it was a test');
  await postMessage(grace.request, general.id, 'Thanks Ada');
  await Promise.all([ada.page.goto(`/channel/${general.id}`), grace.page.goto(`/channel/${general.id}`)]);
  await Promise.all([
    expect(row(ada.page, 'Thanks Ada')).toBeVisible(),
    expect(row(grace.page, 'Thanks Ada')).toBeVisible(),
  ]);
};

test.use({ workspaceName: 'Engines' });

test.describe('edit and delete journey: Ada changes her messages, Grace sees it live', () => {
  test('offers Edit and Delete on her own messages only (Grace, not an admin, gets neither on Ada’s)', async ({
    ada,
    grace,
    general,
  }) => {
    await releaseChat(ada, grace, general);
    await row(grace.page, 'I have it').hover();
    const toolbar = row(grace.page, 'I have it').getByRole('toolbar', { name: 'Message actions' });
    await expect(toolbar.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(toolbar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // Ada administers the workspace: she may delete Grace's message, but not edit it
    await row(ada.page, 'Thanks Ada').hover();
    const hers = row(ada.page, 'Thanks Ada').getByRole('toolbar', { name: 'Message actions' });
    await expect(hers.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(hers.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });

  test('edits in place with Enter; Grace sees the new text and "(edited)" live', async ({ ada, grace, general }) => {
    await releaseChat(ada, grace, general);
    await action(ada.page, 'I have it', 'Edit');
    const editor = ada.page.getByRole('textbox', { name: 'Edit message' });
    await expect(editor).toHaveValue('I have it, shipping at 15:00');
    await editor.fill('I have it, shipping at **16:00** instead');
    await shot(ada.page, '01-editor');
    await editor.press('Enter');
    await expect(editor).toHaveCount(0);

    await expect(row(ada.page, 'shipping at 16:00 instead').getByText('(edited)')).toBeVisible();
    const theirs = row(grace.page, 'shipping at 16:00 instead');
    await expect(theirs.getByText('(edited)')).toBeVisible();
    await expect(theirs.locator('strong')).toHaveText('16:00');
    await expect(theirs.getByText('(edited)')).toHaveAttribute('title', /^Edited /);
    await expect(row(grace.page, 'shipping at 15:00')).toHaveCount(0);
    await shot(grace.page, '02-edited-seen-by-grace');
  });

  test('edits the last message with ↑ in an empty composer, and Esc leaves it as it was', async ({
    ada,
    grace,
    general,
  }) => {
    await releaseChat(ada, grace, general);
    const page = ada.page;
    const id = await row(page, 'Ignore the build').getAttribute('data-message-id');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.click();
    await composer.press('ArrowUp');
    // the row of her last message (its text is now in the editor)
    const editor = page.locator(`[data-message-id="${id}"]`).getByRole('textbox', { name: 'Edit message' });
    await expect(editor).toBeVisible();
    await editor.fill('this will not be kept');
    await editor.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(row(page, 'Ignore the build at 14:00, it was a test')).toBeVisible();
    await expect(row(page, 'Ignore the build').getByText('(edited)')).toHaveCount(0);
    await expect(composer).toBeFocused();
  });

  test('deletes after confirming; the message disappears for Grace too', async ({ ada, grace, general }) => {
    await releaseChat(ada, grace, general);
    await action(ada.page, 'Ignore the build', 'Delete');
    const dialog = ada.page.getByRole('alertdialog', { name: 'Delete message?' });
    await expect(dialog).toBeVisible();
    await shot(ada.page, '03-confirm', async () => {
      if (!(await dialog.isVisible())) await action(ada.page, 'Ignore the build', 'Delete');
      await expect(dialog).toBeVisible();
    });
    // Cancel first: nothing happens
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(grace.page, 'Ignore the build')).toHaveCount(1);

    await action(ada.page, 'Ignore the build', 'Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row(ada.page, 'Ignore the build')).toHaveCount(0);
    await expect(row(grace.page, 'Ignore the build')).toHaveCount(0);
    await expect(row(grace.page, 'Thanks Ada')).toBeVisible();
  });

  test('leaves a message with thread replies as "This message was deleted." for both', async ({
    ada,
    grace,
    general,
    stack,
  }) => {
    await releaseChat(ada, grace, general);
    expect(ada.id).not.toBe(grace.id);
    const root = await postMessage(ada.request, general.id, 'Retro topics go in this thread');
    // a reply written straight into the database, so the root is deleted with replies under it
    const db = testPool(stack.databaseUrl);
    try {
      await db.query(
        `INSERT INTO "chat"."message" ("workspace_id", "channel_id", "user_id", "content", "thread_id")
         VALUES ($1, $2, $3, 'The flaky deploy', $4)`,
        [ada.workspaceId, general.id, grace.id, root.id],
      );
      await db.query(
        `UPDATE "chat"."message" SET "reply_count" = 1, "last_reply_at" = now(), "reply_user_ids" = ARRAY[$2::uuid],
           "updated_at" = now() WHERE "id" = $1`,
        [root.id, grace.id],
      );
    } finally {
      await db.end();
    }
    await Promise.all([ada.page.reload(), grace.page.reload()]);
    await Promise.all([
      expect(row(ada.page, 'Retro topics')).toBeVisible(),
      expect(row(grace.page, 'Retro topics')).toBeVisible(),
    ]);
    await action(ada.page, 'Retro topics', 'Delete');
    await ada.page
      .getByRole('alertdialog', { name: 'Delete message?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    for (const page of [ada.page, grace.page]) {
      const tombstone = page.getByTestId('message-list').getByText('This message was deleted.');
      await expect(tombstone).toHaveCSS('font-style', 'italic');
    }
    await expect(row(grace.page, 'Retro topics')).toHaveCount(0);
    await shot(grace.page, '04-tombstone-seen-by-grace');
  });
});
