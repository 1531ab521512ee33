// What the Stripe-backed billing specs share: accounts signed up over HTTP, and Stripe event objects as its webhooks
// deliver them.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';

let counter = 0;

/** A new account, signed in; each from an address of its own within `ipBlock` (10.<ipBlock>.x.y), so no limit trips. */
export const register = async (url: string, person: { firstName: string; lastName: string }, ipBlock: number) => {
  counter += 1;
  const agent = request.agent(url).set('x-forwarded-for', `10.${ipBlock}.${counter >> 8}.${counter & 255}`);
  const initials = `${person.firstName[0]}${person.lastName[0]}`.toLowerCase();
  const res = await agent.post('/api/register').send({
    ...person,
    email: `${initials}.${Date.now().toString(36)}.${counter}@example.com`,
    password: 'correct horse battery',
    companySize: '6-15',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
};

/** A Stripe event carrying `object`, as a webhook delivers it. */
export const stripeEvent = (
  type: string,
  object: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) => ({
  id: `evt_${randomBytes(12).toString('hex')}`,
  object: 'event',
  api_version: Stripe.API_VERSION,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
  ...overrides,
});
