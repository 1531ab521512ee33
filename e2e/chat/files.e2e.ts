// File attachments with two browsers: Ada attaches a small PDF (a chip with its name and size before sending), sends
// it; Grace sees the file card arrive live and downloads it under its original name. Screenshots at 1440×900 and
// 390×844.
import type { TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, MOBILE, screenshots, startTeamChat } from '../shell/support.js';

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

describe('files journey: Ada sends a PDF, Grace sees its card live and downloads it by name', () => {
  let stack: TestStack;
  let browser: Browser;
  let adaCtx: BrowserContext;
  let graceCtx: BrowserContext;
  let ada: Page;
  let grace: Page;
  let general: string;
  const PDF = pdfBytes();
  const NAME = 'Engine plans Q3.pdf';

  const card = (page: Page) =>
    page.getByTestId('message-list').getByTestId('message-row').getByTestId('file-card').filter({ hasText: NAME });

  beforeAll(async () => {
    const team = await startTeamChat({ workspaceName: 'Engines' });
    ({ stack, browser, adaCtx, graceCtx } = team);
    general = team.general.id;
    const hello = await graceCtx.request.post(`/api/channels/${general}/messages`, {
      data: { content: 'Could someone share the engine plans?' },
    });
    if (!hello.ok()) throw new Error(`post: ${hello.status()}`);

    [ada, grace] = await Promise.all([adaCtx.newPage(), graceCtx.newPage()]);
    await Promise.all([ada.goto(`/channel/${general}`), grace.goto(`/channel/${general}`)]);
    const row = (page: Page) => page.getByTestId('message-row').filter({ hasText: 'engine plans?' });
    await Promise.all([row(ada).waitFor(), row(grace).waitFor()]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** Attach File from the attach menu, through the browser's file chooser. */
  const attach = async (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) => {
    await page.getByRole('button', { name: 'Attach' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: 'Attach File' }).click();
    await (await chooser).setFiles(file);
  };

  it('shows a pending file as a chip, on a phone too, and lets it be removed before sending', async () => {
    const sheet = { name: 'budget-2025-final-version.xlsx', mimeType: '', buffer: Buffer.alloc(48_000, 1) };
    // the phone layout is another composer: a pending attachment does not survive the switch back
    await ada.setViewportSize(MOBILE);
    await attach(ada, sheet);
    await ada.getByTestId('pending-file').filter({ hasText: '46.9 KB' }).waitFor();
    await ada.getByRole('button', { name: 'Send' }).and(ada.locator(':enabled')).waitFor();
    await screenshots(ada, 'files-00-composer-chip', { only: 'mobile' });
    await attach(ada, sheet);
    const chip = ada.getByTestId('pending-file');
    await ada.getByRole('button', { name: 'Send' }).and(ada.locator(':enabled')).waitFor();
    await chip.getByRole('button', { name: `Remove ${sheet.name}` }).click();
    expect(await chip.count()).toBe(0);
    expect(await ada.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  });

  it('Ada attaches a PDF from the attach menu: a chip with its name and size before sending', async () => {
    await attach(ada, { name: NAME, mimeType: 'application/pdf', buffer: PDF });
    const chip = ada.getByTestId('pending-file');
    await chip.waitFor();
    expect(await chip.textContent()).toContain(NAME);
    expect(await chip.textContent()).toMatch(/\d+ B|KB/);
    await ada.getByRole('button', { name: 'Send' }).and(ada.locator(':enabled')).waitFor();
    await ada.getByRole('textbox', { name: 'Message' }).fill('Here are the **plans**');
    await screenshots(ada, 'files-01-composer-chip', { only: 'desktop' });
    await ada.getByRole('button', { name: 'Send' }).click();
    await card(ada).waitFor();
    expect(await ada.getByTestId('pending-file').count()).toBe(0);
  });

  it('Grace sees the file card arrive live, with the type icon, name, size and type', async () => {
    const seen = card(grace);
    await seen.waitFor({ timeout: 10_000 });
    expect(await seen.textContent()).toContain(`${PDF.length} B · PDF`);
    const link = seen.getByRole('link', { name: `Download ${NAME}` });
    expect(await link.getAttribute('download')).toBe(NAME);
    expect(await seen.locator('svg').count()).toBeGreaterThanOrEqual(2);
    await screenshots(grace, 'files-02-card-seen-by-grace');
    // and in the light theme
    await grace.evaluate(`localStorage.setItem('theme', 'light')`);
    await grace.reload();
    await card(grace).waitFor();
    await screenshots(grace, 'files-03-card-light', { only: 'desktop' });
    await grace.evaluate(`localStorage.setItem('theme', 'cyberpunk')`);
    await grace.reload();
    await card(grace).waitFor();
  });

  it('Grace downloads it under its original name, with the bytes Ada sent', async () => {
    const downloading = grace.waitForEvent('download');
    await card(grace)
      .getByRole('link', { name: `Download ${NAME}` })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(NAME);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(Buffer.compare(readFileSync(path), PDF)).toBe(0);
  });

  it('an HTML file is only ever a download, also when opened directly', async () => {
    const res = await adaCtx.request.post('/api/messages/upload', {
      data: { filename: 'page.html', contentType: 'text/html', size: 30 },
    });
    const { uploadURL, objectPath } = (await res.json()) as { uploadURL: string; objectPath: string };
    const put = await adaCtx.request.put(uploadURL, {
      data: Buffer.from('<script>document.title="x"</script>'),
      headers: { 'content-type': 'text/html' },
    });
    expect(put.ok()).toBe(true);
    const served = await graceCtx.request.get(objectPath);
    expect(served.headers()['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
  });

  it('reported no Content-Security-Policy violation', () => {
    expect(cspViolations()).toEqual([]);
  });
});
