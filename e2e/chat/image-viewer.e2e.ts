// The in-app image viewer (issue 70): Ada pastes two pictures into the channel; clicking the first opens it over the
// app (not a new tab), → and ← step between the channel's pictures, zoom toggles, Download saves the file, Esc closes
// and gives the focus back. Screenshots at 1440×900 and 390×844, in the dark and light themes.
import type { Page } from '@playwright/test';
import { pngImage } from '@teamchat/testing';
import { expect, test } from '../fixtures.js';
import { a11yViolations, fullName, naturalWidth, screenshots, type PageDom } from '../support.js';

/** A real PNG (solid colour), as an image editor writes one. */
const png = (size: number, colour: [number, number, number]): Buffer => pngImage(size, size, colour);

/** Pastes a picture into the composer, as a screenshot tool's clipboard holds one, and sends it with `text`. */
const pastePicture = async (page: Page, name: string, bytes: Buffer, text: string) => {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.evaluate(
    (area, file) => {
      const dom = globalThis as unknown as PageDom;
      const data = new dom.DataTransfer();
      const raw = dom.Uint8Array.from(dom.atob(file.base64), (c) => c.charCodeAt(0));
      data.items.add(new dom.File([raw], file.name, { type: 'image/png' }));
      area.dispatchEvent(
        new dom.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }) as Event,
      );
    },
    { name, base64: bytes.toString('base64') },
  );
  await composer.fill(text);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await composer.press('Enter');
  await expect(page.getByTestId('message-row').filter({ hasText: text }).getByRole('img')).toBeVisible();
};

test('a message picture opens in the viewer: step, zoom, download, Esc', async ({ ada, general }) => {
  const page = ada.page;
  await page.goto(`/channel/${general.id}`);
  await pastePicture(page, 'coral.png', png(160, [240, 110, 90]), 'First sketch');
  await pastePicture(page, 'teal.png', png(120, [0, 160, 170]), 'Second sketch');

  const pages = page.context().pages().length;
  await page.getByTestId('message-row').filter({ hasText: 'First sketch' }).getByRole('img').click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  expect(page.context().pages()).toHaveLength(pages); // no new tab
  await expect(viewer).toContainText('1 of 2');
  await expect(viewer).toContainText(fullName(ada));
  const shown = viewer.getByRole('img');
  await expect.poll(() => naturalWidth(shown)).toBe(160);

  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('2 of 2');
  await expect.poll(() => naturalWidth(shown)).toBe(120);
  await expect(viewer.getByRole('button', { name: 'Next image' })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('1 of 2');
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(viewer).toContainText('2 of 2');

  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await expect(viewer.getByRole('button', { name: 'Zoom in' })).toHaveAttribute('aria-pressed', 'false');

  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Download' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/\.png$/);
  expect((await saved.createReadStream()) !== null).toBe(true);

  await screenshots(page, 'image-viewer-dark');
  expect(await a11yViolations(page, 'image viewer, dark')).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshots(page, 'image-viewer-light', { only: 'desktop' });
  await page.emulateMedia({ colorScheme: 'dark' });

  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});
