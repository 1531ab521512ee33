// Mirror of deploy/k6/search.js: a corpus of CORPUS messages, then RATE one-word searches per second for DURATION_S
// seconds (constant arrival rate: a late answer does not slow the next request down).
//   node bench/k6-mirror/search.mjs          (BASE_URL=http://127.0.0.1:3000, RATE=20, DURATION_S=30)
import { Client, Metrics, VOCABULARY, envNumber, randomIndex, sentence, sleep } from './lib.mjs';

const CORPUS = envNumber('CORPUS', 500);
const CHANNELS = envNumber('CHANNELS', 4);
const RATE = envNumber('RATE', 20);
const DURATION_S = envNumber('DURATION_S', 30);
const metrics = new Metrics();
const client = new Client(metrics);
if (!(await client.signUp({ email: `k6-search-${Date.now().toString(36)}@example.com` })))
  throw new Error('signup failed');
if (!(await client.createWorkspace('k6 search'))) throw new Error('workspace creation failed');
for (let c = 1; c < CHANNELS; c++)
  await client.expect('POST', '/api/channels', { name: `search-${c}` }, 201, 'create channel');
const channels = await client.listChannels();
for (let i = 0; i < CORPUS; i++) {
  const channel = channels[i % channels.length];
  await client.expect(
    'POST',
    `/api/channels/${channel.id}/messages`,
    { content: sentence(8) },
    201,
    'write corpus',
    undefined,
    '/api/channels/{id}/messages',
  );
}

const search = async () => {
  const word = VOCABULARY[randomIndex(VOCABULARY.length)];
  const results = await client.expect(
    'GET',
    `/api/messages/search?q=${word}`,
    undefined,
    200,
    'search',
    Array.isArray,
    '/api/messages/search',
  );
  metrics.check('search finds the corpus', Array.isArray(results) && results.length > 0);
};
const inFlight = [];
const total = RATE * DURATION_S;
const started = Date.now();
for (let i = 0; i < total; i++) {
  const due = started + (i * 1000) / RATE;
  if (due > Date.now()) await sleep(due - Date.now());
  inFlight.push(search());
}
await Promise.all(inFlight);
process.exit(metrics.report() ? 0 : 1);
