// The status strip and the footer (issue 70): at 1440×900 with the side panel open and at 390×844 every one of the six
// status chips is whole inside the strip (the chosen one labelled, the others as icons named by their label when the
// strip is narrow); choosing Do Not Disturb turns the footer's STATUS ACTIVE into STATUS DO NOT DISTURB, and Online
// back. Screenshots in the default dark theme and the light one, at both sizes; axe finds nothing critical or serious.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { a11yViolations, DESKTOP, MOBILE, screenshots } from '../support.js';

const LABELS = ['Online', 'Offline', 'Coffee Break', 'Deep Focus', 'Do Not Disturb', 'In Meeting'];

const strip = (page: Page) => page.getByRole('radiogroup', { name: 'Status' });

/** Every chip lies wholly inside the strip, and the strip inside the window: nothing clipped, nothing to scroll. */
const expectWholeChips = async (page: Page) => {
  const box = (await strip(page).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  for (const label of LABELS) {
    const chip = strip(page).getByRole('radio', { name: label, exact: true });
    await expect(chip).toBeVisible();
    const c = (await chip.boundingBox())!;
    expect(c.x, label).toBeGreaterThanOrEqual(box.x);
    expect(c.x + c.width, label).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(c.y + c.height, label).toBeLessThanOrEqual(box.y + box.height + 0.5);
  }
  const overflow = await strip(page).evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
};

test('the six status chips are never clipped, and the footer names Do Not Disturb', async ({ ada, general }) => {
  const page = ada.page;
  await page.goto(`/channel/${general.id}`);
  const footer = page.locator('footer[aria-label="Status"]');
  await expect(footer).toContainText('STATUS ACTIVE');
  await expect(page.getByRole('region', { name: 'Team Status' })).toBeVisible();

  await expectWholeChips(page);
  await strip(page).getByRole('radio', { name: 'Do Not Disturb', exact: true }).click();
  await expect(strip(page).getByRole('radio', { name: 'Do Not Disturb', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(footer).toContainText('STATUS DO NOT DISTURB');
  await expect(footer).not.toContainText('STATUS ACTIVE');
  // the chosen chip keeps its words on screen
  await expect(strip(page).getByRole('radio', { checked: true })).toContainText('Do Not Disturb');
  await expectWholeChips(page);
  await screenshots(page, 'status-strip-dnd-dark');
  expect(await a11yViolations(page, 'status strip, dark')).toEqual([]);

  await page.setViewportSize(MOBILE);
  await expectWholeChips(page);
  await page.setViewportSize(DESKTOP);

  await page.emulateMedia({ colorScheme: 'light' });
  await screenshots(page, 'status-strip-dnd-light');
  expect(await a11yViolations(page, 'status strip, light')).toEqual([]);

  await strip(page).getByRole('radio', { name: 'Online', exact: true }).click();
  await expect(footer).toContainText('STATUS ACTIVE');
});
