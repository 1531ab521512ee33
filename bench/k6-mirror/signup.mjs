// Mirror of deploy/k6/signup.js: RATE signups per minute for DURATION_S seconds, each the whole wizard with the offline
// payment provider, then the first workspace and its #general channel.
//   node bench/k6-mirror/signup.mjs          (BASE_URL=http://127.0.0.1:3000, RATE=8, DURATION_S=60)
import { Client, Metrics, envNumber, sleep } from './lib.mjs';

const RATE = envNumber('RATE', 8);
const DURATION_S = envNumber('DURATION_S', 60);
const SIZES = ['2-5', '6-15', '16-50', '51-200', '201-500', '1000+'];
const metrics = new Metrics();
const runId = Date.now().toString(36);

const journey = async (i) => {
  const client = new Client(metrics);
  const user = await client.signUp({
    email: `k6-signup-${runId}-${i}@example.com`,
    companySize: SIZES[i % SIZES.length],
  });
  if (!user) return;
  const workspace = await client.createWorkspace(`k6 signup ${i}`);
  if (!workspace) return;
  await client.expect(
    'GET',
    '/api/auth/user',
    undefined,
    200,
    'signed in with the new workspace',
    (u) => u.workspaceId === workspace.id && u.paymentCompleted === true,
  );
  metrics.check(
    'new workspace has #general',
    (await client.listChannels()).some((c) => c.name === 'general'),
  );
};

const total = Math.max(1, Math.round((RATE * DURATION_S) / 60));
const started = Date.now();
const inFlight = [];
for (let i = 0; i < total; i++) {
  const due = started + (i * 60_000) / RATE;
  if (due > Date.now()) await sleep(due - Date.now());
  inFlight.push(journey(i));
}
await Promise.all(inFlight);
process.exit(metrics.report() ? 0 : 1);
