// Mirror of deploy/k6/chat.js: VUS users log in, open the socket, join, and act with the same weighted mix (switch 60,
// read 22, post 10, search 6, reconnect 2 per 100 actions) for DURATION_S seconds, in sessions of SESSION_S seconds.
//   node bench/k6-mirror/chat.mjs            (BASE_URL=http://127.0.0.1:3000, VUS=20, DURATION_S=60)
// `runChat` and `chatUser` are exported for bench/http, which ramps these users against one gateway.
import { fileURLToPath } from 'node:url';
import {
  Client,
  Metrics,
  VOCABULARY,
  baseUrl,
  envNumber,
  randomIndex,
  seedWorkspace,
  sentence,
  sleep,
} from './lib.mjs';

export const ACTION_WEIGHTS = { switch: 60, read: 22, post: 10, search: 6, reconnect: 2 };

/**
 * One virtual user on `seat` (an account of `workspace`): logs in, then runs socket sessions of `sessionMs` with the
 * action mix until `running()` turns false. `onJoined` is called once, after its first socket joined.
 */
export const chatUser = async ({
  metrics,
  base = baseUrl(),
  workspace,
  seat,
  vu,
  sessionMs = 20000,
  thinkMinMs = 1000,
  thinkMaxMs = 3000,
  running,
  onJoined = () => undefined,
}) => {
  const think = () => sleep(thinkMinMs + Math.random() * (thinkMaxMs - thinkMinMs));
  const client = new Client(metrics, base);
  const me = await client.login(seat.email);
  if (!me) return;
  const channels = workspace.channelIds;
  let current = channels[randomIndex(channels.length)];
  let lastSeen = '';
  let seq = 0;
  let joinedOnce = false;

  /** Opens a socket and joins; resolves with it once `joined` arrives. */
  const connect = async () => {
    const ws = await client.openSocket();
    ws.on('message', (data) => {
      let frame;
      try {
        frame = JSON.parse(String(data));
      } catch {
        metrics.check('socket frame is JSON', false);
        return;
      }
      if (frame.type === 'message') {
        metrics.count('messages_received');
        if (frame.message.createdAt > lastSeen) lastSeen = frame.message.createdAt;
        const sent = /^k6\.(\d+)\./.exec(frame.message.clientMsgId || '');
        if (sent)
          metrics.trend(
            frame.message.userId === me.id ? 'message_echo_ms' : 'message_delivery_ms',
            Date.now() - Number(sent[1]),
          );
      } else if (frame.type === 'error') {
        metrics.count('ws_error_frames');
        metrics.check('no error frame', false);
      }
    });
    const joined = new Promise((resolve) => {
      const onFrame = (data) => {
        const frame = JSON.parse(String(data));
        if (frame.type === 'joined') {
          ws.off('message', onFrame);
          resolve(frame);
        }
      };
      ws.on('message', onFrame);
      ws.once('close', () => resolve(null));
    });
    ws.send(
      JSON.stringify({ type: 'join', userId: me.id, username: me.username, ...(lastSeen ? { since: lastSeen } : {}) }),
    );
    const frame = await joined;
    metrics.check('socket joined', frame?.userId === me.id);
    if (frame && !joinedOnce) {
      joinedOnce = true;
      onJoined();
    }
    return ws;
  };

  while (running()) {
    const sessionEnd = Date.now() + sessionMs;
    let ws = await connect().catch(() => null);
    if (!ws) {
      metrics.check('socket opened', false);
      await sleep(500);
      continue;
    }
    while (running() && Date.now() < sessionEnd) {
      await think();
      if (!running()) break;
      if (ws.readyState !== ws.OPEN) {
        // the gateway went away (1001): carry on through another socket
        metrics.count('ws_reconnects');
        ws = await connect().catch(() => null);
        if (!ws) break;
        continue;
      }
      const roll = Math.random() * 100;
      const { switch: sw, read, post, search } = ACTION_WEIGHTS;
      if (roll < sw) {
        current = channels[randomIndex(channels.length)];
        await client.expect(
          'GET',
          `/api/channels/${current}/messages`,
          undefined,
          200,
          'open channel',
          Array.isArray,
          '/api/channels/{id}/messages',
        );
        await client.expect(
          'POST',
          `/api/channels/${current}/read`,
          {},
          200,
          'mark read',
          undefined,
          '/api/channels/{id}/read',
        );
      } else if (roll < sw + read) {
        await client.expect(
          'GET',
          `/api/channels/${current}/messages`,
          undefined,
          200,
          'read channel',
          Array.isArray,
          '/api/channels/{id}/messages',
        );
      } else if (roll < sw + read + post) {
        const clientMsgId = `k6.${Date.now()}.${vu}.${seq++}`;
        ws.send(
          JSON.stringify({
            type: 'message',
            channelId: current,
            userId: me.id,
            username: me.username,
            content: sentence(6),
            clientMsgId,
          }),
        );
      } else if (roll < sw + read + post + search) {
        const q = VOCABULARY[randomIndex(VOCABULARY.length)];
        await client.expect(
          'GET',
          `/api/messages/search?q=${q}`,
          undefined,
          200,
          'search',
          Array.isArray,
          '/api/messages/search',
        );
      } else {
        metrics.count('ws_reconnects');
        ws.close(1000, 'k6 reconnect');
        ws = await connect().catch(() => null);
        if (!ws) break;
      }
    }
    // let the last posts arrive on the other sockets before leaving
    await sleep(200);
    ws?.close(1000, 'k6 session over');
  }
};

/** The k6 scenario: seeds `workspaces` workspaces, then `vus` users chat for `durationS` seconds. */
export const runChat = async ({
  base = baseUrl(),
  vus = 20,
  workspaces: workspaceCount = 2,
  channels = 5,
  durationS = 60,
  sessionS = 20,
  thinkMinMs = 1000,
  thinkMaxMs = 3000,
  metrics = new Metrics(),
}) => {
  const runId = Date.now().toString(36);
  const members = Math.min(29, Math.max(2, Math.ceil(vus / workspaceCount)));
  const workspaces = [];
  for (let i = 0; i < workspaceCount; i++)
    workspaces.push(await seedWorkspace(metrics, { runId, index: i, members, channels, base }));
  const deadline = Date.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: vus }, (_, i) => {
      const workspace = workspaces[i % workspaces.length];
      return chatUser({
        metrics,
        base,
        workspace,
        seat: workspace.users[Math.floor(i / workspaces.length) % workspace.users.length],
        vu: i + 1,
        sessionMs: sessionS * 1000,
        thinkMinMs,
        thinkMaxMs,
        running: () => Date.now() < deadline,
      });
    }),
  );
  return metrics;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const metrics = await runChat({
    vus: envNumber('VUS', 20),
    workspaces: envNumber('WORKSPACES', 2),
    channels: envNumber('CHANNELS', 5),
    durationS: envNumber('DURATION_S', 60),
    sessionS: envNumber('SESSION_S', 20),
    thinkMinMs: envNumber('THINK_MIN', 1) * 1000,
    thinkMaxMs: envNumber('THINK_MAX', 3) * 1000,
  });
  process.exit(metrics.report({ delivery: true }) ? 0 : 1);
}
