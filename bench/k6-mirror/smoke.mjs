// Mirror of deploy/k6/smoke.js: one user, ITERATIONS passes over health, SPA, OpenAPI, channels, post, list, search
// and a message round trip over the socket.
//   node bench/k6-mirror/smoke.mjs           (BASE_URL=http://127.0.0.1:3000, ITERATIONS=10)
import { Client, Metrics, envNumber, sentence } from './lib.mjs';

const ITERATIONS = envNumber('ITERATIONS', 10);
const metrics = new Metrics();
const client = new Client(metrics);
const email = `k6-smoke-${Date.now().toString(36)}@example.com`;
if (!(await client.signUp({ email, companySize: '2-5' }))) throw new Error('signup failed');
if (!(await client.createWorkspace('k6 smoke'))) throw new Error('workspace creation failed');
const me = await client.login(email);
if (!me) throw new Error('login failed');

const roundTrip = async (channelId) => {
  const ws = await client.openSocket();
  const clientMsgId = `k6.${Date.now()}.smoke`;
  let sentAt = 0;
  const delivered = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 5000);
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'joined') {
        sentAt = Date.now();
        ws.send(
          JSON.stringify({
            type: 'message',
            channelId,
            userId: me.id,
            username: me.username,
            content: 'smoke over the socket',
            clientMsgId,
          }),
        );
      } else if (frame.type === 'message' && frame.message.clientMsgId === clientMsgId) {
        metrics.trend('message_delivery_ms', Date.now() - sentAt);
        clearTimeout(timer);
        resolve(true);
      }
    });
    ws.send(JSON.stringify({ type: 'join', userId: me.id, username: me.username }));
  });
  ws.close();
  metrics.check('socket message delivered', delivered);
};

for (let i = 0; i < ITERATIONS; i++) {
  await client.expect('GET', '/api/health', undefined, 200, 'liveness', (b) => b.status === 'ok');
  await client.expect('GET', '/api/health/ready', undefined, 200, 'readiness', (b) => b.status === 'ok');
  const spa = await client.request('GET', '/', undefined, '/');
  metrics.check('SPA: 200 html', spa.status === 200 && spa.text.includes('<div id="root">'));
  await client.expect('GET', '/api/docs/openapi.json', undefined, 200, 'openapi document', (b) => typeof b.paths === 'object');
  await client.expect('GET', '/api/auth/user', undefined, 200, 'current user', (u) => u.id === me.id);
  const [channel] = await client.listChannels();
  if (!metrics.check('workspace has a channel', !!channel)) continue;
  const content = sentence(4);
  await client.expect(
    'POST',
    `/api/channels/${channel.id}/messages`,
    { content },
    201,
    'post message',
    (m) => m.content === content,
    '/api/channels/{id}/messages',
  );
  await client.expect(
    'GET',
    `/api/channels/${channel.id}/messages`,
    undefined,
    200,
    'list messages',
    (l) => l.some((m) => m.content === content),
    '/api/channels/{id}/messages',
  );
  await client.expect(
    'GET',
    `/api/messages/search?q=${content.split(' ')[0]}`,
    undefined,
    200,
    'search',
    Array.isArray,
    '/api/messages/search',
  );
  await roundTrip(channel.id);
}
process.exit(metrics.report({ delivery: true }) ? 0 : 1);
