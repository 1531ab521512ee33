// Helpers shared by the browser journeys: people and workspaces made over the API, screenshots at two sizes, axe-core.
// The fixtures that start the product and open browser contexts are in `fixtures.ts`.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = join(ROOT, 'web', 'dist');
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** Debian's Chromium (never a downloaded browser build) and the flags the journeys run it with. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** How long `settled` waits for each of fonts, frames and animations at most. */
const SETTLE_STEP_MS = 5_000;

/**
 * Resolves once the page has laid itself out for its current size: web fonts loaded, two frames drawn (resize
 * observers and media-query listeners have run and React has committed), and every finite animation finished. Each
 * wait gives up after `SETTLE_STEP_MS`: on a starved machine Chromium once drew no frame for the rest of a journey's
 * 90 s after a resize, and the screenshot that follows (with its own time limit) then says so instead of the journey
 * timing out here.
 */
export const settled = (page: Page): Promise<void> =>
  page.evaluate(`(async () => {
    const within = (work) => Promise.race([work, new Promise((done) => setTimeout(done, ${SETTLE_STEP_MS}))]);
    await within(document.fonts.ready);
    await within(new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await within(Promise.all(finite.map((a) => a.finished.catch(() => undefined))));
  })()`);

/** Saves one screenshot under `test-results/screenshots/` (animations finished, so the shot is the settled state). */
export const screenshot = async (page: Page, file: string, fullPage = false): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(SCREENSHOTS, file), fullPage, animations: 'disabled' });
};

/**
 * Saves the page at 1440×900 and at 390×844 as `<name>-desktop-1440x900.png` and `<name>-mobile-390x844.png`, then
 * restores the desktop size. Transient states that a resize closes (an open context menu) are taken at one size only,
 * or put back by `restore` (an open dialog, a chosen tab) after each resize.
 */
export const screenshots = async (
  page: Page,
  name: string,
  {
    fullPage = false,
    only,
    restore,
  }: { fullPage?: boolean; only?: 'desktop' | 'mobile'; restore?: () => Promise<void> } = {},
): Promise<void> => {
  const sizes = (
    [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const
  ).filter(([label]) => !only || label === only);
  for (const [label, size] of sizes) {
    await page.setViewportSize(size);
    await settled(page);
    if (restore && label === 'mobile') await restore();
    await screenshot(page, `${name}-${label}-${size.width}x${size.height}.png`, fullPage);
  }
  await page.setViewportSize(DESKTOP);
  await settled(page);
  if (restore) await restore();
};

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;
/** A channel header action: its button on a wide screen, the item of the "More actions" menu on a phone. */
export const headerAction = async (page: Page, name: string): Promise<void> => {
  const more = page.getByRole('button', { name: 'More actions' });
  if (await more.isVisible()) {
    await more.click();
    await page.getByRole('menuitem', { name }).click();
  } else await page.getByRole('button', { name, exact: true }).click();
};

/** What the app calls a person by default (web/src/lib/display-name.ts): first and last name, no handle set. */
export const fullName = (member: { person: Person }): string => `${member.person.firstName} ${member.person.lastName}`;

/** A new person (a unique email address each time; the product derives `first.last` usernames from the name). */
export const aPerson = (firstName: string, lastName = 'Tester'): Person => {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { firstName, lastName, email: `${firstName.toLowerCase()}.${tag}@example.test`, password: 'correct-horse-42' };
};

export const ok = async (res: APIResponse, what: string): Promise<unknown> => {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res.json().catch(() => undefined) as Promise<unknown>;
};

/**
 * An account that has paid and owns a workspace with onboarding done, made over the API through the context's own
 * request client, so the browser context ends up signed in as that person.
 */
export const signUpOverApi = async (request: APIRequestContext, person: Person, workspaceName: string) => {
  await ok(await request.post('/api/register', { data: { ...person, companySize: '2-5' } }), 'register');
  const { clientSecret } = (await ok(
    await request.post('/api/create-signup-subscription', { data: { seats: 5 } }),
    'subscription',
  )) as { clientSecret: string };
  await ok(
    await request.post('/api/local-payments/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } }),
    'confirm',
  );
  await ok(await request.post('/api/verify-payment-status', { data: {} }), 'verify');
  const workspace = (await ok(
    await request.post('/api/workspaces', { data: { name: workspaceName } }),
    'workspace',
  )) as { id: string };
  const user = (await ok(await request.get('/api/auth/user'), 'user')) as { id: string; username: string };
  await ok(await request.patch(`/api/users/${user.id}`, { data: { onboardingCompleted: true } }), 'onboarding');
  return { userId: user.id, username: user.username, workspaceId: workspace.id };
};

/** `invitee` joins the workspace `inviter` is in through an invite accepted over the API (signed in as them after). */
export const joinByInviteOverApi = async (inviter: APIRequestContext, invitee: APIRequestContext, person: Person) => {
  const invite = (await ok(await inviter.post('/api/invites', { data: {} }), 'invite')) as { token: string };
  const { email, firstName, lastName, password } = person;
  await ok(
    await invitee.post(`/api/invites/${invite.token}/accept`, { data: { email, firstName, lastName, password } }),
    'accept',
  );
  return (await ok(await invitee.get('/api/auth/user'), 'user')) as { id: string; username: string };
};

/** Posts a message in a channel over the API, as the person the request client is signed in as. */
export const postMessage = async (
  request: APIRequestContext,
  channelId: string,
  data: string | Record<string, unknown>,
): Promise<{ id: string }> =>
  (await ok(
    await request.post(`/api/channels/${channelId}/messages`, {
      data: typeof data === 'string' ? { content: data } : data,
    }),
    'post',
  )) as { id: string };

/** A visible toast with this title (sonner renders toasts as list items). */
export const toast = (page: Page, text: string): Locator =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * The critical and serious axe-core violations on the page as it is now, one line each (rule, impact, help, the
 * first elements). axe is evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
 * govern, so the product's CSP stays as it ships. Entry animations are waited out first (a half-faded dialog would
 * fail colour contrast).
 */
export const a11yViolations = async (page: Page, label: string): Promise<string[]> => {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as {
      axe: { run(context: unknown, options: object): Promise<{ violations: unknown[] }> };
      document: unknown;
    };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').trim()}]` : ''}`,
          )
          .join(' | ')}`,
    );
};

/** A file handed to the page (its bytes in base64), for a drop or a paste. */
export interface PageFile {
  name: string;
  type: string;
  base64: string;
}

/**
 * The page's DataTransfer, File and ClipboardEvent, for functions evaluated in the page (the journeys are typechecked
 * without the DOM library).
 */
export interface PageDom {
  DataTransfer: new () => {
    items: { add(file: unknown): void };
    setData(type: string, value: string): void;
  };
  File: new (bits: unknown[], name: string, options: { type: string }) => unknown;
  ClipboardEvent: new (
    type: string,
    init: { clipboardData: unknown; bubbles: boolean; cancelable: boolean },
  ) => unknown;
  Uint8Array: typeof Uint8Array;
  atob(data: string): string;
}

/** An image element's decoded width (0 until it has loaded), read in the page. */
export const naturalWidth = (image: Locator): Promise<number> =>
  image.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth);
