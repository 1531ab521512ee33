// The journeys' fixtures. Each Playwright worker runs one product stack serving the built SPA (a fresh database, an
// SMTP sink catching its mail); each test gets people of its own in a workspace of its own, each person in a browser
// context of their own, so a test passes alone and in any order. Every Content-Security-Policy violation Chromium
// reports in any of a test's contexts fails that test.
import { startSmtpSink, type SmtpSink } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { aPerson, joinByInviteOverApi, ok, signUpOverApi, WEB_DIST, type Person } from './support.js';

export { expect };

/** Someone signed in, in a browser context of their own with one page open (not navigated yet). */
export interface Member {
  person: Person;
  id: string;
  username: string;
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
}

export interface Owner extends Member {
  workspaceId: string;
}

export interface ChannelRow {
  id: string;
  name: string;
}

interface WorkerFixtures {
  smtp: SmtpSink;
  stack: TestStack;
}

interface TestFixtures {
  /** The name of the workspace `ada` creates. */
  workspaceName: string;
  /** Ada's first and last name. */
  adaName: [string, string];
  /** Content-Security-Policy violations reported so far in this test's contexts (must stay empty). */
  cspViolations: string[];
  /** A new browser context like the default one (the test's base URL, dark system, desktop size, reduced motion). */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** Ada: signed up, paid, owns `workspaceName` with onboarding done; in the test's default context and page. */
  ada: Owner;
  /** Grace: joined Ada's workspace by invite; a member, not an admin. */
  grace: Member;
  /** The `general` channel of Ada's workspace. */
  general: ChannelRow;
}

const watchCsp = (context: BrowserContext, found: string[]) =>
  context.on('console', (message) => {
    // Chromium logs each violation as a console error: "Refused to load … because it violates the following
    // Content Security Policy directive …"
    if (/Content Security Policy/i.test(message.text())) found.push(`${message.page()?.url()}: ${message.text()}`);
  });

/**
 * Sends a request again when the server had already closed the kept-alive connection it went out on: Playwright's
 * request clients reuse idle sockets without heeding the server's keep-alive timeout (5 s in Node), so a request after
 * a pause can meet a socket the server is closing ("read ECONNRESET", "socket hang up"). The server read nothing on
 * that socket, so sending it again repeats no work.
 */
const resendOnClosedConnection = (request: APIRequestContext) => {
  const verbs = ['fetch', 'get', 'post', 'put', 'patch', 'delete', 'head'] as const;
  const methods = request as unknown as Record<(typeof verbs)[number], (...args: unknown[]) => Promise<unknown>>;
  for (const verb of verbs) {
    const send = methods[verb].bind(request);
    methods[verb] = async (...args: unknown[]) => {
      try {
        return await send(...args);
      } catch (error) {
        if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
        return send(...args);
      }
    };
  }
};

/** What every browser context of a test gets: its CSP violations recorded, its request client resending as above. */
const prepare = (context: BrowserContext, found: string[]) => {
  watchCsp(context, found);
  resendOnClosedConnection(context.request);
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  smtp: [
    async ({}, use) => {
      const smtp = await startSmtpSink();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ smtp }, use) => {
      const stack = await startTestStack({
        webDist: process.env.E2E_WEB_DIST ?? WEB_DIST,
        env: {
          SMTP_URL: smtp.url,
          // every test signs people up and in from this one machine: the per-IP limit on those routes (100 in ten
          // minutes) would refuse a worker's later tests; the per-email limit still applies
          AUTH_RATE_LIMIT_PER_IP: '100000',
        },
      });
      await use(stack);
      await stack.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.url),

  workspaceName: ['Analytical Engines', { option: true }],
  adaName: [['Ada', 'Lovelace'], { option: true }],

  cspViolations: [
    async ({}, use) => {
      const found: string[] = [];
      await use(found);
      expect(found, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    prepare(context, cspViolations);
    await use(context);
  },
  request: async ({ request }, use) => {
    resendOnClosedConnection(request);
    await use(request);
  },
  newContext: async ({ browser, baseURL, viewport, colorScheme, reducedMotion, cspViolations }, use) => {
    const made: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, viewport, colorScheme, reducedMotion, ...options });
      prepare(context, cspViolations);
      made.push(context);
      return context;
    });
    for (const context of made) await context.close();
  },

  ada: async ({ context, page, workspaceName, adaName }, use) => {
    const person = aPerson(...adaName);
    const { userId, username, workspaceId } = await signUpOverApi(context.request, person, workspaceName);
    await use({ person, id: userId, username, workspaceId, context, page, request: context.request });
  },
  grace: async ({ ada, newContext }, use) => {
    const person = aPerson('Grace', 'Hopper');
    const context = await newContext();
    const { id, username } = await joinByInviteOverApi(ada.request, context.request, person);
    await use({ person, id, username, context, page: await context.newPage(), request: context.request });
  },
  general: async ({ ada }, use) => {
    const channels = (await ok(await ada.request.get('/api/channels'), 'channels')) as ChannelRow[];
    const general = channels.find((c) => c.name === 'general')!;
    await use({ id: general.id, name: general.name });
  },
});
