// Reactions and pins with two browsers: Ada reacts from the emoji picker (search, categories, the workspace's custom
// reactions), Grace sees the reaction live, sees who reacted and toggles her own on and off while Ada watches the count;
// Ada pins an older message, Grace's header count follows live, and her pinned list opens the channel at that message.
// Screenshots at 1440×900 and 390×844.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { pngImage } from '@teamchat/testing';
import { expect, test, type ChannelRow, type Member } from '../fixtures.js';
import { a11yViolations, ok, postMessage, screenshots, fullName } from '../support.js';

const REACT_TO = 'Analytical engine prototype boots on the first try';
const PIN_ME = 'Release checklist: punch cards, brass gears, and the Jacquard loom';
const CHATTER_AFTER_PIN = 60;

/** A small solid-colour PNG (a real one, so the custom reaction shows as a picture). */
const png = (size: number, colour: [number, number, number]): Buffer => pngImage(size, size, colour);

const row = (page: Page, text: string) =>
  page.getByTestId('message-list').getByTestId('message-row').filter({ hasText: text });
const bar = (page: Page, text: string) => row(page, text).getByRole('group', { name: 'Reactions' });
const rocket = (page: Page, count: number): Locator =>
  bar(page, REACT_TO).getByRole('button', { name: `🚀 ${count} ${count === 1 ? 'reaction' : 'reactions'}` });
const picker = (page: Page) => page.getByTestId('emoji-picker');
const pickerSearch = (page: Page) => picker(page).getByRole('searchbox').or(picker(page).getByRole('textbox')).first();
const shot = (page: Page, name: string, restore?: () => Promise<void>) =>
  screenshots(page, `reactions-pins-${name}`, { restore });
const openPicker = async (page: Page) => {
  if (await picker(page).isVisible()) return;
  await row(page, REACT_TO).hover();
  await row(page, REACT_TO)
    .getByRole('toolbar', { name: 'Message actions' })
    .getByRole('button', { name: 'Add reaction' })
    .click();
  await expect(pickerSearch(page)).toBeVisible();
};

/** A custom reaction of the workspace, offered in the picker's "Custom" category. */
const addCustomReaction = async (request: APIRequestContext) => {
  const ticket = (await ok(
    await request.post('/api/reactions/upload', { data: { filename: 'brass.png' } }),
    'reaction upload ticket',
  )) as { uploadURL: string; objectPath: string };
  const put = await request.put(ticket.uploadURL, {
    data: png(32, [205, 150, 40]),
    headers: { 'content-type': 'image/png' },
  });
  if (!put.ok()) throw new Error(`upload: ${put.status()} ${await put.text()}`);
  await ok(
    await request.post('/api/custom-reactions', { data: { name: 'brass', imageUrl: ticket.objectPath } }),
    'custom reaction',
  );
};

/** Greetings and the message to react to; both have the channel open. */
const reactionChat = async (ada: Member, grace: Member, general: ChannelRow) => {
  await addCustomReaction(ada.request);
  await postMessage(grace.request, general.id, 'Morning all');
  const message = await postMessage(ada.request, general.id, REACT_TO);
  await Promise.all([ada.page.goto(`/channel/${general.id}`), grace.page.goto(`/channel/${general.id}`)]);
  await Promise.all([expect(row(ada.page, REACT_TO)).toBeVisible(), expect(row(grace.page, REACT_TO)).toBeVisible()]);
  return message;
};

test.use({ workspaceName: 'Engines' });

