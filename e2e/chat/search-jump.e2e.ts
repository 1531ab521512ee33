// Search with filters, opening a result where it was written: a filter typed with a suggestion becomes a chip, the
// result opens its channel scrolled to that message and highlighted, newer pages load on the way down, and live
// messages follow once the newest is reached; a permalink copied by Ada opens at the message in Grace's browser.
// Screenshots at 1440×900 and 390×844.
import type { Locator, Page } from '@playwright/test';
import { expect, test, type ChannelRow, type Member } from '../fixtures.js';
import { MOBILE, postMessage, screenshot, screenshots } from '../support.js';

/** The message the journey looks for, with enough chatter after it that the newest page does not hold it. */
const TARGET = 'The zeppelin manifest for PLT-4242 is signed';
const CHATTER_AFTER = 70;

const messages = (page: Page) => page.getByTestId('message-list');
const row = (page: Page, text: string) => messages(page).getByTestId('message-row').filter({ hasText: text });
const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'SEARCH MESSAGES' });
const searchField = (page: Page) => searchDialog(page).getByRole('combobox', { name: 'Search messages' });
const results = (page: Page) => searchDialog(page).getByRole('list', { name: 'Search results' });
const openSearch = async (page: Page) => {
  if (!(await searchDialog(page).isVisible())) await page.getByRole('button', { name: 'Search messages' }).click();
};

/** Where a row sits in the message list: 0 at the top of the visible part, 1 at the bottom. */
const positionInList = async (page: Page, target: Locator): Promise<number> => {
  const [list, box] = await Promise.all([messages(page).boundingBox(), target.boundingBox()]);
  return (box!.y + box!.height / 2 - list!.y) / list!.height;
};

/** The row comes to rest between `from` and `to` of the list's height (the list may still be scrolling to it). */
const expectPosition = async (page: Page, target: Locator, from: number, to: number) =>
  expect
    .poll(async () => {
      const position = await positionInList(page, target);
      return position > from && position < to ? 'in range' : position;
    })
    .toBe('in range');

/** Resolves in the page after two animation frames (as text: the e2e files are compiled without the DOM's types). */
const TWO_FRAMES = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))';

const shot = (page: Page, name: string, restore?: () => Promise<void>): Promise<void> =>
  screenshots(page, `search-${name}`, { restore });

/**
 * Morning notes, the word "zeppelin" from Ada, the target message from Grace, then 70 lines of chatter; Ada has the
 * channel open at the newest messages.
 */
const history = async (ada: Member, grace: Member, general: ChannelRow) => {
  for (let i = 1; i <= 5; i++) await postMessage(ada.request, general.id, `Morning standup note ${i}`);
  // the same word from someone else, which the from: filter leaves out
  await postMessage(ada.request, general.id, 'Ada here: the zeppelin is fuelled');
  const target = await postMessage(grace.request, general.id, TARGET);
  for (let i = 1; i <= CHATTER_AFTER; i++)
    await postMessage((i % 2 ? ada : grace).request, general.id, `Chatter line ${i}`);
  await ada.page.goto(`/channel/${general.id}`);
  await expect(row(ada.page, `Chatter line ${CHATTER_AFTER}`)).toBeVisible();
  return target;
};

/** Searches Grace's message and opens the one result. */
const openTargetFromSearch = async (page: Page) => {
  await openSearch(page);
  await searchField(page).fill('PLT-4242');
  await expect(results(page).getByRole('listitem')).toHaveCount(1);
  await results(page).getByRole('button').click();
  await expect(searchDialog(page)).toHaveCount(0);
};

