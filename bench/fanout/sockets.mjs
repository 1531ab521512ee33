// Socket-holding modes of the fan-out benchmark (issue 14): `--idle N` holds N idle joined sockets on one gateway and
// measures the memory each costs and the heartbeats they answer; `--storm N` drops N joined sockets at once and
// reconnects them all at the same moment (join with `since`, as the web client does), measuring the time until every
// one has joined again and the errors on the way. Each runs against the product and the floor (the bare ws + Redis
// relay) in the same run.
import WebSocket from 'ws';

/** The web client's reconnect backoff: doubling from 250 ms up to 5 s, each wait jittered between half and all of it. */
const RECONNECT_BASE_MS = 250;
const RECONNECT_MAX_MS = 5000;
const STORM_DEADLINE_MS = 60_000;

/**
 * Opens one socket and joins, as the web client does after a drop; on any failure (refused, reset, timed out) waits a
 * jittered, growing delay and tries again, counting each failure by its kind. Resolves with the new client, or with
 * null when the deadline passes first.
 */
const rejoin = async (spec, errors, deadline) => {
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    try {
      const ws = new WebSocket(spec.url, { headers: spec.headers ?? {}, perMessageDeflate: false });
      const client = { ...spec, ws, received: new Map(), errors: [] };
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('join timed out')), 15_000);
        ws.once('error', (err) => (clearTimeout(timer), reject(err)));
        ws.once(
          'unexpected-response',
          (_req, res) => (clearTimeout(timer), reject(new Error(`upgrade ${res.statusCode}`))),
        );
        ws.once('open', () => ws.send(JSON.stringify(spec.rejoinFrame ?? spec.joinFrame)));
        ws.on('message', (data) => {
          if (spec.isJoined(String(data))) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      return client;
    } catch (err) {
      const kind = /** @type {{ code?: string }} */ (err).code ?? String(err.message).split(':')[0];
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
      const backoff = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
      await new Promise((r) => setTimeout(r, backoff / 2 + Math.random() * (backoff / 2)));
    }
  }
  return null;
};

/**
 * Drops every client at once (the server sees each connection end, as when a network path or a node goes away) and
 * reconnects them all at the same moment. Returns the time until the last one joined again, the errors by kind (each
 * failed attempt, later retried), and how many never made it within a minute.
 */
export const storm = async (clients) => {
  for (const c of clients) c.ws.terminate();
  const started = performance.now();
  const errors = new Map();
  const deadline = Date.now() + STORM_DEADLINE_MS;
  const rejoined = await Promise.all(clients.map((c) => rejoin(c, errors, deadline)));
  const ms = performance.now() - started;
  const back = rejoined.filter(Boolean);
  return {
    sockets: clients.length,
    ms,
    rejoined: back.length,
    failed: clients.length - back.length,
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    errorKinds: Object.fromEntries(errors),
    clients: back,
  };
};

/**
 * Holds the joined clients idle for `seconds`, counting the server's heartbeat pings each answers (ws answers a ping
 * with a pong by itself) and the sockets the server closed meanwhile.
 */
export const holdIdle = async (clients, seconds) => {
  let pings = 0;
  let closed = 0;
  for (const c of clients) {
    c.ws.on('ping', () => pings++);
    c.ws.on('close', () => closed++);
  }
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return { pings, closed };
};

/** Error codes that mean "not now": the web client sends the same message again (use-send-message.ts). */
const RETRYABLE = new Set(['BUS.UNAVAILABLE', 'AUTH.RATE_LIMITED']);

/**
 * Offers `rate` messages a second for `seconds` from random members of each room, every sender behaving as the web
 * client does: a message refused for now is sent again with the same clientMsgId after a growing, jittered pause,
 * until its echo comes back (it is acknowledged) or `drainSeconds` after the last offer. Returns what was offered,
 * acknowledged and refused, the acknowledgement latency, and the ids acknowledged.
 */
export const offer = async ({ clients, rate, seconds, drainSeconds = 60, frameOf }) => {
  const byRoom = new Map();
  for (const c of clients) byRoom.set(c.room, [...(byRoom.get(c.room) ?? []), c]);
  const rooms = [...byRoom.keys()];
  const pending = new Map(); // id → { client, frame, attempt, firstAt }
  const acked = new Map(); // id → ms from the first offer to the echo
  let refusals = 0;
  let refusedForGood = 0;
  const retryKinds = new Map();
  const send = (id) => {
    const p = pending.get(id);
    if (p && p.client.ws.readyState === WebSocket.OPEN) p.client.ws.send(p.frame);
  };
  for (const client of clients) {
    client.onFrame = (raw) => {
      if (raw.startsWith('{"type":"message"')) {
        const id = /"clientMsgId":"(o\d+)"/.exec(raw)?.[1];
        const p = id ? pending.get(id) : undefined;
        if (p && p.client === client) {
          acked.set(id, performance.now() - p.firstAt);
          pending.delete(id);
        }
      } else if (raw.startsWith('{"type":"error"')) {
        const frame = JSON.parse(raw);
        const p = frame.clientMsgId ? pending.get(frame.clientMsgId) : undefined;
        if (!p) return;
        refusals++;
        retryKinds.set(frame.code, (retryKinds.get(frame.code) ?? 0) + 1);
        if (!RETRYABLE.has(frame.code)) {
          refusedForGood++;
          pending.delete(frame.clientMsgId);
          return;
        }
        const ceiling = Math.min(16_000, 1000 * 2 ** p.attempt++);
        setTimeout(() => send(frame.clientMsgId), ceiling / 2 + Math.random() * (ceiling / 2));
      }
    };
  }
  let seq = 0;
  let owed = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    let last = started;
    const tick = () => {
      const now = performance.now();
      owed += ((now - last) / 1000) * rate;
      last = now;
      while (owed >= 1) {
        owed -= 1;
        const members = byRoom.get(rooms[seq % rooms.length]);
        const client = members[Math.floor(Math.random() * members.length)];
        const id = `o${seq++}`;
        pending.set(id, { client, frame: JSON.stringify(frameOf(client, id)), attempt: 0, firstAt: now });
        send(id);
      }
      if (now - started >= seconds * 1000) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const offeredFor = (performance.now() - started) / 1000;
  const deadline = performance.now() + drainSeconds * 1000;
  while (pending.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const latencies = [...acked.values()].sort((a, b) => a - b);
  return {
    offered: seq,
    offeredPerSecond: seq / offeredFor,
    acknowledged: acked.size,
    ackedPerSecond: acked.size / ((performance.now() - started) / 1000),
    ackedIds: [...acked.keys()],
    unacknowledged: pending.size,
    refusals,
    refusedForGood,
    refusalKinds: Object.fromEntries(retryKinds),
    ackP50: latencies[Math.floor(latencies.length * 0.5)] ?? NaN,
    ackP99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? NaN,
  };
};
