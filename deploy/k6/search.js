// search.js: message search under load. Setup writes a corpus of messages into a few channels of one workspace; the
// virtual users then search it at a constant rate, one word per query (the search dialog's debounced queries).
//   k6 run -e BASE_URL=https://chat.example.com -e RATE=20 deploy/k6/search.js
import http from 'k6/http';
import { check } from 'k6';
import {
  BASE_THRESHOLDS,
  BASE_URL,
  VOCABULARY,
  api,
  createWorkspace,
  expect,
  listChannels,
  randomIndex,
  sentence,
  signUp,
} from './lib/api.js';

const CORPUS = Number(__ENV.CORPUS || 500);
const CHANNELS = Number(__ENV.CHANNELS || 4);

export const options = {
  setupTimeout: '10m',
  scenarios: {
    search: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 20),
      timeUnit: '1s',
      duration: __ENV.DURATION || '2m',
      preAllocatedVUs: Number(__ENV.VUS || 10),
      maxVUs: Number(__ENV.MAX_VUS || 50),
    },
  },
  thresholds: BASE_THRESHOLDS,
};

/** @returns {{ cookie: string }} */
export function setup() {
  const email = `k6-search-${Date.now().toString(36)}@example.com`;
  if (!signUp({ email })) throw new Error('signup failed');
  if (!createWorkspace('k6 search')) throw new Error('workspace creation failed');
  for (let c = 1; c < CHANNELS; c++)
    expect(api('POST', '/api/channels', { name: `search-${c}` }), 201, 'create channel');
  const channels = listChannels();
  for (let i = 0; i < CORPUS; i++) {
    const channel = channels[i % channels.length];
    expect(
      api('POST', `/api/channels/${channel.id}/messages`, { content: sentence(8) }, '/api/channels/{id}/messages'),
      201,
      'write corpus',
    );
  }
  // every virtual user searches as this one member: one login, not one per VU (logins are rate-limited per address)
  const cookie = http.cookieJar().cookiesForURL(BASE_URL)['tc.sid']?.[0];
  if (!cookie) throw new Error('no session cookie after signup');
  return { cookie };
}

/** @param {{ cookie: string }} data */
export default function (data) {
  http.cookieJar().set(BASE_URL, 'tc.sid', data.cookie);
  const word = VOCABULARY[randomIndex(VOCABULARY.length)];
  const results = expect(
    api('GET', `/api/messages/search?q=${word}`, undefined, '/api/messages/search'),
    200,
    'search',
    Array.isArray,
  );
  // every word of the vocabulary is in the corpus, so each query finds something
  check(results, { 'search finds the corpus': (r) => Array.isArray(r) && r.length > 0 });
}
