// Shared helpers of the k6 scenarios: the target from BASE_URL, JSON requests tagged by route (so metrics group by
// route, not by id), and the product's own journeys (offline-payment signup, workspace with invited members, login).
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

/** The deployment under test, e.g. https://chat.example.com (no trailing slash). */
export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
/** The live socket: ws:// or wss:// matching BASE_URL. */
export const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/ws`;
/** Password of every account the scenarios create. */
export const PASSWORD = __ENV.PASSWORD || 'k6-load-password-1';
/** The offline payment provider accepts this test card (spec: the 3-day trial, no charge). */
export const TEST_CARD = '4242 4242 4242 4242';
/** Stripe's API, where a deployment in Stripe test mode has its card setups confirmed (as Stripe.js would). */
export const STRIPE_API = (__ENV.STRIPE_API || 'https://api.stripe.com').replace(/\/+$/, '');
/** A Stripe test-mode payment method that succeeds without authentication (Stripe's test card 4242…). */
export const STRIPE_TEST_PAYMENT_METHOD = __ENV.STRIPE_TEST_PAYMENT_METHOD || 'pm_card_visa';

/**
 * Published-practice thresholds shared by every scenario. Latency counts the product's requests only (tag
 * `target: product`): Stripe's test API, called to confirm card setups in Stripe test mode, answers in its own time.
 */
export const BASE_THRESHOLDS = {
  http_req_failed: ['rate<0.01'],
  'http_req_duration{target:product}': ['p(95)<200'],
  checks: ['rate>0.99'],
};

/**
 * @typedef {{ id: string, username: string, email: string, workspaceId: string | null, paymentCompleted?: boolean }} CurrentUser
 * @typedef {{ id: string, name: string, type?: string }} Channel
 * @typedef {{ id: string, channelId: string, userId: string, username: string, content: string | null, createdAt: string, clientMsgId?: string | null }} Message
 */

/**
 * One JSON request; `route` names it in the metrics (`name` tag) so ids do not explode the series.
 * @param {'GET' | 'POST' | 'PATCH' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {string} [route]
 */
export const api = (method, path, body, route) =>
  http.request(method, `${BASE_URL}${path}`, body === undefined ? null : JSON.stringify(body), {
    headers: { 'content-type': 'application/json' },
    tags: { name: route || path, target: 'product' },
  });

/**
 * Checks the status (and optionally the body) of a response; returns the parsed JSON body or null.
 * @template T
 * @param {import('k6/http').RefinedResponse<any>} res
 * @param {number} status
 * @param {string} what
 * @param {(body: any) => boolean} [body]
 * @returns {T | null}
 */
export const expect = (res, status, what, body) => {
  /** @type {any} */
  let parsed = null;
  try {
    parsed = res.body ? res.json() : null;
  } catch {
    parsed = null;
  }
  const ok = check(res, {
    [`${what}: ${status}`]: (r) => r.status === status,
    ...(body ? { [`${what}: body`]: () => parsed !== null && body(parsed) } : {}),
  });
  return ok ? /** @type {T} */ (parsed) : null;
};

/** Forgets the session of this VU (its cookie jar is shared by all its requests). */
export const signOut = () => http.cookieJar().clear(BASE_URL);

/**
 * @param {string} email
 * @returns {CurrentUser | null}
 */
export const login = (email) =>
  expect(api('POST', '/api/login', { email, password: PASSWORD }), 200, 'login', (u) => u.email === email);

/** @type {string | null | undefined} the deployment's Stripe publishable key (null: the offline provider), per VU */
let stripeKey;

/**
 * Which card form the deployment shows: its Stripe publishable key, or null for the offline provider. A live key
 * stops the run: load tests would create real customers and subscriptions.
 * @returns {string | null}
 */
export const stripePublishableKey = () => {
  if (stripeKey !== undefined) return stripeKey;
  const config = /** @type {{ stripePublishableKey: string | null } | null} */ (
    expect(api('GET', '/api/billing/config'), 200, 'billing config')
  );
  if (!config) fail('GET /api/billing/config failed: cannot tell which payment provider the deployment uses');
  const key = config.stripePublishableKey;
  if (key && !key.startsWith('pk_test_'))
    fail('the deployment uses Stripe with a live key: load-test signups would pay; point k6 at a test-mode deployment');
  stripeKey = key;
  return key;
};

/**
 * Confirms a card setup the way the payer's browser does: the offline provider's card form, or, in Stripe test mode,
 * Stripe's confirmation of the SetupIntent with the publishable key and the setup's client secret (what Stripe.js
 * sends), with a test payment method.
 * @param {string} clientSecret
 * @returns {boolean}
 */
export const confirmCardSetup = (clientSecret) => {
  const key = stripePublishableKey();
  if (!key) {
    return !!expect(
      api('POST', '/api/local-payments/confirm', { clientSecret, cardNumber: TEST_CARD }),
      200,
      'confirm test card',
      (b) => b.status === 'succeeded',
    );
  }
  const setupIntentId = clientSecret.split('_secret_')[0];
  const res = http.post(
    `${STRIPE_API}/v1/setup_intents/${setupIntentId}/confirm`,
    { client_secret: clientSecret, payment_method: STRIPE_TEST_PAYMENT_METHOD },
    { headers: { authorization: `Bearer ${key}` }, tags: { name: 'stripe: confirm setup intent', target: 'stripe' } },
  );
  return !!expect(res, 200, 'confirm Stripe test card', (b) => b.status === 'succeeded');
};

/**
 * The signup wizard: account, trial subscription, card confirmation (the offline provider's test card, or Stripe's
 * test mode), then the payment poll (once per second, at most 10 tries, as the SPA does). Leaves the new user signed
 * in.
 * @param {{ email: string, firstName?: string, lastName?: string, companySize?: string }} who
 * @returns {CurrentUser | null}
 */
export const signUp = ({ email, firstName = 'Load', lastName = 'Tester', companySize = '16-50' }) => {
  signOut();
  const user = /** @type {CurrentUser | null} */ (
    expect(
      api('POST', '/api/register', { firstName, lastName, email, password: PASSWORD, companySize }),
      201,
      'register',
      (u) => u.email === email,
    )
  );
  if (!user) return null;
  const seats = companySize === '2-5' ? 5 : companySize === '6-15' ? 10 : 30;
  const sub = expect(
    api('POST', '/api/create-signup-subscription', { seats }),
    200,
    'create signup subscription',
    (b) => !!b.clientSecret,
  );
  if (!sub) return null;
  if (!confirmCardSetup(/** @type {any} */ (sub).clientSecret)) return null;
  for (let attempt = 0; attempt < 10; attempt++) {
    const status = /** @type {{ paymentCompleted: boolean } | null} */ (
      expect(api('POST', '/api/verify-payment-status', {}), 200, 'verify payment status')
    );
    if (status?.paymentCompleted) return { ...user, paymentCompleted: true };
    sleep(1);
  }
  check(null, { 'payment completed within 10 polls': () => false });
  return null;
};

/**
 * @param {string} name
 * @returns {{ id: string, name: string } | null}
 */
export const createWorkspace = (name) =>
  expect(api('POST', '/api/workspaces', { name }), 201, 'create workspace', (w) => w.name === name);

/** @returns {Channel[]} */
export const listChannels = () =>
  /** @type {Channel[] | null} */ (expect(api('GET', '/api/channels'), 200, 'list channels', Array.isArray)) || [];

/**
 * A workspace with an admin, `members - 1` invited members and `channels` channels besides `general`.
 * Members join through invite links (each takes a seat; signup buys 30).
 * @param {{ runId: string, index: number, members: number, channels: number }} spec
 */
export const seedWorkspace = ({ runId, index, members, channels }) => {
  const emailOf = (/** @type {number} */ m) => `k6-${runId}-w${index}-u${m}@example.com`;
  const admin = signUp({ email: emailOf(0), firstName: `Admin${index}` });
  if (!admin) fail(`could not sign up the admin of workspace ${index}`);
  const workspace = createWorkspace(`k6 ${runId} #${index}`);
  if (!workspace) fail(`could not create workspace ${index}`);
  for (let c = 0; c < channels; c++) {
    expect(api('POST', '/api/channels', { name: `load-${c}`, description: 'k6 load channel' }), 201, 'create channel');
  }
  const channelIds = listChannels()
    .filter((ch) => ch.type !== 'direct')
    .map((ch) => ch.id);
  /** @type {string[]} */
  const tokens = [];
  for (let m = 1; m < members; m++) {
    const invite = /** @type {{ token: string } | null} */ (
      expect(api('POST', '/api/invites', {}), 201, 'create invite', (b) => !!b.token)
    );
    if (invite) tokens.push(invite.token);
  }
  const users = [{ email: emailOf(0), userId: /** @type {CurrentUser} */ (admin).id }];
  tokens.forEach((token, i) => {
    signOut();
    const email = emailOf(i + 1);
    const joined = /** @type {CurrentUser | null} */ (
      expect(
        api(
          'POST',
          `/api/invites/${token}/accept`,
          {
            email,
            firstName: `Member${i + 1}`,
            lastName: `W${index}`,
            password: PASSWORD,
          },
          '/api/invites/{token}/accept',
        ),
        201,
        'accept invite',
        (u) => u.email === email,
      )
    );
    if (joined) users.push({ email, userId: joined.id });
  });
  signOut();
  return { id: /** @type {{ id: string }} */ (workspace).id, channelIds, users };
};

/** Random integer in [0, n). */
export const randomIndex = (/** @type {number} */ n) => Math.floor(Math.random() * n);

/** Seconds of think time between `min` and `max`. */
export const think = (/** @type {number} */ min, /** @type {number} */ max) => min + Math.random() * (max - min);

/** Words the scenarios write into messages and search for. */
export const VOCABULARY = [
  'deploy',
  'invoice',
  'roadmap',
  'standup',
  'incident',
  'launch',
  'budget',
  'review',
  'sprint',
  'design',
  'customer',
  'release',
  'hotfix',
  'meeting',
  'feedback',
  'metrics',
  'onboarding',
  'retro',
  'backlog',
  'pricing',
];

/** @param {number} n */
export const sentence = (n) => Array.from({ length: n }, () => VOCABULARY[randomIndex(VOCABULARY.length)]).join(' ');
