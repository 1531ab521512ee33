// File attachments with two browsers: Ada attaches a small PDF (a chip with its name and size before sending), sends
// it; Grace sees the file card arrive live and downloads it under its original name. Screenshots at 1440×900 and
// 390×844.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type ChannelRow, type Member } from '../fixtures.js';
import { MOBILE, ok, postMessage, screenshots } from '../support.js';

/** A small, valid one-page PDF. */
const pdfBytes = (): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj ${o} endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const PDF = pdfBytes();
const NAME = 'Engine plans Q3.pdf';

const card = (page: Page) =>
  page.getByTestId('message-list').getByTestId('message-row').getByTestId('file-card').filter({ hasText: NAME });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send' });

/** Attach File from the attach menu, through the browser's file chooser. */
const attach = async (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) => {
  await page.getByRole('button', { name: 'Attach' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Attach File' }).click();
  await (await chooser).setFiles(file);
};

/** Grace asks for the plans; both have the channel open. */
const askForPlans = async (ada: Member, grace: Member, general: ChannelRow) => {
  await postMessage(grace.request, general.id, 'Could someone share the engine plans?');
  await Promise.all([ada.page.goto(`/channel/${general.id}`), grace.page.goto(`/channel/${general.id}`)]);
  const asked = (page: Page) => page.getByTestId('message-row').filter({ hasText: 'engine plans?' });
  await Promise.all([expect(asked(ada.page)).toBeVisible(), expect(asked(grace.page)).toBeVisible()]);
};

/** Ada sends the PDF from the attach menu with a line of text. */
const sendPlans = async (page: Page) => {
  await attach(page, { name: NAME, mimeType: 'application/pdf', buffer: PDF });
  const chip = page.getByTestId('pending-file');
  await expect(chip).toContainText(NAME);
  await expect(sendButton(page)).toBeEnabled();
  await page.getByRole('textbox', { name: 'Message' }).fill('Here are the **plans**');
};

test.use({ workspaceName: 'Engines' });

test.describe('files journey: Ada sends a PDF, Grace sees its card live and downloads it by name', () => {
  test('shows a pending file as a chip, on a phone too, and lets it be removed before sending', async ({
    ada,
    grace,
    general,
  }) => {
    await askForPlans(ada, grace, general);
    const page = ada.page;
    const sheet = { name: 'budget-2025-final-version.xlsx', mimeType: '', buffer: Buffer.alloc(48_000, 1) };
    // the phone layout is another composer: a pending attachment does not survive the switch back
    await page.setViewportSize(MOBILE);
    await attach(page, sheet);
    await expect(page.getByTestId('pending-file').filter({ hasText: '46.9 KB' })).toBeVisible();
    await expect(sendButton(page)).toBeEnabled();
    await screenshots(page, 'files-00-composer-chip', { only: 'mobile' });
    await attach(page, sheet);
    const chip = page.getByTestId('pending-file');
    await expect(sendButton(page)).toBeEnabled();
    await chip.getByRole('button', { name: `Remove ${sheet.name}` }).click();
    await expect(chip).toHaveCount(0);
    await expect(sendButton(page)).toBeDisabled();
  });

  test('Ada attaches a PDF from the attach menu: a chip with its name and size before sending', async ({
    ada,
    grace,
    general,
  }) => {
    await askForPlans(ada, grace, general);
    await sendPlans(ada.page);
    await expect(ada.page.getByTestId('pending-file')).toContainText(/\d+ B|KB/);
    await screenshots(ada.page, 'files-01-composer-chip', { only: 'desktop' });
    await sendButton(ada.page).click();
    await expect(card(ada.page)).toBeVisible();
    await expect(ada.page.getByTestId('pending-file')).toHaveCount(0);
  });

  test('Grace sees the file card arrive live, with the type icon, name, size and type', async ({
    ada,
    grace,
    general,
  }) => {
    await askForPlans(ada, grace, general);
    await sendPlans(ada.page);
    await sendButton(ada.page).click();

    const seen = card(grace.page);
    await expect(seen).toContainText(`${PDF.length} B · PDF`);
    await expect(seen.getByRole('link', { name: `Download ${NAME}` })).toHaveAttribute('download', NAME);
    expect(await seen.locator('svg').count()).toBeGreaterThanOrEqual(2);
    await screenshots(grace.page, 'files-02-card-seen-by-grace');
    // and in the light theme
    await grace.page.evaluate(`localStorage.setItem('theme', 'light')`);
    await grace.page.reload();
    await expect(card(grace.page)).toBeVisible();
    await screenshots(grace.page, 'files-03-card-light', { only: 'desktop' });
  });

  test('Grace downloads it under its original name, with the bytes Ada sent', async ({ ada, grace, general }) => {
    await askForPlans(ada, grace, general);
    await sendPlans(ada.page);
    await sendButton(ada.page).click();

    const downloading = grace.page.waitForEvent('download');
    await card(grace.page)
      .getByRole('link', { name: `Download ${NAME}` })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(NAME);
    expect(Buffer.compare(readFileSync(await download.path()), PDF)).toBe(0);
  });

  test('an HTML file is only ever a download, also when opened directly', async ({ ada, grace }) => {
    const { uploadURL, objectPath } = (await ok(
      await ada.request.post('/api/messages/upload', {
        data: { filename: 'page.html', contentType: 'text/html', size: 30 },
      }),
      'upload ticket',
    )) as { uploadURL: string; objectPath: string };
    const put = await ada.request.put(uploadURL, {
      data: Buffer.from('<script>document.title="x"</script>'),
      headers: { 'content-type': 'text/html' },
    });
    expect(put.ok()).toBe(true);
    // until it is posted, the file is its uploader's alone
    expect((await grace.request.get(objectPath)).status()).toBe(404);
    const served = await ada.request.get(objectPath);
    expect(served.headers()['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
  });
});
