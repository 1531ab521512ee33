// Billing through the gateway with the offline payment provider (no Stripe key), on real Postgres, over both buses.
import request from 'supertest';
import {
  CARD_NUMBER_INVALID_MESSAGE,
  ErrorCodes,
  OUT_OF_SEATS_MESSAGE,
  SEATS_TO_ADD_MESSAGE,
} from '@teamchat/contracts';
import { startTestStack, type TestStack } from '@teamchat/test-stack';

type Agent = request.Agent;

const DECLINED = '4000000000000002';
const GOOD = '4242424242424242';
const DAY_MS = 86_400_000;

let counter = 0;

/** A newly registered, signed-in user (each from its own address, so sign-up throttling never interferes). */
const register = async (url: string, companySize = '2-5') => {
  counter += 1;
  const agent = request.agent(url).set('x-forwarded-for', `10.55.${counter >> 8}.${counter & 255}`);
  const res = await agent.post('/api/register').send({
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${Date.now().toString(36)}.${counter}@example.com`,
    password: 'correct horse battery',
    companySize,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
};

/** The signup Payment step as the SPA does it with the offline card form. */
const pay = async (agent: Agent, seats: number, card = GOOD) => {
  const created = await agent.post('/api/create-signup-subscription').send({ seats });
  expect(created.status).toBe(200);
  const confirmed = await agent
    .post('/api/local-payments/confirm')
    .send({ clientSecret: created.body.clientSecret, cardNumber: card });
  return { clientSecret: created.body.clientSecret as string, confirmed };
};

/** Registered, paid and with a workspace: an admin. */
const admin = async (url: string, seats: number) => {
  const agent = await register(url);
  await pay(agent, seats);
  expect((await agent.post('/api/verify-payment-status').send({})).body).toEqual({ paymentCompleted: true });
  const ws = await agent.post('/api/workspaces').send({ name: 'Acme' });
  expect(ws.status).toBe(201);
  return { agent, workspaceId: ws.body.id as string };
};

/** The subscription details once billing has attached the workspace's subscription (it follows the created event). */
const details = (agent: Agent) => agent.get('/api/subscription-details');

describe.each(['inprocess', 'nats'] as const)(
  'billing with the offline provider through the gateway (%s bus)',
  (transport) => {
    let stack: TestStack;

    beforeAll(async () => {
      stack = await startTestStack({ transport });
    }, 120_000);
    afterAll(async () => {
      await stack?.close();
    });

    it('tells the SPA to show the offline card form', async () => {
      const res = await request(stack.url).get('/api/billing/config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ stripePublishableKey: null });
    });

    it('describes the billing routes in the OpenAPI document', async () => {
      const docs = await request(stack.url).get('/api/docs/openapi.json');
      expect(Object.keys(docs.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/create-signup-subscription',
          '/api/verify-payment-status',
          '/api/subscription-details',
          '/api/purchase-seats',
          '/api/local-payments/confirm',
          '/api/billing/config',
          '/api/stripe/webhook',
        ]),
      );
    });

    it('takes a signup through create → confirm 4242 → verify true, and marks the user as paid', async () => {
      const agent = await register(stack.url, '6-15');
      const created = await agent.post('/api/create-signup-subscription').send({ seats: 10 });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ clientSecret: expect.stringMatching(/^lseti_\w+_secret_[\w-]{32}$/) });
      // idempotent while pending
      expect((await agent.post('/api/create-signup-subscription').send({ seats: 10 })).body).toEqual(created.body);
      expect((await agent.post('/api/verify-payment-status').send({})).body).toEqual({ paymentCompleted: false });

      const confirmed = await agent
        .post('/api/local-payments/confirm')
        .send({ clientSecret: created.body.clientSecret, cardNumber: '4242 4242 4242 4242' });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ status: 'succeeded' });

      const verified = await agent.post('/api/verify-payment-status').send({});
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ paymentCompleted: true });
      const me = await agent.get('/api/auth/user');
      expect(me.body).toMatchObject({ paymentCompleted: true, stripeSubscriptionId: expect.any(String) });

      // the paid subscription and its seats attach to the workspace the user creates next
      const ws = await agent.post('/api/workspaces').send({ name: 'Paid Co' });
      expect(ws.status).toBe(201);
      const res = await details(agent);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ seats: 10, amount: 50, onTrial: true, trialEnd: expect.any(String) });
      const trialLeft = new Date(res.body.trialEnd).getTime() - Date.now();
      expect(trialLeft).toBeGreaterThan(3 * DAY_MS - 60_000);
      expect(trialLeft).toBeLessThanOrEqual(3 * DAY_MS);
    });

    it('answers a declined card with {"error":"Your card was declined."} and verify stays false', async () => {
      const agent = await register(stack.url);
      const { clientSecret, confirmed } = await pay(agent, 5, DECLINED);
      expect(confirmed.status).toBe(402);
      expect(confirmed.body).toEqual({ error: 'Your card was declined.', code: ErrorCodes.cardDeclined });
      expect((await agent.post('/api/verify-payment-status').send({})).body).toEqual({ paymentCompleted: false });
      expect((await agent.get('/api/auth/user')).body.paymentCompleted).toBe(false);
      // another card can still be tried
      expect((await agent.post('/api/local-payments/confirm').send({ clientSecret, cardNumber: GOOD })).status).toBe(
        200,
      );
      expect((await agent.post('/api/verify-payment-status').send({})).body).toEqual({ paymentCompleted: true });
    });

    it('makes the workspace invite limit follow a seat purchase at once', async () => {
      const { agent } = await admin(stack.url, 5);
      // one seat is the admin; four invites fill the rest
      for (let i = 0; i < 4; i++) expect((await agent.post('/api/invites').send({})).status).toBe(201);
      const refused = await agent.post('/api/invites').send({});
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: OUT_OF_SEATS_MESSAGE, code: ErrorCodes.noSeats });

      const bought = await agent.post('/api/purchase-seats').send({ additionalSeats: 1 });
      expect(bought.status).toBe(200);
      expect(bought.body).toEqual({ message: 'Added 1 seats' });
      expect((await agent.post('/api/invites').send({})).status).toBe(201);
      expect((await agent.post('/api/invites').send({})).status).toBe(409);
    });
  },
);

describe('billing rules through the gateway (offline provider)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('refuses every billing route without a session', async () => {
    const anon = request(stack.url);
    expect((await anon.post('/api/create-signup-subscription').send({ seats: 5 })).status).toBe(401);
    expect((await anon.post('/api/verify-payment-status').send({})).status).toBe(401);
    expect((await anon.post('/api/local-payments/confirm').send({ clientSecret: 'x', cardNumber: GOOD })).status).toBe(
      401,
    );
    expect((await anon.get('/api/subscription-details')).status).toBe(401);
    expect((await anon.post('/api/purchase-seats').send({ additionalSeats: 1 })).status).toBe(401);
  });

  it('validates signup seats as a whole number from 1 to 1000', async () => {
    const agent = await register(stack.url);
    for (const seats of [0, 1001, 2.5, '5', null]) {
      const res = await agent.post('/api/create-signup-subscription').send({ seats });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'Seats must be a whole number from 1 to 1000',
        code: ErrorCodes.validation,
      });
    }
    expect((await agent.post('/api/create-signup-subscription').send({})).status).toBe(400);
  });

  it('answers a malformed card number with 400, and an unknown client secret with 404', async () => {
    const agent = await register(stack.url);
    const { clientSecret } = await agent
      .post('/api/create-signup-subscription')
      .send({ seats: 5 })
      .then((r) => r.body as { clientSecret: string });
    for (const cardNumber of [
      '1234',
      '4242424242424241',
      '4242-4242-4242-424x',
      '',
      4242424242424242,
      '4'.repeat(30),
    ]) {
      const res = await agent.post('/api/local-payments/confirm').send({ clientSecret, cardNumber });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: CARD_NUMBER_INVALID_MESSAGE, code: ErrorCodes.validation });
    }
    expect((await agent.post('/api/local-payments/confirm').send({ cardNumber: GOOD })).status).toBe(400);
    const unknown = await agent
      .post('/api/local-payments/confirm')
      .send({ clientSecret: `${clientSecret.slice(0, -4)}abcd`, cardNumber: GOOD });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Payment setup not found', code: ErrorCodes.paymentNotFound });
    expect((await agent.post('/api/verify-payment-status').send({})).body).toEqual({ paymentCompleted: false });
  });

  it('prices 49 seats at 245, 50 at a flat 250 and 51 at 250', async () => {
    const { agent } = await admin(stack.url, 30);
    expect((await details(agent)).body).toMatchObject({ seats: 30, amount: 150 });
    expect((await agent.post('/api/purchase-seats').send({ additionalSeats: 19 })).body).toEqual({
      message: 'Added 19 seats',
    });
    expect((await details(agent)).body).toMatchObject({ seats: 49, amount: 245 });
    await agent.post('/api/purchase-seats').send({ additionalSeats: 1 });
    expect((await details(agent)).body).toMatchObject({ seats: 50, amount: 250 });
    await agent.post('/api/purchase-seats').send({ additionalSeats: 1 });
    expect((await details(agent)).body).toMatchObject({ seats: 51, amount: 250 });
  });

  it('accepts 1 to 50 additional seats and refuses 0 and 51 with the seats message', async () => {
    const { agent } = await admin(stack.url, 5);
    for (const additionalSeats of [0, 51, -1, 1.5, '5']) {
      const res = await agent.post('/api/purchase-seats').send({ additionalSeats });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: SEATS_TO_ADD_MESSAGE, code: ErrorCodes.validation });
    }
    expect((await details(agent)).body.seats).toBe(5);
    const one = await agent.post('/api/purchase-seats').send({ additionalSeats: 1 });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ message: 'Added 1 seats' });
    const fifty = await agent.post('/api/purchase-seats').send({ additionalSeats: 50 });
    expect(fifty.status).toBe(200);
    expect(fifty.body).toEqual({ message: 'Added 50 seats' });
    expect((await details(agent)).body).toMatchObject({ seats: 56, amount: 250 });
  });

  it('adds up concurrent purchases', async () => {
    const { agent } = await admin(stack.url, 5);
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => agent.post('/api/purchase-seats').send({ additionalSeats: n })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await details(agent)).body.seats).toBe(15);
  });

  it('refuses a member who is not an admin with 403', async () => {
    const { agent } = await admin(stack.url, 5);
    const invite = await agent.post('/api/invites').send({});
    const member = request.agent(stack.url).set('x-forwarded-for', '10.66.0.1');
    const joined = await member.post(`/api/invites/${invite.body.token}/accept`).send({
      email: `member.${Date.now()}@example.com`,
      firstName: 'Mem',
      lastName: 'Ber',
      password: 'correct horse battery',
    });
    expect(joined.status).toBeLessThan(300);
    const forbidden = { error: "You don't have permission to access billing settings.", code: ErrorCodes.notAdmin };
    const view = await member.get('/api/subscription-details');
    expect(view.status).toBe(403);
    expect(view.body).toEqual(forbidden);
    const buy = await member.post('/api/purchase-seats').send({ additionalSeats: 5 });
    expect(buy.status).toBe(403);
    expect(buy.body).toEqual(forbidden);
    expect((await details(agent)).body.seats).toBe(5);
  });

  it('answers 404 "No active workspace" to a user without a workspace', async () => {
    const agent = await register(stack.url);
    const res = await agent.get('/api/subscription-details');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'No active workspace', code: ErrorCodes.noWorkspace });
  });

  it('gives an additional workspace its own 5-seat trial and leaves the first one as it was', async () => {
    const { agent, workspaceId: first } = await admin(stack.url, 10);
    expect((await details(agent)).body.seats).toBe(10);
    const second = await agent.post('/api/workspaces').send({ name: 'Side Project' });
    expect(second.status).toBe(201);
    const res = await details(agent);
    expect(res.body).toEqual({ seats: 5, amount: 25, onTrial: true, trialEnd: expect.any(String) });
    // the seat limit of the new workspace is those 5 seats: 4 invites besides the admin
    for (let i = 0; i < 4; i++) expect((await agent.post('/api/invites').send({})).status).toBe(201);
    expect((await agent.post('/api/invites').send({})).status).toBe(409);

    expect((await agent.post('/api/switch-workspace').send({ workspaceId: first })).status).toBe(200);
    expect((await details(agent)).body.seats).toBe(10);
  });

  it('gives a workspace made by a user who never paid a 5-seat trial too', async () => {
    const agent = await register(stack.url);
    expect((await agent.post('/api/workspaces').send({ name: 'Unpaid' })).status).toBe(201);
    expect((await details(agent)).body).toMatchObject({ seats: 5, amount: 25, onTrial: true });
    expect((await agent.post('/api/verify-payment-status').send({})).body).toEqual({ paymentCompleted: false });
  });
});
