// Files by paste and by drop (issue 70): Ada drags a real file (the repository's LICENSE) and a PNG over the channel:
// an overlay covers the window while they are over it, and dropping attaches both (the picture previewed, the file
// as a chip) through the same upload path as Attach; she sends them and the message shows the picture and the file
// card. Then she pastes a picture into the composer, as a screenshot tool's clipboard holds one, and sends it.
// Screenshots at 1440×900 and 390×844.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pngImage } from '@teamchat/testing';
import { expect, test } from '../fixtures.js';
import { naturalWidth, ROOT, screenshots, type PageDom, type PageFile } from '../support.js';

/** A real PNG (solid colour), as an image editor writes one. */
const png = (size: number, colour: [number, number, number]): Buffer => pngImage(size, size, colour);

/** A DataTransfer in the page holding these files (what the browser builds for a drag from the desktop). */
const transfer = (page: Page, files: PageFile[]) =>
  page.evaluateHandle((list) => {
    const dom = globalThis as unknown as PageDom;
    const data = new dom.DataTransfer();
    for (const f of list) {
      const bytes = dom.Uint8Array.from(dom.atob(f.base64), (c) => c.charCodeAt(0));
      data.items.add(new dom.File([bytes], f.name, { type: f.type }));
    }
    return data;
  }, files);

const rows = (page: Page) => page.getByTestId('message-list').getByTestId('message-row');

test('files dropped on the channel and a picture pasted into the composer are sent', async ({ ada, general }) => {
  const page = ada.page;
  await page.goto(`/channel/${general.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();

  const license: PageFile = {
    name: 'LICENSE.txt',
    type: 'text/plain',
    base64: readFileSync(join(ROOT, 'LICENSE')).toString('base64'),
  };
  const picture: PageFile = { name: 'teal.png', type: 'image/png', base64: png(48, [0, 160, 170]).toString('base64') };
  const dropped = await transfer(page, [license, picture]);

  // dragged over the message list: the overlay shows; dropped: both attached
  const list = page.getByTestId('message-list');
  await list.dispatchEvent('dragenter', { dataTransfer: dropped });
  await list.dispatchEvent('dragover', { dataTransfer: dropped });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await expect(page.getByTestId('drop-overlay')).toContainText('Drop to attach to your message');
  await screenshots(page, 'paste-drop-00-overlay', { only: 'desktop' });
  // the uploads' bytes are held back until each file's progress bar has been seen
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await held;
    return route.fallback();
  });
  await list.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
  const chip = page.getByTestId('pending-file');
  await expect(chip).toContainText('LICENSE.txt');
  await expect(page.getByRole('progressbar', { name: 'Uploading LICENSE.txt' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Uploading teal.png' })).toBeVisible();
  await screenshots(page, 'paste-drop-01-uploading', { only: 'desktop' });
  release();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/*');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  // one size only: resizing to a phone swaps the shell, and a remounted composer drops what was not sent
  await screenshots(page, 'paste-drop-01-attached', { only: 'desktop' });

  await composer.fill('The licence, and the colour we picked');
  await composer.press('Enter');
  const sent = rows(page).filter({ hasText: 'The licence, and the colour we picked' });
  await expect(sent.getByTestId('file-card')).toContainText('LICENSE.txt');
  await expect(sent.getByRole('img', { name: 'Attached image' })).toBeVisible();
  await expect.poll(() => naturalWidth(sent.getByRole('img', { name: 'Attached image' }))).toBe(48);

  // a picture on the clipboard, pasted into the composer
  await composer.focus();
  await composer.evaluate((area, file) => {
    const dom = globalThis as unknown as PageDom;
    const bytes = dom.Uint8Array.from(dom.atob(file.base64), (c) => c.charCodeAt(0));
    const data = new dom.DataTransfer();
    data.items.add(new dom.File([bytes], file.name, { type: file.type }));
    area.dispatchEvent(
      new dom.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }) as Event,
    );
  }, picture);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  await expect(rows(page).getByRole('img', { name: 'Attached image' })).toHaveCount(2);
  await screenshots(page, 'paste-drop-02-sent');

  // pasted text is still text
  await composer.evaluate((area) => {
    const dom = globalThis as unknown as PageDom;
    const data = new dom.DataTransfer();
    data.setData('text/plain', 'just words');
    area.dispatchEvent(
      new dom.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }) as Event,
    );
  });
  await expect(page.getByTestId('pending-file')).toHaveCount(0);
});