test.describe('search journey: filters and opening a result at its message', () => {
  test('completes a from: filter from the suggestions, shows it as a chip and marks the words found', async ({
    ada,
    grace,
    general,
  }) => {
    await history(ada, grace, general);
    const page = ada.page;
    // the newest page does not reach back to the message
    await expect(row(page, TARGET)).toHaveCount(0);
    await openSearch(page);
    await searchField(page).fill('zeppelin from:');
    const suggestions = searchDialog(page).getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions).toBeVisible();
    await searchField(page).pressSequentially(grace.username.slice(0, 3), { delay: 30 });
    await expect(suggestions.getByRole('option', { name: new RegExp(`@${grace.username}`) })).toBeVisible();
    await expect(suggestions.getByRole('option')).toHaveCount(1);
    await shot(page, '01-suggestions', async () => {
      await openSearch(page);
      await searchField(page).fill(`zeppelin from:${grace.username.slice(0, 3)}`);
      await expect(suggestions).toBeVisible();
    });
    await searchField(page).press('Enter');
    await expect(searchField(page)).toHaveValue(`zeppelin from:@${grace.username} `);
    await expect(suggestions).toHaveCount(0);

    const chips = searchDialog(page).getByRole('list', { name: 'Filters' });
    await expect(chips.getByText(`from: @${grace.username}`)).toBeVisible();
    await expect(results(page).getByText('PLT-4242')).toBeVisible();
    await expect(searchDialog(page).getByText('1 result', { exact: true })).toBeVisible();
    await expect(results(page).getByRole('listitem')).toHaveCount(1);
    await expect(results(page).locator('mark')).toHaveText(['zeppelin']);
    await shot(page, '02-filtered-results', async () => {
      await openSearch(page);
      await searchField(page).fill(`zeppelin from:@${grace.username} `);
      await expect(results(page).getByText('PLT-4242')).toBeVisible();
    });

    // the chip's button takes the filter out again: both messages with the word come back
    await chips.getByRole('button', { name: `Remove filter from:@${grace.username}` }).click();
    await expect(searchField(page)).toHaveValue('zeppelin');
    await expect(searchDialog(page).getByText('2 results', { exact: true })).toBeVisible();
    await searchField(page).fill(`zeppelin from:@${grace.username}`);
    await expect(searchDialog(page).getByText('1 result', { exact: true })).toBeVisible();
  });

  test('pages through more than 50 results and explains a filter the server refuses', async ({
    ada,
    grace,
    general,
  }) => {
    await history(ada, grace, general);
    const page = ada.page;
    await openSearch(page);
    const field = searchField(page);
    await field.fill('chatter');
    await expect(searchDialog(page).getByText('50+ results', { exact: true })).toBeVisible();
    await expect(results(page).getByRole('listitem')).toHaveCount(50);
    await searchDialog(page).getByRole('button', { name: 'Load more' }).click();
    await expect(searchDialog(page).getByText(`${CHATTER_AFTER} results`, { exact: true })).toBeVisible();
    // every line of chatter once
    const found = (await results(page).getByRole('listitem').allTextContents()).map(
      (text) => /Chatter line \d+/.exec(text)?.[0],
    );
    expect(new Set(found.filter(Boolean)).size).toBe(CHATTER_AFTER);
    await expect(searchDialog(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);

    await field.fill('zeppelin -fuelled "manifest for" before:2026-13-01');
    await expect(searchDialog(page).getByText('Search failed')).toBeVisible();
    await expect(searchDialog(page).getByText('Filter before: needs a date written as YYYY-MM-DD')).toBeVisible();
    await shot(page, '03-refused-filter', async () => {
      await openSearch(page);
      await searchField(page).fill('zeppelin -fuelled "manifest for" before:2026-13-01');
      await expect(searchDialog(page).getByText('Search failed')).toBeVisible();
    });
    await field.fill(`zeppelin from:@${grace.username}`);
    await expect(searchDialog(page).getByText('1 result', { exact: true })).toBeVisible();
  });

  test('opens the result in its channel, scrolled to the message and highlighted, without ?message= left behind', async ({
    ada,
    grace,
    general,
  }) => {
    await history(ada, grace, general);
    const page = ada.page;
    await openSearch(page);
    await searchField(page).fill(`zeppelin from:@${grace.username}`);
    await expect(searchDialog(page).getByText('1 result', { exact: true })).toBeVisible();
    await results(page).getByRole('button').click();
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/channel/${general.id}$`));
    const target = row(page, TARGET);
    // highlighted (`aria-current`, the same state that draws the highlight)
    await expect(target).toHaveAttribute('aria-current', 'true');
    await expectPosition(page, target, 0.3, 0.7);
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
    await screenshot(page, 'search-04-opened-at-message-desktop-1440x900.png');

    // the highlight fades out after a few seconds
    await expect(messages(page).locator('[data-testid="message-row"][aria-current]')).toHaveCount(0, {
      timeout: 10_000,
    });
    expect(new URL(page.url()).search).toBe('');
  });

  test('loads newer pages on the way down and then follows live messages', async ({ ada, grace, general }) => {
    const target = await history(ada, grace, general);
    const page = ada.page;
    await page.goto(`/channel/${general.id}?message=${target.id}`);
    await expect(row(page, TARGET)).toHaveAttribute('aria-current', 'true');
    await expect(row(page, `Chatter line ${CHATTER_AFTER}`)).toHaveCount(0);
    const list = messages(page);
    // scrolled to the bottom until the newest page has loaded
    await expect(async () => {
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect(row(page, `Chatter line ${CHATTER_AFTER}`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
    // at the bottom, as a reader is before a new message comes: a script's scroll fires its scroll event with the
    // next frame, so the message is posted after two of them (a busy machine delays frames past the post)
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.evaluate(TWO_FRAMES);
    await postMessage(grace.request, general.id, 'Live after the jump');
    await expect(row(page, 'Live after the jump')).toBeVisible();
    // pinned to the bottom again: the live message is on screen
    await expect.poll(() => positionInList(page, row(page, 'Live after the jump'))).toBeLessThan(1);
    // and the older side is still there above
    await expect(row(page, TARGET)).toHaveCount(1);
  });

  test('opens at the message on a narrow screen too', async ({ ada, grace, general }) => {
    await history(ada, grace, general);
    const page = ada.page;
    await page.setViewportSize(MOBILE);
    await page.goto(`/channel/${general.id}`);
    await expect(row(page, `Chatter line ${CHATTER_AFTER}`)).toBeVisible();
    await openTargetFromSearch(page);
    const target = row(page, TARGET);
    await expect(target).toHaveAttribute('aria-current', 'true');
    await expectPosition(page, target, 0.2, 0.8);
    await screenshot(page, 'search-04-opened-at-message-mobile-390x844.png');
  });

  test('opens a permalink copied by one person at the message in the other person’s browser', async ({
    ada,
    grace,
    general,
    baseURL,
  }) => {
    await history(ada, grace, general);
    const page = ada.page;
    await ada.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await openTargetFromSearch(page);
    const target = row(page, TARGET);
    await target.hover();
    await target.getByRole('button', { name: 'Copy link' }).click();
    await expect(target.getByRole('button', { name: 'Link copied' })).toBeVisible();
    const link = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(link).toMatch(new RegExp(`^${baseURL}/channel/${general.id}\\?message=[0-9a-f-]{36}$`));

    // the message is older than the newest page: Grace's browser loads the pages around it
    await grace.page.goto(link);
    const opened = row(grace.page, TARGET);
    await expect(opened).toHaveAttribute('aria-current', 'true');
    await expectPosition(grace.page, opened, 0.2, Number.POSITIVE_INFINITY);
    await screenshot(grace.page, 'search-05-permalink-opened-desktop-1440x900.png');
  });
});