test.describe('reactions and pins journey: Ada and Grace react and pin', () => {
  test('Ada reacts from the picker: search, categories with the custom ones, and a chip pressed for her', async ({
    ada,
    grace,
    general,
  }) => {
    await reactionChat(ada, grace, general);
    const page = ada.page;
    await openPicker(page);
    // categories, the workspace's custom reaction among them
    await expect(picker(page).getByText('Custom', { exact: true }).first()).toBeVisible();
    await expect(picker(page).locator('button[data-epr-unified] img').first()).toBeVisible();
    await shot(page, '01-picker', () => openPicker(page));
    // the picker takes the theme's colours: the light theme too (the theme is a class on the root element, set by
    // the theme code, not a stylesheet's class name)
    await openPicker(page);
    const html = page.locator('html');
    const theme = (await html.getAttribute('class')) ?? '';
    await html.evaluate((el, light) => el.setAttribute('class', light), theme.replace('cyberpunk', 'light'));
    await expect(html).toHaveClass(/light/);
    await screenshots(page, 'reactions-pins-01-picker-light', { only: 'desktop' });
    await html.evaluate((el, dark) => el.setAttribute('class', dark), theme);

    expect(await a11yViolations(page, 'emoji picker')).toEqual([]);

    await pickerSearch(page).fill('rocket');
    await picker(page).locator('button[data-epr-unified="1f680"]').first().click();
    await expect(picker(page)).toHaveCount(0);
    await expect(rocket(page, 1)).toHaveAttribute('aria-pressed', 'true');
    // and Grace sees it live, not pressed for her
    await expect(rocket(grace.page, 1)).toHaveAttribute('aria-pressed', 'false');
  });

  test('Grace sees it live, sees who reacted, and toggles her own on and off while Ada watches', async ({
    ada,
    grace,
    general,
  }) => {
    const message = await reactionChat(ada, grace, general);
    await ok(await ada.request.post(`/api/messages/${message.id}/reactions`, { data: { emoji: '🚀' } }), 'react');
    const page = grace.page;
    await expect(rocket(page, 1)).toHaveAttribute('aria-pressed', 'false');
    await rocket(page, 1).hover();
    await expect(page.getByRole('tooltip')).toHaveText(`${fullName(ada)} reacted with 🚀`);

    await rocket(page, 1).click();
    await expect(rocket(page, 2)).toHaveAttribute('aria-pressed', 'true');
    await expect(rocket(ada.page, 2)).toHaveAttribute('aria-pressed', 'true');
    // and a custom one from the "+" of the reaction bar
    await row(page, REACT_TO).hover();
    await bar(page, REACT_TO).getByRole('button', { name: 'Add reaction' }).click();
    await picker(page).locator('button[data-epr-unified] img').first().click();
    await expect(bar(page, REACT_TO).getByRole('button', { name: ':brass: 1 reaction' })).toBeVisible();
    await expect(bar(ada.page, REACT_TO).getByRole('button', { name: ':brass: 1 reaction' })).toBeVisible();

    await rocket(page, 2).hover();
    await expect(page.getByRole('tooltip').filter({ hasText: 'reacted with 🚀' })).toHaveText(
      `${fullName(ada)} and You reacted with 🚀`,
    );
    await shot(page, '02-reaction-bar', async () => {
      await rocket(page, 2).hover();
      await expect(page.getByRole('tooltip')).toBeVisible();
    });

    expect(await a11yViolations(page, 'reaction bar')).toEqual([]);
    await rocket(page, 2).click();
    await expect(rocket(page, 1)).toHaveAttribute('aria-pressed', 'false');
    await expect(rocket(ada.page, 1)).toHaveAttribute('aria-pressed', 'true');
  });

  test('Ada pins an older message; Grace opens the pinned list and lands on it', async ({ ada, grace, general }) => {
    const pinTarget = await postMessage(ada.request, general.id, PIN_ME);
    for (let i = 1; i <= CHATTER_AFTER_PIN; i++)
      await postMessage((i % 2 ? ada : grace).request, general.id, `Workshop chatter ${i}`);
    await postMessage(grace.request, general.id, 'Morning all');
    await postMessage(ada.request, general.id, REACT_TO);
    await grace.page.goto(`/channel/${general.id}`);
    await expect(row(grace.page, REACT_TO)).toBeVisible();

    const pins = (page: Page, n: number) =>
      page.getByRole('button', { name: `${n} pinned ${n === 1 ? 'message' : 'messages'}`, exact: true });
    await expect(pins(grace.page, 0)).toBeVisible();

    // Ada opens the message by its link, where its toolbar pins it
    await ada.page.goto(`/channel/${general.id}?message=${pinTarget.id}`);
    await expect(pins(ada.page, 0)).toBeVisible();
    await row(ada.page, PIN_ME).hover();
    await row(ada.page, PIN_ME).getByRole('button', { name: 'Pin message' }).click();
    await expect(row(ada.page, PIN_ME).getByTestId('pinned-marker')).toHaveText('Pinned by you');
    await expect(pins(ada.page, 1)).toBeVisible();

    // Grace, at the newest messages, sees the count follow; the message is far above, not loaded
    await expect(pins(grace.page, 1)).toBeVisible();
    await expect(row(grace.page, PIN_ME)).toHaveCount(0);
    await pins(grace.page, 1).click();
    const list = grace.page.getByRole('dialog', { name: 'Pinned messages' });
    await expect(list.getByText(PIN_ME)).toBeVisible();
    await shot(grace.page, '03-pin-list', async () => {
      if (!(await list.isVisible())) await pins(grace.page, 1).click();
      await expect(list.getByText(PIN_ME)).toBeVisible();
    });
    expect(await a11yViolations(grace.page, 'pin list')).toEqual([]);
    await list.getByRole('button', { name: new RegExp(PIN_ME.slice(0, 20)) }).click();
    await expect(list).toHaveCount(0);
    const landed = row(grace.page, PIN_ME);
    await expect(landed).toHaveAttribute('aria-current', 'true');
    await expect(landed.getByTestId('pinned-marker')).toHaveText(`Pinned by ${ada.username}`);
    // in full view in the message list
    await expect
      .poll(async () => {
        const [listBox, box] = await Promise.all([
          grace.page.getByTestId('message-list').boundingBox(),
          landed.boundingBox(),
        ]);
        return box!.y >= listBox!.y - 1 && box!.y + box!.height <= listBox!.y + listBox!.height + 1;
      })
      .toBe(true);
    await shot(grace.page, '04-landed-on-pin');

    // Ada unpins: Grace's marker and count follow
    await row(ada.page, PIN_ME).hover();
    await row(ada.page, PIN_ME).getByRole('button', { name: 'Unpin message' }).click();
    await expect(pins(grace.page, 0)).toBeVisible();
    await expect(row(grace.page, PIN_ME).getByTestId('pinned-marker')).toHaveCount(0);
  });
});
