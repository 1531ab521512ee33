// The k6 scenarios' workloads replayed with Node (node:http + ws) on this machine, where k6 cannot be installed: the
// same requests, the same checks, and the same metrics and thresholds (http_req_failed, http_req_duration p(95),
// checks, message_delivery_ms p(95)). Local stacks only.
import http from 'node:http';
import zlib from 'node:zlib';
import WebSocket from 'ws';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The local stack under test (`npm start` / `npm run cluster`); anything but localhost is refused. */
export const baseUrl = (address = process.env.BASE_URL || 'http://127.0.0.1:3000') => {
  const url = new URL(address);
  if (!LOCAL_HOSTS.has(url.hostname)) throw new Error(`BASE_URL must point at this machine (got ${url.hostname})`);
  return url.origin;
};

export const PASSWORD = 'k6-load-password-1';
export const TEST_CARD = '4242 4242 4242 4242';
/** Stripe's API for a stack in Stripe test mode, as STRIPE_API in deploy/k6/lib/api.js: here a local fake only. */
const STRIPE_API = (process.env.STRIPE_API || 'https://api.stripe.com').replace(/\/+$/, '');
const STRIPE_TEST_PAYMENT_METHOD = process.env.STRIPE_TEST_PAYMENT_METHOD || 'pm_card_visa';
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
export const randomIndex = (n) => Math.floor(Math.random() * n);
export const sentence = (n) => Array.from({ length: n }, () => VOCABULARY[randomIndex(VOCABULARY.length)]).join(' ');
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const envNumber = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);

const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // k6 interpolates between the two nearest ranks
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (rank - lo);
};

/** The metrics k6 reports, collected in this process. */
export class Metrics {
  durations = new Map();
  requests = 0;
  failedRequests = 0;
  checks = { pass: 0, fail: 0 };
  failedChecks = new Map();
  trends = new Map();
  counters = new Map();

  trend(name, value) {
    if (!this.trends.has(name)) this.trends.set(name, []);
    this.trends.get(name).push(value);
  }
  count(name, n = 1) {
    this.counters.set(name, (this.counters.get(name) ?? 0) + n);
  }
  check(name, ok) {
    if (ok) this.checks.pass++;
    else {
      this.checks.fail++;
      this.failedChecks.set(name, (this.failedChecks.get(name) ?? 0) + 1);
    }
    return ok;
  }
  /** Forgets everything recorded so far: the next summary covers only what follows (a measurement window). */
  reset() {
    this.durations.clear();
    this.requests = 0;
    this.failedRequests = 0;
    this.checks = { pass: 0, fail: 0 };
    this.failedChecks.clear();
    this.trends.clear();
    this.counters.clear();
  }
  request(route, ms, failed) {
    this.requests++;
    if (failed) this.failedRequests++;
    if (!this.durations.has(route)) this.durations.set(route, []);
    this.durations.get(route).push(ms);
  }

  summary() {
    const all = [...this.durations.values()].flat();
    const checksTotal = this.checks.pass + this.checks.fail;
    const delivery = this.trends.get('message_delivery_ms') ?? [];
    return {
      http_reqs: this.requests,
      http_req_failed: this.requests ? this.failedRequests / this.requests : 0,
      http_req_duration_p95: percentile(all, 95),
      http_req_duration_p95_by_route: Object.fromEntries(
        [...this.durations].map(([r, v]) => [r, Number(percentile(v, 95).toFixed(1))]),
      ),
      checks: checksTotal ? this.checks.pass / checksTotal : 1,
      failed_checks: Object.fromEntries(this.failedChecks),
      message_delivery_ms_p95: percentile(delivery, 95),
      message_delivery_count: delivery.length,
      trends_p95: Object.fromEntries([...this.trends].map(([n, v]) => [n, Number(percentile(v, 95).toFixed(1))])),
      counters: Object.fromEntries(this.counters),
    };
  }

