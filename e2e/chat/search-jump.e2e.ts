// Search with filters, opening a result where it was written: a filter typed with a suggestion becomes a chip, the
// result opens its channel scrolled to that message and highlighted, newer pages load on the way down, and live
// messages follow once the newest is reached; a permalink copied by Ada opens at the message in Grace's browser.
// Screenshots at 1440×900 and 390×844.
import type { TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { cspViolations, DESKTOP, MOBILE, SCREENSHOTS, screenshots, startTeamChat } from '../shell/support.js';

/** The message the journey looks for, with enough chatter after it that the newest page does not hold it. */
const TARGET = 'The zeppelin manifest for PLT-4242 is signed';
const CHATTER_AFTER = 70;

describe('search journey: filters and opening a result at its message', () => {
  let stack: TestStack;
  let browser: Browser;
  let adaCtx: BrowserContext;
  let graceCtx: BrowserContext;
  let ada: Page;
  let general: { id: string; name: string };
  let graceName: string;

  const messages = (page: Page) => page.getByTestId('message-list');
  const row = (page: Page, text: string) => messages(page).getByTestId('message-row').filter({ hasText: text });
  const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'SEARCH MESSAGES' });
  const searchField = (page: Page) => searchDialog(page).getByRole('combobox', { name: 'Search messages' });
  const post = async (ctx: BrowserContext, content: string) => {
    const res = await ctx.request.post(`/api/channels/${general.id}/messages`, { data: { content } });
    if (!res.ok()) throw new Error(`post: ${res.status()} ${await res.text()}`);
  };

  /** Where a row sits in the message list: 0 at the top of the visible part, 1 at the bottom. */
  const positionInList = async (page: Page, target: Locator): Promise<number> => {
    const [list, box] = await Promise.all([messages(page).boundingBox(), target.boundingBox()]);
    return (box!.y + box!.height / 2 - list!.y) / list!.height;
  };

  const shot = (page: Page, name: string, restore?: () => Promise<void>): Promise<void> =>
    screenshots(page, `search-${name}`, { restore });

  beforeAll(async () => {
    const team = await startTeamChat();
    ({ stack, browser, adaCtx, graceCtx, general } = team);
    graceName = team.grace.username;
    for (let i = 1; i <= 5; i++) await post(adaCtx, `Morning standup note ${i}`);
    // the same word from someone else, which the from: filter leaves out
    await post(adaCtx, 'Ada here: the zeppelin is fuelled');
    await post(graceCtx, TARGET);
    for (let i = 1; i <= CHATTER_AFTER; i++) await post(i % 2 ? adaCtx : graceCtx, `Chatter line ${i}`);

    ada = await adaCtx.newPage();
    await ada.goto(`/channel/${general.id}`);
    await row(ada, `Chatter line ${CHATTER_AFTER}`).waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('completes a from: filter from the suggestions, shows it as a chip and marks the words found', async () => {
    // the newest page does not reach back to the message
    expect(await row(ada, TARGET).count()).toBe(0);
    await ada.getByRole('button', { name: 'Search messages' }).click();
    await searchField(ada).fill('zeppelin from:');
    const suggestions = searchDialog(ada).getByRole('listbox', { name: 'Suggestions' });
    await suggestions.waitFor();
    await searchField(ada).pressSequentially(graceName.slice(0, 3), { delay: 30 });
    await suggestions.getByRole('option', { name: new RegExp(`@${graceName}`) }).waitFor();
    expect(await suggestions.getByRole('option').count()).toBe(1);
    await shot(ada, '01-suggestions', async () => {
      if (!(await searchDialog(ada).isVisible())) await ada.getByRole('button', { name: 'Search messages' }).click();
      await searchField(ada).fill(`zeppelin from:${graceName.slice(0, 3)}`);
      await suggestions.waitFor();
    });
    await searchField(ada).press('Enter');
    expect(await searchField(ada).inputValue()).toBe(`zeppelin from:@${graceName} `);
    await suggestions.waitFor({ state: 'detached' });

    const chips = searchDialog(ada).getByRole('list', { name: 'Filters' });
    await chips.getByText(`from: @${graceName}`).waitFor();
    const results = searchDialog(ada).getByRole('list', { name: 'Search results' });
    await results.getByText('PLT-4242').waitFor();
    await searchDialog(ada).getByText('1 result', { exact: true }).waitFor();
    expect(await results.getByRole('listitem').count()).toBe(1);
    expect(await results.locator('mark').allTextContents()).toEqual(['zeppelin']);
    await shot(ada, '02-filtered-results', async () => {
      if (!(await searchDialog(ada).isVisible())) await ada.getByRole('button', { name: 'Search messages' }).click();
      await searchField(ada).fill(`zeppelin from:@${graceName} `);
      await results.getByText('PLT-4242').waitFor();
    });

    // the chip's button takes the filter out again: both messages with the word come back
    await chips.getByRole('button', { name: `Remove filter from:@${graceName}` }).click();
    expect(await searchField(ada).inputValue()).toBe('zeppelin');
    await searchDialog(ada).getByText('2 results', { exact: true }).waitFor();
    await searchField(ada).fill(`zeppelin from:@${graceName}`);
    await searchDialog(ada).getByText('1 result', { exact: true }).waitFor();
  });

  it('pages through more than 50 results and explains a filter the server refuses', async () => {
    const field = searchField(ada);
    await field.fill('chatter');
    await searchDialog(ada).getByText('50+ results', { exact: true }).waitFor();
    const results = searchDialog(ada).getByRole('list', { name: 'Search results' });
    expect(await results.getByRole('listitem').count()).toBe(50);
    await searchDialog(ada).getByRole('button', { name: 'Load more' }).click();
    await searchDialog(ada).getByText(`${CHATTER_AFTER} results`, { exact: true }).waitFor();
    const contents = await results.locator('[data-testid="search-result-content"]').allTextContents();
    expect(new Set(contents).size).toBe(CHATTER_AFTER);
    await searchDialog(ada).getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });

    await field.fill('zeppelin -fuelled "manifest for" before:2026-13-01');
    await searchDialog(ada).getByText('Search failed').waitFor();
    await searchDialog(ada).getByText('Filter before: needs a date written as YYYY-MM-DD').waitFor();
    await shot(ada, '03-refused-filter', async () => {
      if (!(await searchDialog(ada).isVisible())) await ada.getByRole('button', { name: 'Search messages' }).click();
      await searchField(ada).fill('zeppelin -fuelled "manifest for" before:2026-13-01');
      await searchDialog(ada).getByText('Search failed').waitFor();
    });
    await field.fill(`zeppelin from:@${graceName}`);
    await searchDialog(ada).getByText('1 result', { exact: true }).waitFor();
  });

  it('opens the result in its channel, scrolled to the message and highlighted, without ?message= left behind', async () => {
    await searchDialog(ada).getByRole('list', { name: 'Search results' }).getByRole('button').click();
    await searchDialog(ada).waitFor({ state: 'detached' });
    await ada.waitForURL(`**/channel/${general.id}`);
    const target = row(ada, TARGET);
    await target.waitFor();
    expect(await target.getAttribute('aria-current')).toBe('true');
    const marker = () => target.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).boxShadow);
    expect(await marker()).toContain('inset'); // the highlight's bar on the left
    const position = await positionInList(ada, target);
    expect(position).toBeGreaterThan(0.3);
    expect(position).toBeLessThan(0.7);
    await ada.getByRole('button', { name: 'Jump to latest' }).waitFor();
    await ada.screenshot({ path: join(SCREENSHOTS, 'search-04-opened-at-message-desktop-1440x900.png') });

    // the highlight fades out after a few seconds
    await messages(ada)
      .locator('[data-testid="message-row"][aria-current]')
      .waitFor({ state: 'detached', timeout: 10_000 });
    expect(await marker()).not.toContain('inset');
    expect(new URL(ada.url()).search).toBe('');
  });

  it('loads newer pages on the way down and then follows live messages', async () => {
    const list = messages(ada);
    for (let i = 0; i < 10 && (await row(ada, `Chatter line ${CHATTER_AFTER}`).count()) === 0; i++) {
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await ada.waitForTimeout(400);
    }
    await row(ada, `Chatter line ${CHATTER_AFTER}`).waitFor();
    await ada.getByRole('button', { name: 'Jump to latest' }).waitFor({ state: 'detached' });
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await post(graceCtx, 'Live after the jump');
    await row(ada, 'Live after the jump').waitFor();
    // pinned to the bottom again: the live message is on screen
    expect(await positionInList(ada, row(ada, 'Live after the jump'))).toBeLessThan(1);
    // and the older side is still there above
    expect(await row(ada, TARGET).count()).toBe(1);
  });

  it('opens at the message on a narrow screen too', async () => {
    await ada.setViewportSize(MOBILE);
    await ada.goto(`/channel/${general.id}`);
    await row(ada, 'Live after the jump').waitFor();
    await ada.getByRole('button', { name: 'Search messages' }).click();
    await searchField(ada).fill('PLT-4242');
    await searchDialog(ada).getByRole('list', { name: 'Search results' }).getByRole('button').click();
    const target = row(ada, TARGET);
    await target.waitFor();
    expect(await target.getAttribute('aria-current')).toBe('true');
    const position = await positionInList(ada, target);
    expect(position).toBeGreaterThan(0.2);
    expect(position).toBeLessThan(0.8);
    await ada.screenshot({ path: join(SCREENSHOTS, 'search-04-opened-at-message-mobile-390x844.png') });
    await ada.setViewportSize(DESKTOP);
  });

  it('opens a permalink copied by one person at the message in the other person’s browser', async () => {
    await adaCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await ada.getByRole('button', { name: 'Search messages' }).click();
    await searchField(ada).fill('PLT-4242');
    await searchDialog(ada).getByRole('list', { name: 'Search results' }).getByRole('button').click();
    const target = row(ada, TARGET);
    await target.hover();
    await target.getByRole('button', { name: 'Copy link' }).click();
    await target.getByRole('button', { name: 'Link copied' }).waitFor();
    const link = await ada.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(link).toMatch(new RegExp(`^${stack.url}/channel/${general.id}\\?message=[0-9a-f-]{36}$`));

    // the message is older than the newest page: Grace's browser loads the pages around it
    const grace = await graceCtx.newPage();
    await grace.goto(link);
    const opened = row(grace, TARGET);
    await opened.waitFor();
    expect(await opened.getAttribute('aria-current')).toBe('true');
    expect(await positionInList(grace, opened)).toBeGreaterThan(0.2);
    await grace.screenshot({ path: join(SCREENSHOTS, 'search-05-permalink-opened-desktop-1440x900.png') });
    await grace.close();
  });

  it('ran under the Content-Security-Policy with no violation', () => {
    expect(cspViolations()).toEqual([]);
  });
});
