// The floor of the fan-out benchmark: a bare `ws` server relaying room messages through Redis pub/sub, with no
// authentication, validation or persistence. Run standalone: PORT=4100 REDIS_URL=redis://... node relay.mjs
// With `storeSubject` (STORE_SUBJECT, and NATS_URL), the design's floor: each message frame is first a NATS request to
// store.mjs, which stores it in Postgres, and the stored frame it answers with is what goes to Redis — the hops the
// product's design makes a message take (gateway → NATS → chat → Postgres → NATS → gateway → Redis), bare.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';

export const startRelay = async ({ port = 0, redisUrl, namespace = '', natsUrl, storeSubject }) => {
  const nc = storeSubject ? await connect({ servers: natsUrl }) : null;
  const pub = new Redis(redisUrl);
  const sub = pub.duplicate();
  // a SUBSCRIBE sent while ioredis is still checking the fresh connection breaks that check
  await Promise.all(
    [pub, sub].map((r) => new Promise((resolve) => (r.status === 'ready' ? resolve() : r.once('ready', resolve)))),
  );
  const rooms = new Map();
  const channel = (room) => `${namespace}relay:${room}`;
  sub.on('message', (ch, raw) => {
    for (const ws of rooms.get(ch.slice(`${namespace}relay:`.length)) ?? []) ws.send(raw);
  });
  const http = createServer();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  // heartbeats as the gateway sends them (every 30 s), so an idle socket costs the floor what it costs the product
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) ws.ping();
  }, 30_000).unref();
  wss.on('connection', (ws) => {
    let room = null;
    ws.on('message', (data) => {
      const raw = String(data);
      const frame = JSON.parse(raw);
      if (frame.type === 'join') {
        room = String(frame.room);
        const members = rooms.get(room) ?? new Set();
        if (members.size === 0) {
          rooms.set(room, members);
          void sub.subscribe(channel(room)).then(() => ws.send('{"type":"joined"}'));
        } else ws.send('{"type":"joined"}');
        members.add(ws);
      } else if (frame.type === 'message' && room) {
        if (!nc) void pub.publish(channel(room), raw);
        else {
          const to = channel(room);
          // the stored frame to the room; a refusal (or no answer) to its sender alone
          nc.request(storeSubject, raw, { timeout: 5000 }).then(
            (answer) => {
              const stored = answer.string();
              if (stored.startsWith('{"type":"error"')) ws.send(stored);
              else void pub.publish(to, stored);
            },
            () => ws.send('{"type":"error"}'),
          );
        }
      }
    });
    ws.on('close', () => {
      const members = room ? rooms.get(room) : null;
      members?.delete(ws);
      if (members && members.size === 0) {
        rooms.delete(room);
        void sub.unsubscribe(channel(room));
      }
    });
  });
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  return {
    port: http.address().port,
    close: async () => {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(() => http.close(resolve)));
      sub.disconnect();
      pub.disconnect();
      await nc?.close();
    },
  };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const relay = await startRelay({
    port: Number(process.env.PORT ?? 0),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    namespace: process.env.RELAY_NAMESPACE ?? '',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    storeSubject: process.env.STORE_SUBJECT || undefined,
  });
  process.stdout.write(`relay listening on ${relay.port}\n`);
  process.once('SIGTERM', () => void relay.close().then(() => process.exit(0)));
}
