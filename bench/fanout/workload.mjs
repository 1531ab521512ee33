// Client side of the fan-out benchmark: C sockets in K rooms on two nodes, S messages/s, latency of every delivery.
import { readdirSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { processCpuOf } from '../http/servers.mjs';

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** Opens every socket (alternating between the nodes' URLs) and waits until each has joined its room. */
export const connectAll = async (plan, { concurrency = 50 } = {}) => {
  const clients = [];
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const spec = plan[next++];
      const ws = new WebSocket(spec.url, { headers: spec.headers ?? {}, perMessageDeflate: false });
      const client = { ...spec, ws, received: new Map(), errors: [] };
      ws.on('message', (data) => client.onFrame?.(String(data)));
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
        ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      });
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('join timed out')), 30000);
        client.onFrame = (raw) => {
          if (spec.isJoined(raw)) {
            clearTimeout(timer);
            resolve();
          }
        };
        ws.send(JSON.stringify(spec.joinFrame));
      });
      clients.push(client);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return clients;
};

/** The sum of a by-process CPU reading. */
export const totalCpu = (byProcess) => Object.values(byProcess).reduce((a, b) => a + b, 0);

const SERVERS = { postgres: 'postgres', 'nats-server': 'NATS', 'redis-server': 'Redis' };

/** A reading of every process of the machine's Postgres, NATS and Redis: pid → { server, own, reaped } seconds. */
export const serverCpu = () => {
  const reading = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const server = SERVERS[readFileSync(`/proc/${pid}/comm`, 'utf8').trim()];
      if (server) reading.set(pid, { server, ...processCpuOf(Number(pid)) });
    } catch {
      // gone meanwhile
    }
  }
  return reading;
};

/**
 * CPU seconds each server used between two readings. Postgres starts and ends a backend per connection: a backend that
 * exited meanwhile is counted through its parent's reaped time (its whole life) less what it had used at the first
 * reading; one that started meanwhile counts from zero. That part is never taken below zero for a server: a process
 * whose parent ended too (another Postgres cluster on the machine, such as a test's embedded one, shut down between
 * the readings) or has not reaped it yet leaves no reaped time to take its earlier CPU from, and subtracting it anyway
 * made Postgres's CPU negative.
 */
export const serverCpuBetween = (before, after) => {
  const zeros = () => Object.fromEntries(Object.values(SERVERS).map((name) => [name, 0]));
  const totals = zeros();
  const exited = zeros();
  for (const [pid, now] of after) {
    const then = before.get(pid);
    totals[now.server] += now.own - (then ? then.own : 0);
    exited[now.server] += now.reaped - (then ? then.reaped : 0);
  }
  for (const [pid, then] of before) if (!after.has(pid)) exited[then.server] -= then.own;
  for (const name of Object.keys(totals)) totals[name] += Math.max(0, exited[name]);
  return totals;
};

/** The rooms a client hears: `rooms` when it has several (a workspace's public channel and a private one), else `room`. */
const roomsOf = (client) => client.rooms ?? [client.room];

/**
 * Sends `rate` messages a second for `seconds` (round robin over rooms, from a random socket of the room), then
 * waits for deliveries to stop. Every socket of the room should receive every message of its room, its own included;
 * a message reaching a socket not in its room (a non-member of a private channel, another workspace) is counted apart,
 * in `nonMemberDeliveries`, and not as delivered. A client in several rooms (`rooms`) hears and sends in each.
 * With `everyOnce`, every socket sends exactly one message in each of its rooms instead (round robin over rooms, at
 * the same rate) and `seconds` is ignored: the round in which each user's first message meets caches that have never
 * seen them.
 */
