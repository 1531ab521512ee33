// A local fake of Stripe's HTTP API (the v1 endpoints billing uses): real HTTP, form-encoded bodies, idempotency keys,
// Stripe-shaped objects and errors. Tests point the `stripe` client at it with host/port/protocol and read what it got.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Json;
  headers: Record<string, string | undefined>;
  body: Json;
}

export interface StripeErrorAnswer {
  status: number;
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'rate_limit_error' | 'idempotency_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
}

interface Failure {
  method: string;
  path: RegExp;
  answer: StripeErrorAnswer;
  times: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=v` pairs to nested objects/arrays, as Stripe (qs) reads them. */
export const parseStripeForm = (text: string): Json => {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
};

export class FakeStripeApi {
  readonly secretKey = 'sk_test_fake_0123456789';
  readonly publishableKey = 'pk_test_fake_0123456789';
  readonly priceId = 'price_seat_monthly';
  readonly webhookSecret = 'whsec_fake_0123456789abcdef';
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  private readonly failures: Failure[] = [];
  private server?: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Environment that makes billing use Stripe, pointed at this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_PRICE_ID: this.priceId,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  /** The next `times` matching requests are answered with a Stripe error. */
  failNext(method: string, path: RegExp, answer: StripeErrorAnswer, times = 1): void {
    this.failures.push({ method, path, answer, times });
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  reset(): void {
    this.requests.length = 0;
    this.failures.length = 0;
  }

  /** What Stripe.js does when the payer confirms the card form: the SetupIntent succeeds with a new card. */
  confirmSetupIntent(setupIntentId: string, paymentMethod = id('pm')): string {
    const setup = this.setupIntents.get(setupIntentId);
    if (!setup) throw new Error(`no setup intent ${setupIntentId}`);
    setup.status = 'succeeded';
    setup.payment_method = paymentMethod;
    for (const subscription of this.subscriptions.values()) {
      // save_default_payment_method=on_subscription
      if (subscription.pending_setup_intent === setupIntentId) {
        subscription.default_payment_method = paymentMethod;
        subscription.pending_setup_intent = null;
      }
    }
    return paymentMethod;
  }

  /**
   * Stripe.js's confirmation of a SetupIntent: the publishable key and the intent's client secret, with a payment
   * method (a test one such as pm_card_visa in test mode).
   */
  private confirmByClient(setupIntentId: string, req: RecordedRequest): [number, unknown] {
    const setup = this.setupIntents.get(setupIntentId);
    if (!setup || req.body.client_secret !== setup.client_secret) return this.missing('setup_intent', setupIntentId);
    if (typeof req.body.payment_method !== 'string')
      return this.error({ status: 400, type: 'invalid_request_error', message: 'Missing payment_method.' });
    this.confirmSetupIntent(setupIntentId, req.body.payment_method);
    return [200, setup];
  }

  setupIntentBySecret(clientSecret: string): Json | undefined {
    return [...this.setupIntents.values()].find((s) => s.client_secret === clientSecret);
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: parseStripeForm(url.searchParams.toString()),
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
      body: parseStripeForm(Buffer.concat(chunks).toString('utf8')),
    };
    this.requests.push(request);
    const [status, body] = this.answer(request);
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      'stripe-should-retry': 'false',
    });
    res.end(JSON.stringify(body));
  }

  private answer(req: RecordedRequest): [number, unknown] {
    const confirm = req.method === 'POST' ? /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(req.path) : null;
    if (confirm && req.headers.authorization === `Bearer ${this.publishableKey}`)
      return this.confirmByClient(confirm[1], req);
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return this.error({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    const failure = this.failures.find((f) => f.method === req.method && f.path.test(req.path));
    if (failure) {
      if (--failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      return this.error(failure.answer);
    }
    const key = req.headers['idempotency-key'];
    const cacheKey =
      key && req.method === 'POST' && !key.startsWith('stripe-node-retry-') ? `${req.path} ${key}` : null;
    if (cacheKey && this.idempotent.has(cacheKey)) {
      const seen = this.idempotent.get(cacheKey)!;
      return [seen.status, seen.body];
    }
    const result = this.route(req);
    if (cacheKey) this.idempotent.set(cacheKey, { status: result[0], body: result[1] });
    return result;
  }

  private route(req: RecordedRequest): [number, unknown] {
    const { method, path, body } = req;
    const expand = ((method === 'GET' ? req.query.expand : body.expand) as string[] | undefined) ?? [];
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
        created: now(),
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = this.customers.get(m[1]);
      if (!customer) return this.missing('customer', m[1]);
      const settings = body.invoice_settings as Json | undefined;
      if (settings?.default_payment_method) {
        (customer.invoice_settings as Json).default_payment_method = settings.default_payment_method;
      }
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/subscriptions') return this.createSubscription(body, expand);
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(m[1]);
      if (!subscription) return this.missing('subscription', m[1]);
      if (method === 'POST') {
        if (subscription.status === 'canceled') {
          return this.error({
            status: 400,
            type: 'invalid_request_error',
            message: 'A canceled subscription can only update its cancellation_details and metadata.',
          });
        }
        for (const item of (body.items as Json[] | undefined) ?? []) {
          const own = ((subscription.items as Json).data as Json[]).find((i) => i.id === item.id);
          if (!own) return this.missing('subscription_item', String(item.id));
          if (item.quantity !== undefined) own.quantity = Number(item.quantity);
        }
        if (body.default_payment_method) subscription.default_payment_method = body.default_payment_method;
      }
      return [200, this.expanded(subscription, expand)];
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!this.customers.has(String(body.customer))) return this.missing('customer', String(body.customer));
      return [200, this.newSetupIntent(String(body.customer), (body.metadata as Json) ?? {})];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/setup_intents\/([^/]+)$/))) {
      const setup = this.setupIntents.get(m[1]);
      return setup ? [200, setup] : this.missing('setup_intent', m[1]);
    }
    return this.error({
      status: 404,
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  private createSubscription(body: Json, expand: string[]): [number, unknown] {
    const customer = this.customers.get(String(body.customer));
    if (!customer) return this.missing('customer', String(body.customer));
    const items = (body.items as Json[] | undefined) ?? [];
    if (items.length === 0 || items.some((i) => i.price !== this.priceId)) {
      return this.error({
        status: 400,
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'items[0][price]',
        message: `No such price: '${String(items[0]?.price)}'`,
      });
    }
    const trialDays = body.trial_period_days ? Number(body.trial_period_days) : 0;
    const defaultPaymentMethod =
      (body.default_payment_method as string | undefined) ??
      ((customer.invoice_settings as Json).default_payment_method as string | null);
    const subscriptionId = id('sub');
    const needsCard = !defaultPaymentMethod;
    const setup = needsCard ? this.newSetupIntent(customer.id as string, { subscription: subscriptionId }) : null;
    const subscription: Json = {
      id: subscriptionId,
      object: 'subscription',
      customer: customer.id,
      // without a trial, a subscription with a card is charged at once and active; without one it waits for payment
      status: trialDays > 0 ? 'trialing' : needsCard ? 'incomplete' : 'active',
      trial_start: trialDays > 0 ? now() : null,
      trial_end: trialDays > 0 ? now() + trialDays * 86400 : null,
      items: {
        object: 'list',
        data: items.map((item) => ({
          id: id('si'),
          object: 'subscription_item',
          price: { id: item.price },
          quantity: Number(item.quantity ?? 1),
        })),
      },
      default_payment_method: (body.default_payment_method as string | undefined) ?? null,
      pending_setup_intent: setup ? setup.id : null,
      metadata: body.metadata ?? {},
      created: now(),
    };
    this.subscriptions.set(subscriptionId, subscription);
    return [200, this.expanded(subscription, expand)];
  }

  private newSetupIntent(customer: string, metadata: Json): Json {
    const setupId = id('seti');
    const setup = {
      id: setupId,
      object: 'setup_intent',
      client_secret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
      customer,
      status: 'requires_payment_method',
      payment_method: null,
      usage: 'off_session',
      metadata,
      created: now(),
    };
    this.setupIntents.set(setupId, setup);
    return setup;
  }

  private expanded(subscription: Json, expand: string[]): Json {
    const copy = structuredClone(subscription);
    if (expand.includes('pending_setup_intent') && typeof copy.pending_setup_intent === 'string') {
      copy.pending_setup_intent = this.setupIntents.get(copy.pending_setup_intent) ?? null;
    }
    return copy;
  }

  private missing(kind: string, value: string): [number, unknown] {
    return this.error({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${value}'`,
    });
  }

  private error(answer: StripeErrorAnswer): [number, unknown] {
    const { status, ...error } = answer;
    return [status, { error }];
  }
}
