// Reactions and pins with two browsers: Ada reacts from the emoji picker (search, categories, the workspace's custom
// reactions), Grace sees the reaction live, sees who reacted and toggles her own on and off while Ada watches the count;
// Ada pins an older message, Grace's header count follows live, and her pinned list opens the channel at that message.
// Screenshots at 1440×900 and 390×844.
import type { TestStack } from '@teamchat/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { crc32, deflateSync } from 'node:zlib';
import { a11yViolations, cspViolations, screenshots, startTeamChat } from '../shell/support.js';

const REACT_TO = 'Analytical engine prototype boots on the first try';
const PIN_ME = 'Release checklist: punch cards, brass gears, and the Jacquard loom';
const CHATTER_AFTER_PIN = 60;

/** A small solid-colour PNG (a real one, so the custom reaction shows as a picture). */
const png = (size: number, [r, g, b]: [number, number, number]): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

describe('reactions and pins journey: Ada and Grace react and pin', () => {
  let stack: TestStack;
  let browser: Browser;
  let adaCtx: BrowserContext;
  let graceCtx: BrowserContext;
  let ada: Page;
  let grace: Page;
  let general: string;
  let adaName: string;
  let pinTarget: string;

  const row = (page: Page, text: string) =>
    page.getByTestId('message-list').getByTestId('message-row').filter({ hasText: text });
  const bar = (page: Page, text: string) => row(page, text).getByRole('group', { name: 'Reactions' });
  const rocket = (page: Page, count: number): Locator =>
    bar(page, REACT_TO).getByRole('button', { name: `🚀 ${count} ${count === 1 ? 'reaction' : 'reactions'}` });
  const picker = (page: Page) => page.getByTestId('emoji-picker');
  const post = async (ctx: BrowserContext, content: string): Promise<{ id: string }> => {
    const res = await ctx.request.post(`/api/channels/${general}/messages`, { data: { content } });
    if (!res.ok()) throw new Error(`post: ${res.status()} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const shot = (page: Page, name: string, restore?: () => Promise<void>) =>
    screenshots(page, `reactions-pins-${name}`, { restore });
  const openPicker = async (page: Page) => {
    if (await picker(page).isVisible()) return;
    await row(page, REACT_TO).hover();
    await row(page, REACT_TO)
      .getByRole('toolbar', { name: 'Message actions' })
      .getByRole('button', { name: 'Add reaction' })
      .click();
    await picker(page).getByRole('searchbox').or(picker(page).getByRole('textbox')).first().waitFor();
  };

  beforeAll(async () => {
    const team = await startTeamChat({ workspaceName: 'Engines' });
    ({ stack, browser, adaCtx, graceCtx } = team);
    general = team.general.id;
    adaName = team.ada.username;

    // a custom reaction of the workspace, offered in the picker's "Custom" category
    const ticket = (await (
      await adaCtx.request.post('/api/reactions/upload', { data: { filename: 'brass.png' } })
    ).json()) as { uploadURL: string; objectPath: string };
    const put = await adaCtx.request.put(ticket.uploadURL, {
      data: png(32, [205, 150, 40]),
      headers: { 'content-type': 'image/png' },
    });
    if (!put.ok()) throw new Error(`upload: ${put.status()} ${await put.text()}`);
    const custom = await adaCtx.request.post('/api/custom-reactions', {
      data: { name: 'brass', imageUrl: ticket.objectPath },
    });
    if (!custom.ok()) throw new Error(`custom reaction: ${custom.status()} ${await custom.text()}`);

    pinTarget = (await post(adaCtx, PIN_ME)).id;
    for (let i = 1; i <= CHATTER_AFTER_PIN; i++) await post(i % 2 ? adaCtx : graceCtx, `Workshop chatter ${i}`);
    await post(graceCtx, 'Morning all');
    await post(adaCtx, REACT_TO);

    [ada, grace] = await Promise.all([adaCtx.newPage(), graceCtx.newPage()]);
    await Promise.all([ada.goto(`/channel/${general}`), grace.goto(`/channel/${general}`)]);
    await Promise.all([row(ada, REACT_TO).waitFor(), row(grace, REACT_TO).waitFor()]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('Ada reacts from the picker: search, categories with the custom ones, and a chip pressed for her', async () => {
    await openPicker(ada);
    // categories, the workspace's custom reaction among them
    await picker(ada).getByText('Custom', { exact: true }).first().waitFor();
    await picker(ada).locator('button[data-epr-unified] img').first().waitFor();
    await shot(ada, '01-picker', () => openPicker(ada));
    // the picker takes the theme's colours: the light theme too
    await openPicker(ada);
    const html = ada.locator('html');
    const theme = (await html.getAttribute('class')) ?? '';
    await html.evaluate((el, light) => el.setAttribute('class', light), theme.replace('cyberpunk', 'light'));
    expect(await html.getAttribute('class')).toContain('light');
    await screenshots(ada, 'reactions-pins-01-picker-light', { only: 'desktop' });
    await html.evaluate((el, dark) => el.setAttribute('class', dark), theme);

    expect(await a11yViolations(ada, 'emoji picker')).toEqual([]);

    const search = picker(ada).getByRole('searchbox').or(picker(ada).getByRole('textbox')).first();
    await search.fill('rocket');
    await picker(ada).locator('button[data-epr-unified="1f680"]').first().click();
    await picker(ada).waitFor({ state: 'detached' });
    await rocket(ada, 1).waitFor();
    expect(await rocket(ada, 1).getAttribute('aria-pressed')).toBe('true');
  });

  it('Grace sees it live, sees who reacted, and toggles her own on and off while Ada watches', async () => {
    await rocket(grace, 1).waitFor();
    expect(await rocket(grace, 1).getAttribute('aria-pressed')).toBe('false');
    await rocket(grace, 1).hover();
    const tooltip = grace.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(`${adaName} reacted with 🚀`);

    await rocket(grace, 1).click();
    await rocket(grace, 2).waitFor();
    expect(await rocket(grace, 2).getAttribute('aria-pressed')).toBe('true');
    await rocket(ada, 2).waitFor();
    expect(await rocket(ada, 2).getAttribute('aria-pressed')).toBe('true');
    // and a custom one from the "+" of the reaction bar
    await row(grace, REACT_TO).hover();
    await bar(grace, REACT_TO).getByRole('button', { name: 'Add reaction' }).click();
    await picker(grace).locator('button[data-epr-unified] img').first().click();
    await bar(grace, REACT_TO).getByRole('button', { name: ':brass: 1 reaction' }).waitFor();
    await bar(ada, REACT_TO).getByRole('button', { name: ':brass: 1 reaction' }).waitFor();

    await rocket(grace, 2).hover();
    await grace.getByRole('tooltip').filter({ hasText: 'reacted with 🚀' }).waitFor();
    expect(await grace.getByRole('tooltip').textContent()).toBe(`${adaName} and You reacted with 🚀`);
    await shot(grace, '02-reaction-bar', async () => {
      await rocket(grace, 2).hover();
      await grace.getByRole('tooltip').waitFor();
    });

    expect(await a11yViolations(grace, 'reaction bar')).toEqual([]);
    await rocket(grace, 2).click();
    await rocket(grace, 1).waitFor();
    expect(await rocket(grace, 1).getAttribute('aria-pressed')).toBe('false');
    await rocket(ada, 1).waitFor();
    expect(await rocket(ada, 1).getAttribute('aria-pressed')).toBe('true');
  });

  it('Ada pins an older message; Grace opens the pinned list and lands on it', async () => {
    const pins = (page: Page, n: number) =>
      page.getByRole('button', { name: `${n} pinned ${n === 1 ? 'message' : 'messages'}`, exact: true });
    await Promise.all([pins(ada, 0).waitFor(), pins(grace, 0).waitFor()]);

    // Ada opens the message by its link, where its toolbar pins it
    await ada.goto(`/channel/${general}?message=${pinTarget}`);
    await row(ada, PIN_ME).waitFor();
    await row(ada, PIN_ME).hover();
    await row(ada, PIN_ME).getByRole('button', { name: 'Pin message' }).click();
    await row(ada, PIN_ME).getByTestId('pinned-marker').waitFor();
    expect(await row(ada, PIN_ME).getByTestId('pinned-marker').textContent()).toBe('Pinned by you');
    await pins(ada, 1).waitFor();

    // Grace, at the newest messages, sees the count follow; the message is far above, not loaded
    await pins(grace, 1).waitFor();
    expect(await row(grace, PIN_ME).count()).toBe(0);
    await pins(grace, 1).click();
    const list = grace.getByRole('dialog', { name: 'Pinned messages' });
    await list.getByText(PIN_ME).waitFor();
    await shot(grace, '03-pin-list', async () => {
      if (!(await list.isVisible())) await pins(grace, 1).click();
      await list.getByText(PIN_ME).waitFor();
    });
    expect(await a11yViolations(grace, 'pin list')).toEqual([]);
    await list.getByRole('button', { name: new RegExp(PIN_ME.slice(0, 20)) }).click();
    await list.waitFor({ state: 'detached' });
    const landed = row(grace, PIN_ME);
    await landed.waitFor();
    expect(await landed.getAttribute('aria-current')).toBe('true');
    expect(await landed.getByTestId('pinned-marker').textContent()).toBe(`Pinned by ${adaName}`);
    const [listBox, box] = await Promise.all([grace.getByTestId('message-list').boundingBox(), landed.boundingBox()]);
    expect(box!.y).toBeGreaterThanOrEqual(listBox!.y - 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height + 1);
    await shot(grace, '04-landed-on-pin');

    // Ada unpins: Grace's marker and count follow
    await row(ada, PIN_ME).hover();
    await row(ada, PIN_ME).getByRole('button', { name: 'Unpin message' }).click();
    await pins(grace, 0).waitFor();
    await row(grace, PIN_ME).getByTestId('pinned-marker').waitFor({ state: 'detached' });
  });

  it('broke no Content-Security-Policy rule', () => {
    expect(cspViolations()).toEqual([]);
  });
});