  /** Prints the summary as one JSON line and the k6 threshold verdicts; resolves to whether all thresholds held. */
  report({ delivery = false } = {}) {
    const s = this.summary();
    const thresholds = {
      'http_req_failed rate<0.01': s.http_req_failed < 0.01,
      'http_req_duration p(95)<200': !(s.http_req_duration_p95 >= 200),
      'checks rate>0.99': s.checks > 0.99,
      ...(delivery
        ? { 'message_delivery_ms p(95)<100': s.message_delivery_count > 0 && s.message_delivery_ms_p95 < 100 }
        : {}),
    };
    process.stdout.write(`${JSON.stringify({ ...s, thresholds })}\n`);
    for (const [name, ok] of Object.entries(thresholds)) process.stdout.write(`${ok ? '✓' : '✗'} ${name}\n`);
    return Object.values(thresholds).every(Boolean);
  }
}

/**
 * Keep-alive connections shared by every client of the process, as fetch's global pool shares them. node:http rather
 * than fetch: on this machine the load generator shares two cores with the product, and fetch spent about 375 µs of
 * CPU on a request that node:http sends and reads in about 90 (a 24 KB gzipped JSON page, bench/http/README.md).
 */
const agent = new http.Agent({ keepAlive: true });
/** Bodies are a page at most: decoded in one call, which costs less than handing them to the thread pool. */
const DECODE = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync };

/**
 * One request with the headers fetch sent (so the product negotiates and compresses as before), redirects not
 * followed; resolves with the status, the session cookies set and the decoded body.
 */
const send = (url, method, cookie, payload) =>
  new Promise((resolve, reject) => {
    const headers = {
      accept: '*/*',
      'accept-encoding': 'gzip, deflate',
      'user-agent': 'node',
      'content-type': 'application/json',
      ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
      ...(cookie ? { cookie } : {}),
    };
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const decode = DECODE[res.headers['content-encoding']];
          const text = (decode ? decode(raw) : raw).toString();
          resolve({ status: res.statusCode, setCookie: res.headers['set-cookie'] ?? [], text });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    req.end(payload);
  });

/** One browser-like client: its own session cookie, JSON requests timed into the shared metrics by route. */
export class Client {
  cookie = '';
  /** @type {string | null | undefined} */
  stripeKey = undefined;
  constructor(metrics, base) {
    this.metrics = metrics;
    this.base = baseUrl(base);
  }