export const runWorkload = async ({
  clients,
  rooms,
  rate,
  seconds,
  messageFrame,
  messageIdOf,
  drainMs = 5000,
  prefix = 'b',
  cpu = null,
  everyOnce = false,
}) => {
  const byRoom = new Map(rooms.map((r) => [r, clients.filter((c) => roomsOf(c).includes(r))]));
  const sentAt = new Map();
  /** Each message's room: who may hear it. */
  const sentIn = new Map();
  let nonMemberDeliveries = 0;
  /** Each message's sender's node (its URL): a delivery on that node or on the other one. */
  const sentVia = new Map();
  const latencies = [];
  const sameNode = [];
  const otherNode = [];
  let expected = 0;
  let received = 0;
  let errors = 0;
  let firstSend = 0;
  let lastReceive = 0;
  for (const client of clients) {
    client.received = new Map();
    const hears = new Set(roomsOf(client));
    client.onFrame = (raw) => {
      const id = messageIdOf(raw);
      if (id === null) {
        if (raw.includes('"type":"error"')) errors++;
        return;
      }
      const at = sentAt.get(id);
      if (at === undefined || client.received.has(id)) return;
      if (!hears.has(sentIn.get(id))) {
        nonMemberDeliveries++;
        return;
      }
      const now = performance.now();
      client.received.set(id, now);
      latencies.push(now - at);
      (sentVia.get(id) === client.url ? sameNode : otherNode).push(now - at);
      received++;
      lastReceive = now;
    };
  }
  const roomList = [...byRoom.keys()];
  // everyOnce: the first socket of every room, then the second of every room, and so on
  const queue = [];
  if (everyOnce) {
    const longest = Math.max(0, ...[...byRoom.values()].map((m) => m.length));
    for (let i = 0; i < longest; i++) {
      for (const room of roomList) {
        const member = byRoom.get(room)[i];
        if (member) queue.push({ sender: member, room });
      }
    }
  }
  const cpuBefore = cpu?.() ?? null;
  const serversBefore = cpu ? serverCpu() : null;
  let seq = 0;
  let owed = 0;
  firstSend = performance.now();
  const endAt = firstSend + seconds * 1000;
  await new Promise((resolve) => {
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      owed += ((now - last) / 1000) * rate;
      last = now;
      while (owed >= 1 && (!everyOnce || seq < queue.length)) {
        owed -= 1;
        let sender;
        let room;
        if (everyOnce) ({ sender, room } = queue[seq]);
        else {
          room = roomList[seq % roomList.length];
          const members = byRoom.get(room);
          sender = members[Math.floor(Math.random() * members.length)];
        }
        const id = `${prefix}${seq++}`;
        sentAt.set(id, performance.now());
        sentVia.set(id, sender.url);
        sentIn.set(id, room);
        expected += byRoom.get(room).length;
        sender.ws.send(JSON.stringify(messageFrame(sender, id, room)));
      }
      if (everyOnce ? seq >= queue.length : now >= endAt) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const sent = seq;
  const deadline = performance.now() + drainMs;
  while (received < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const cpuAfter = cpuBefore === null ? null : cpu();
  // a delivery to a socket not in the message's room would come with the room's own: a moment more to hear it
  await new Promise((r) => setTimeout(r, 200));
  const perMessage = (after, before) =>
    seq === 0
      ? {}
      : Object.fromEntries(Object.keys(after).map((k) => [k, ((after[k] - (before[k] ?? 0)) * 1000) / seq]));
  const cpuByProcess = cpuAfter === null ? null : perMessage(cpuAfter, cpuBefore);
  const cpuMs = cpuAfter === null ? null : (totalCpu(cpuAfter) - totalCpu(cpuBefore)) * 1000;
  latencies.sort((a, b) => a - b);
  const side = (sorted) => ({
    deliveries: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  });
  const span = Math.max(1, (lastReceive || performance.now()) - firstSend) / 1000;
  return {
    sent,
    expected,
    delivered: received,
    lost: expected - received,
    errors,
    deliveredPerSecond: received / span,
    /**
     * CPU of the server side's processes per message sent (stored and delivered to every socket of its room), ms;
     * null when they share this process.
     */
    cpuMsPerMessage: cpuMs === null || seq === 0 ? null : cpuMs / seq,
    /** The same per delivery (one message to one socket of its room), ms; a message reaches `expected / sent`. */
    cpuMsPerDelivery: cpuMs === null || received === 0 ? null : cpuMs / received,
    /** Messages that reached a socket outside their room (a non-member of a private channel): must be 0. */
    nonMemberDeliveries,
    /** Sockets that heard no message of the window at all (each room had one at least when `sent` ≥ rooms). */
    silentSockets: clients.filter((c) => c.received.size === 0).length,
    /** The same, process by process (ms per message). */
    cpuByProcess,
    /** Postgres, NATS and Redis (every process of each, whoever they served meanwhile), ms per message. */
    serverCpu: serversBefore === null ? null : perMessage(serverCpuBetween(serversBefore, serverCpu()), {}),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    /** Deliveries to sockets on the sender's node, and on the other node (after one more hop through Redis). */
    sameNode: side(sameNode.sort((a, b) => a - b)),
    otherNode: side(otherNode.sort((a, b) => a - b)),
  };
};

export const closeAll = async (clients) => {
  await Promise.all(
    clients.map(
      (c) =>
        new Promise((resolve) => {
          if (c.ws.readyState === WebSocket.CLOSED) return resolve();
          c.ws.once('close', resolve);
          c.ws.close();
        }),
    ),
  );
};

/** Resident set size of a process in bytes (Linux), or null. */
export const rssOf = async (pid) => {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb * 1024 : null;
  } catch {
    return null;
  }
};
