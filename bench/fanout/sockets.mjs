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
