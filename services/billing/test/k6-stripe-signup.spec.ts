// The k6 signup path against a deployment in Stripe test mode, through the Node mirror of the k6 scenarios
// (bench/k6-mirror/signup.mjs, the same requests as deploy/k6/lib/api.js): each signup's card setup is confirmed at
// Stripe with the publishable key and the setup's client secret, as Stripe.js does, and the payment poll then finds
// the workspace paid. Stripe is the fake of its HTTP API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { FakeStripeApi } from './stripe-api.fake.js';

const root = new URL('../../..', import.meta.url).pathname;

/** Runs the mirror's signup scenario and returns the summary line it prints. */
const signupMirror = (env: Record<string, string>) =>
  new Promise<{ code: number | null; summary: Record<string, unknown>; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bench/k6-mirror/signup.mjs')], {
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('{"http_reqs"'));
      if (!line) reject(new Error(`signup.mjs printed no summary:\n${output}`));
      else resolve({ code, summary: JSON.parse(line) as Record<string, unknown>, output });
    });
  });

describe('k6 signups against a deployment in Stripe test mode', () => {
  const stripe = new FakeStripeApi();
  let stack: TestStack;

  beforeAll(async () => {
    await stripe.start();
    stack = await startTestStack({ env: stripe.env() });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await stripe.close();
  });

  it('confirms each card setup at Stripe with a test payment method, and every signup ends paid', async () => {
    const { summary } = await signupMirror({
      BASE_URL: stack.url,
      STRIPE_API: `http://127.0.0.1:${stripe.port}`,
      RATE: '60',
      DURATION_S: '2',
    });
    expect(summary.failed_checks).toEqual({});
    expect(summary.http_req_failed).toBe(0);
    const confirms = stripe.requestsTo('POST', /^\/v1\/setup_intents\/[^/]+\/confirm$/);
    expect(confirms).toHaveLength(2);
    for (const c of confirms) {
      expect(c.headers.authorization).toBe(`Bearer ${stripe.publishableKey}`);
      expect(c.body).toMatchObject({
        payment_method: 'pm_card_visa',
        client_secret: expect.stringContaining('_secret_'),
      });
    }
    // the offline provider's form is never used
    expect(summary.http_req_duration_p95_by_route).not.toHaveProperty('/api/local-payments/confirm');
  }, 60_000);

  it('will not confirm anywhere but at a Stripe on this machine', async () => {
    const { output } = await signupMirror({
      BASE_URL: stack.url,
      STRIPE_API: 'https://api.stripe.com',
      RATE: '60',
      DURATION_S: '1',
    }).catch((err: Error) => ({ output: err.message }));
    expect(output).toContain('STRIPE_API must point at this machine');
  }, 60_000);
});