  async request(method, path, body, route = path) {
    const started = performance.now();
    let status = 0;
    let json = null;
    let text = '';
    try {
      const res = await send(
        `${this.base}${path}`,
        method,
        this.cookie,
        body === undefined ? undefined : JSON.stringify(body),
      );
      status = res.status;
      const session = res.setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('tc.sid='));
      if (session) this.cookie = session;
      text = res.text;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
    } catch {
      status = 0;
    }
    // k6 counts a request as failed unless its status is 2xx or 3xx
    this.metrics.request(route, performance.now() - started, !(status >= 200 && status < 400));
    return { status, json, text };
  }

  /** The request, its status check and an optional body check, as `expect` in deploy/k6/lib/api.js. */
  async expect(method, path, body, status, what, bodyCheck, route) {
    const res = await this.request(method, path, body, route);
    const ok = this.metrics.check(`${what}: ${status}`, res.status === status);
    const bodyOk = bodyCheck ? this.metrics.check(`${what}: body`, res.json !== null && bodyCheck(res.json)) : true;
    return ok && bodyOk ? res.json : null;
  }

  login(email) {
    return this.expect('POST', '/api/login', { email, password: PASSWORD }, 200, 'login', (u) => u.email === email);
  }

  async signUp({ email, firstName = 'Load', lastName = 'Tester', companySize = '16-50' }) {
    this.cookie = '';
    const user = await this.expect(
      'POST',
      '/api/register',
      { firstName, lastName, email, password: PASSWORD, companySize },
      201,
      'register',
      (u) => u.email === email,
    );
    if (!user) return null;
    const seats = companySize === '2-5' ? 5 : companySize === '6-15' ? 10 : 30;
    const sub = await this.expect(
      'POST',
      '/api/create-signup-subscription',
      { seats },
      200,
      'create signup subscription',
      (b) => !!b.clientSecret,
    );
    if (!sub) return null;
    if (!(await this.confirmCardSetup(sub.clientSecret))) return null;
    for (let attempt = 0; attempt < 10; attempt++) {
      const status = await this.expect('POST', '/api/verify-payment-status', {}, 200, 'verify payment status');
      if (status?.paymentCompleted) return { ...user, paymentCompleted: true };
      await sleep(1000);
    }
    this.metrics.check('payment completed within 10 polls', false);
    return null;
  }

  /** The deployment's Stripe publishable key, or null for the offline provider; a live key stops the run. */
  async stripePublishableKey() {
    if (this.stripeKey !== undefined) return this.stripeKey;
    const config = await this.expect('GET', '/api/billing/config', undefined, 200, 'billing config');
    if (!config) throw new Error('GET /api/billing/config failed');
    const key = config.stripePublishableKey;
    if (key && !key.startsWith('pk_test_')) throw new Error('the deployment uses Stripe with a live key');
    this.stripeKey = key;
    return key;
  }

  /** The card setup confirmed as deploy/k6/lib/api.js confirmCardSetup does: offline card form or Stripe test mode. */
  async confirmCardSetup(clientSecret) {
    const key = await this.stripePublishableKey();
    if (!key) {
      return !!(await this.expect(
        'POST',
        '/api/local-payments/confirm',
        { clientSecret, cardNumber: TEST_CARD },
        200,
        'confirm test card',
        (b) => b.status === 'succeeded',
      ));
    }
    if (!LOCAL_HOSTS.has(new URL(STRIPE_API).hostname))
      throw new Error(`STRIPE_API must point at this machine (a Stripe fake), got ${STRIPE_API}`);
    const started = performance.now();
    const res = await fetch(`${STRIPE_API}/v1/setup_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: clientSecret, payment_method: STRIPE_TEST_PAYMENT_METHOD }),
    }).catch(() => null);
    const body = res ? await res.json().catch(() => null) : null;
    const status = res?.status ?? 0;
    this.metrics.request('stripe: confirm setup intent', performance.now() - started, !(status >= 200 && status < 400));
    const ok = this.metrics.check('confirm Stripe test card: 200', status === 200);
    return ok && this.metrics.check('confirm Stripe test card: body', body?.status === 'succeeded');
  }

  createWorkspace(name) {
    return this.expect('POST', '/api/workspaces', { name }, 201, 'create workspace', (w) => w.name === name);
  }

  async listChannels() {
    return (await this.expect('GET', '/api/channels', undefined, 200, 'list channels', Array.isArray)) ?? [];
  }

  /** The live socket with this client's session; resolves once open (rejects when the upgrade is refused). */
  openSocket() {
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: this.cookie } });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }
}

/** A workspace with an admin, `members - 1` members who joined by invite, and `channels` channels besides #general. */
export const seedWorkspace = async (metrics, { runId, index, members, channels, base }) => {
  const emailOf = (m) => `k6-${runId}-w${index}-u${m}@example.com`;
  const admin = new Client(metrics, base);
  const adminUser = await admin.signUp({ email: emailOf(0), firstName: `Admin${index}` });
  if (!adminUser) throw new Error(`could not sign up the admin of workspace ${index}`);
  const workspace = await admin.createWorkspace(`k6 ${runId} #${index}`);
  if (!workspace) throw new Error(`could not create workspace ${index}`);
  for (let c = 0; c < channels; c++) {
    await admin.expect(
      'POST',
      '/api/channels',
      { name: `load-${c}`, description: 'k6 load channel' },
      201,
      'create channel',
    );
  }
  const channelIds = (await admin.listChannels()).filter((ch) => ch.type !== 'direct').map((ch) => ch.id);
  const users = [{ email: emailOf(0), userId: adminUser.id }];
  const tokens = [];
  for (let m = 1; m < members; m++) {
    const invite = await admin.expect('POST', '/api/invites', {}, 201, 'create invite', (b) => !!b.token);
    if (invite) tokens.push(invite.token);
  }
  for (const [i, token] of tokens.entries()) {
    const email = emailOf(i + 1);
    const member = new Client(metrics, base);
    const joined = await member.expect(
      'POST',
      `/api/invites/${token}/accept`,
      { email, firstName: `Member${i + 1}`, lastName: `W${index}`, password: PASSWORD },
      201,
      'accept invite',
      (u) => u.email === email,
      '/api/invites/{token}/accept',
    );
    if (joined) users.push({ email, userId: joined.id });
  }
  return { id: workspace.id, channelIds, users };
};
