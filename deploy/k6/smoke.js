// smoke.js: one user, a short run, every main path once per iteration: health, SPA, API docs, channels, messages,
// search, and a message round trip over the live socket. Run it after each deployment, before heavier scenarios.
//   k6 run -e BASE_URL=https://chat.example.com deploy/k6/smoke.js
import http from 'k6/http';
import { check } from 'k6';
import { Trend } from 'k6/metrics';
import { setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import {
  BASE_THRESHOLDS,
  BASE_URL,
  WS_URL,
  api,
  createWorkspace,
  expect,
  listChannels,
  login,
  signUp,
  sentence,
} from './lib/api.js';

const roundTrip = new Trend('message_delivery_ms', true);

export const options = {
  vus: 1,
  duration: __ENV.DURATION || '30s',
  setupTimeout: '2m',
  thresholds: {
    ...BASE_THRESHOLDS,
    message_delivery_ms: ['p(95)<100'],
  },
};

/** @returns {{ email: string }} */
export function setup() {
  const email = `k6-smoke-${Date.now().toString(36)}@example.com`;
  if (!signUp({ email, companySize: '2-5' })) throw new Error('signup failed');
  if (!createWorkspace('k6 smoke')) throw new Error('workspace creation failed');
  return { email };
}

/** @type {{ id: string, username: string } | null} */
let me = null;

/** @param {{ email: string }} data */
export default function (data) {
  expect(api('GET', '/api/health'), 200, 'liveness', (b) => b.status === 'ok');
  expect(api('GET', '/api/health/ready'), 200, 'readiness', (b) => b.status === 'ok');
  check(http.get(`${BASE_URL}/`, { tags: { name: '/', target: 'product' } }), {
    'SPA: 200 html': (r) => r.status === 200 && String(r.body).includes('<div id="root">'),
  });
  expect(api('GET', '/api/docs/openapi.json'), 200, 'openapi document', (b) => typeof b.paths === 'object');
  if (!me) {
    const user = login(data.email);
    if (!user) return;
    me = { id: user.id, username: user.username };
  }
  const self = me;
  expect(api('GET', '/api/auth/user'), 200, 'current user', (u) => u.id === self.id);
  const [channel] = listChannels();
  if (!check(channel, { 'workspace has a channel': (c) => !!c })) return;
  const content = sentence(4);
  expect(
    api('POST', `/api/channels/${channel.id}/messages`, { content }, '/api/channels/{id}/messages'),
    201,
    'post message',
    (m) => m.content === content,
  );
  expect(
    api('GET', `/api/channels/${channel.id}/messages`, undefined, '/api/channels/{id}/messages'),
    200,
    'list messages',
    (l) => l.some((/** @type {{ content: string }} */ m) => m.content === content),
  );
  expect(
    api('GET', `/api/messages/search?q=${content.split(' ')[0]}`, undefined, '/api/messages/search'),
    200,
    'search',
    Array.isArray,
  );

  // the live socket: join, post a frame, receive it back as a `message` frame
  const socket = new WebSocket(WS_URL);
  const clientMsgId = `k6.${Date.now()}.smoke`;
  let sentAt = 0;
  let delivered = false;
  socket.onopen = () => socket.send(JSON.stringify({ type: 'join', userId: self.id, username: self.username }));
  socket.onmessage = (event) => {
    const frame = JSON.parse(String(event?.data));
    if (frame.type === 'joined') {
      sentAt = Date.now();
      socket.send(
        JSON.stringify({
          type: 'message',
          channelId: channel.id,
          userId: self.id,
          username: self.username,
          content: 'smoke over the socket',
          clientMsgId,
        }),
      );
    } else if (frame.type === 'message' && frame.message.clientMsgId === clientMsgId) {
      roundTrip.add(Date.now() - sentAt);
      delivered = true;
      socket.close();
    }
  };
  socket.onclose = () => check(delivered, { 'socket message delivered': (d) => d });
  setTimeout(() => {
    if (socket.readyState !== WebSocket.CLOSED) socket.close();
  }, 5000);
}
