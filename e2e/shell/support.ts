// Shared setup for the shell journeys: the built SPA on a real standalone stack, Debian's Chromium, screenshots.
import { startTestStack, type TestStack, type TestStackOptions } from '@teamchat/testing';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIST = join(root, 'web', 'dist');
export const SCREENSHOTS = join(root, 'test-results', 'screenshots');

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** `npm test` builds the SPA first; a lone run of this project builds it when it is missing. */
export const ensureWebBuilt = (): void => {
  if (existsSync(join(WEB_DIST, 'index.html'))) return;
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: join(root, 'web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
};

/** The product serving the built SPA (`E2E_WEB_DIST` for a build of one's own, as `startTeamChat` takes it). */
export const startShellStack = async (env?: TestStackOptions['env']): Promise<TestStack> => {
  const webDist = process.env.E2E_WEB_DIST ?? WEB_DIST;
  if (!process.env.E2E_WEB_DIST) ensureWebBuilt();
  return startTestStack({ webDist, env });
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

const violations: string[] = [];

/**
 * Every Content-Security-Policy violation Chromium reported on any page of this file's contexts (it logs each one as
 * a console error: "Refused to load … because it violates the following Content Security Policy directive …").
 */
export const cspViolations = (): string[] => [...violations];

export const newContext = async (browser: Browser, baseURL: string): Promise<BrowserContext> => {
  // a dark system: the default theme, as the screenshots show it (a light system gets the light theme)
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    reducedMotion: 'reduce',
    colorScheme: 'dark',
  });
  context.on('page', (page) =>
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    }),
  );
  return context;
};

/**
 * Saves the page at 1440×900 and at 390×844 (then restores the desktop size). Transient states that a resize closes
 * (an open context menu) are taken at one size only, or put back by `restore` (an open dialog, a chosen tab) after
 * each resize.
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
  mkdirSync(SCREENSHOTS, { recursive: true });
  const sizes = (
    [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const
  ).filter(([label]) => !only || label === only);
  for (const [label, size] of sizes) {
    await page.setViewportSize(size);
    // Let layout (media queries, resizable panels) and entry animations settle.
    await page.waitForTimeout(250);
    if (restore && label === 'mobile') {
      await restore();
      await page.waitForTimeout(150);
    }
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}-${size.width}x${size.height}.png`), fullPage });
  }
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(restore ? 300 : 100);
  if (restore) await restore();
};

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;
export const aPerson = (firstName: string, lastName = 'Tester'): Person => {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { firstName, lastName, email: `${firstName.toLowerCase()}.${tag}@example.test`, password: 'correct-horse-42' };
};

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>, what: string) => {
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
  )) as {
    clientSecret: string;
  };
  await ok(
    await request.post('/api/local-payments/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } }),
    'confirm',
  );
  await ok(await request.post('/api/verify-payment-status', { data: {} }), 'verify');
  const workspace = (await ok(
    await request.post('/api/workspaces', { data: { name: workspaceName } }),
    'workspace',
  )) as { id: string };
  const user = (await (await request.get('/api/auth/user')).json()) as { id: string };
  await ok(await request.patch(`/api/users/${user.id}`, { data: { onboardingCompleted: true } }), 'onboarding');
  return { userId: user.id, workspaceId: workspace.id };
};

/** `invitee` joins the workspace `inviter` is in through an invite accepted over the API (signed in as them after). */
export const joinByInviteOverApi = async (inviter: APIRequestContext, invitee: APIRequestContext, person: Person) => {
  const invite = (await ok(await inviter.post('/api/invites', { data: {} }), 'invite')) as { token: string };
  const { email, firstName, lastName, password } = person;
  await ok(
    await invitee.post(`/api/invites/${invite.token}/accept`, { data: { email, firstName, lastName, password } }),
    'accept',
  );
  return (await (await invitee.get('/api/auth/user')).json()) as { id: string; username: string };
};

export interface TeamChat {
  stack: TestStack;
  browser: Browser;
  adaCtx: BrowserContext;
  graceCtx: BrowserContext;
  ada: { id: string; username: string; workspaceId: string };
  grace: { id: string; username: string };
  general: { id: string; name: string };
}

/**
 * Where the chat journeys start: the product serving the built SPA (`E2E_WEB_DIST` for a build of one's own), Debian's
 * Chromium, and two people in one workspace, each in a browser context of their own: Ada, who signed up, paid and
 * created it, and Grace, who joined by invite. Both contexts are signed in; no page is open yet.
 */
export const startTeamChat = async ({
  workspaceName = 'Analytical Engines',
  adaPerson = aPerson('Ada', 'Lovelace'),
  gracePerson = aPerson('Grace', 'Hopper'),
}: { workspaceName?: string; adaPerson?: Person; gracePerson?: Person } = {}): Promise<TeamChat> => {
  const webDist = process.env.E2E_WEB_DIST ?? WEB_DIST;
  if (!process.env.E2E_WEB_DIST) ensureWebBuilt();
  const [stack, browser] = await Promise.all([startTestStack({ webDist }), launchBrowser()]);
  const adaCtx = await newContext(browser, stack.url);
  const graceCtx = await newContext(browser, stack.url);
  const { userId, workspaceId } = await signUpOverApi(adaCtx.request, adaPerson, workspaceName);
  const grace = await joinByInviteOverApi(adaCtx.request, graceCtx.request, gracePerson);
  const me = (await (await adaCtx.request.get('/api/auth/user')).json()) as { username: string };
  const channels = (await (await adaCtx.request.get('/api/channels')).json()) as { id: string; name: string }[];
  const general = channels.find((c) => c.name === 'general')!;
  return {
    stack,
    browser,
    adaCtx,
    graceCtx,
    ada: { id: userId, username: me.username, workspaceId },
    grace: { id: grace.id, username: grace.username },
    general: { id: general.id, name: general.name },
  };
};

/** A visible toast with this title (sonner renders toasts as list items). */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

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
 * govern, so the product's CSP stays as it ships.
 */
export const a11yViolations = async (page: Page, label: string): Promise<string[]> => {
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
