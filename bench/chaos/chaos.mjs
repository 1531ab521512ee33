#!/usr/bin/env node
// Fault injection against `npm run cluster` (scripts/cluster.mjs: six services and two gateways, supervised), on a
// NATS with JetStream and a Redis of its own that this script can freeze and stop, and a fresh database. While a
// member posts over HTTP to gateway 1 (retrying a refused message with the same clientMsgId, as the web client does)
// and a colleague listens on gateway 2 (reconnecting with `since` and catching up after a `resync`, as the web client
// does), each fault is applied and undone in turn. One line per fault says what was acknowledged, stored, lost
// (acknowledged but not stored: the target is 0), duplicated, and received by the colleague, and how long recovery
// took. Only this machine is ever used.
//
//   npm run build && node bench/chaos/chaos.mjs [--rate 10] [--hold 4]
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { api, createDatabase, everyServiceReady, freePort, root } from '../http/servers.mjs';

const { values: args } = parseArgs({
  options: { rate: { type: 'string', default: '10' }, hold: { type: 'string', default: '4' } },
});
const RATE = Number(args.rate); // messages per second from the poster
const HOLD_S = Number(args.hold); // seconds each fault lasts
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const NATS_SERVER = existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';

const until = async (what, check, timeoutMs = 60_000, everyMs = 100) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
};
const listening = (port) =>
  new Promise((resolve) => {
    const socket = createServer().listen(port, '127.0.0.1');
    socket.once('listening', () => socket.close(() => resolve(false)));
    socket.once('error', () => resolve(true));
  });

// ---------- the stack ----------
const work = mkdtempSync(join(tmpdir(), 'chaos-'));
const logFile = join(work, 'cluster.log');
const children = [];
const start = (cmd, argv, env = process.env, out = 'ignore') => {
  const child = spawn(cmd, argv, { env, stdio: ['ignore', out, out] });
  children.push(child);
  return child;
};

const natsPort = await freePort();
const nats = start(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(work, 'jetstream')]);
const redisPort = await freePort();
const startRedis = () =>
  start('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
let redis = startRedis();
await until('nats', () => listening(natsPort), 10_000);
await until('redis', () => listening(redisPort), 10_000);
const db = await createDatabase();

const gatewayPort = await freePort();
// two consecutive free ports for the gateways, and six for the services' metrics
const basePort = await (async () => {
  for (let p = gatewayPort; p < gatewayPort + 200; p++)
    if (!(await listening(p)) && !(await listening(p + 1))) return p;
  throw new Error('no two free ports');
})();
const metricsBase = await (async () => {
  for (let p = basePort + 50; p < basePort + 2000; p++) {
    let free = true;
    for (let i = 0; i < 6 && free; i++) free = !(await listening(p + i));
    if (free) return p;
  }
  throw new Error('no six free ports');
})();
const fd = openSync(logFile, 'a');
const cluster = start(
  process.execPath,
  [join(root, 'scripts', 'cluster.mjs')],
  {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(basePort),
    // production requires the site's origin (reset links are built on it); both gateways serve one site
    PUBLIC_URL: `http://127.0.0.1:${basePort}`,
    METRICS_PORT: String(metricsBase),
    GATEWAY_REPLICAS: '2',
    NATS_URL: `nats://127.0.0.1:${natsPort}`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    DATABASE_URL: db.url,
    DATA_DIR: join(work, 'data'),
    BUS_NAMESPACE: `chaos${Date.now().toString(36)}.`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
  },
  fd,
);
closeSync(fd);
const G1 = `http://127.0.0.1:${basePort}`;
const G2 = `http://127.0.0.1:${basePort + 1}`;

/** The pid scripts/cluster.mjs last started for a process (`[chat] started (pid 123)`). */
const pidOf = (name) => {
  const matches = [
    ...readFileSync(logFile, 'utf8').matchAll(new RegExp(`^\\[${name}\\] started \\(pid (\\d+)\\)`, 'gm')),
  ];
  return Number(matches.at(-1)?.[1]);
};

const stopAll = async () => {
  cluster.kill('SIGTERM');
  await new Promise((r) => (cluster.exitCode !== null ? r() : cluster.once('exit', r)));
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await db.drop().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

try {
  await until(
    'both gateways with every service',
    async () => (await everyServiceReady(G1)) && everyServiceReady(G2),
    180_000,
    250,
  );

  // ---------- a workspace: the poster (admin) and the listener ----------
  const run = Date.now().toString(36);
  const person = (tag) => ({
    firstName: 'Chaos',
    lastName: tag,
    email: `chaos.${tag}.${run}@example.com`,
    password: 'chaos-password',
  });
  const admin = await api(G1, 'POST', '/api/register', { body: { ...person('poster'), companySize: '2-5' } });
  await api(G1, 'POST', '/api/workspaces', { cookie: admin.cookie, body: { name: 'Chaos' } });
  const [general] = (await api(G1, 'GET', '/api/channels', { cookie: admin.cookie })).body;
  const invite = await api(G1, 'POST', '/api/invites', { cookie: admin.cookie, body: {} });
  const listener = await api(G1, 'POST', `/api/invites/${invite.body.token}/accept`, { body: person('listener') });
  const listenerId = (await api(G1, 'GET', '/api/auth/user', { cookie: listener.cookie })).body.id;

  // ---------- the listener: gateway 2 first, any gateway after a drop; since + resync as the web client ----------
  const received = new Set(); // clientMsgIds seen on the socket (live or replayed)
  let newest = null;
  let socket;
  const catchUp = async () => {
    // a resync: the page of history stands in for what was missed
    const res = await fetch(`${G1}/api/channels/${general.id}/messages?limit=200`, {
      headers: { cookie: listener.cookie },
    });
    if (res.ok) for (const m of await res.json()) if (m.clientMsgId) received.add(m.clientMsgId);
  };
  const connect = (base) => {
    socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie: listener.cookie, origin: base } });
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'join', userId: listenerId, ...(newest ? { since: newest } : {}) })),
    );
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === 'message' && frame.message?.clientMsgId) {
        received.add(frame.message.clientMsgId);
        if (!newest || frame.message.createdAt > newest) newest = frame.message.createdAt;
      } else if (frame.type === 'resync') void catchUp();
    });
    socket.on('close', () => {
      if (stopped) return;
      // the gateway went away: try this one, then the other
      setTimeout(() => connect(socket.url.includes(String(basePort + 1)) ? G1 : G2), 300);
    });
    socket.on('error', () => undefined);
  };
  let stopped = false;
  connect(G2);
  await sleep(1000);

  // ---------- the poster: RATE messages a second, each retried with its clientMsgId until stored or 30 s ----------
  const acknowledged = new Set();
  let refused = 0;
  let seq = 0;
  const post = async (clientMsgId) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const res = await fetch(`${G1}/api/channels/${general.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: G1 },
        body: JSON.stringify({ content: `chaos ${clientMsgId}`, clientMsgId }),
      }).catch(() => null);
      if (res?.status === 201 || res?.status === 200) {
        acknowledged.add(clientMsgId);
        return;
      }
      refused++;
      await sleep(250);
    }
  };
  const traffic = (label) => {
    const inFlight = [];
    const timer = setInterval(() => inFlight.push(post(`${label}-${++seq}`)), 1000 / RATE);
    return async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
    };
  };

  /** How long until an authenticated read through gateway 1 answers 200 again. */
  const serving = async (started, base = G1) => {
    await until(
      'serving again',
      async () => (await fetch(`${base}/api/channels`, { headers: { cookie: admin.cookie } })).ok,
      60_000,
      50,
    );
    return (Date.now() - started) / 1000;
  };

  const stored = async () => {
    const all = [];
    let before;
    for (;;) {
      const q = new URLSearchParams({ limit: '200', ...(before ? { before } : {}) });
      const res = await fetch(`${G1}/api/channels/${general.id}/messages?${q}`, { headers: { cookie: admin.cookie } });
      const page = await res.json();
      all.push(...page);
      if (page.length < 200) return all;
      before = page[0].id; // pages are oldest first
    }
  };

  const results = [];
  /**
   * Traffic, then the fault for HOLD_S seconds, then its undoing. A crash (`crash: true`) has nothing to undo: the
   * supervisor brings the process back, and recovery counts from the kill; otherwise from the undoing.
   */
  const fault = async (name, apply, undo, { check, crash = false, base = G1 } = {}) => {
    const mark = { refused };
    const label = name.split(' ')[0].toLowerCase();
    const stopTraffic = traffic(label);
    await sleep(1000);
    const appliedAt = Date.now();
    await apply();
    let recoverySeconds;
    if (crash) {
      // a killed gateway must first be seen gone (a killed service fails its requests through the others)
      if (base !== G1)
        await until(
          'gone',
          async () =>
            !(await fetch(`${base}/api/health`).then(
              () => true,
              () => false,
            )),
          5000,
          10,
        );
      recoverySeconds = await serving(appliedAt, base);
      await undo();
      await sleep(HOLD_S * 1000);
    } else {
      await sleep(HOLD_S * 1000);
      const undone = Date.now();
      await undo();
      recoverySeconds = await serving(undone, base);
    }
    await sleep(1500);
    await stopTraffic();
    await sleep(3000); // the listener catches up
    const mine = [...acknowledged].filter((id) => id.startsWith(`${label}-`));
    const rows = (await stored()).filter((m) => m.clientMsgId?.startsWith(`${label}-`));
    const storedIds = new Set(rows.map((m) => m.clientMsgId));
    const supervisor = crash
      ? readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((l) => /^\[[a-z0-9-]+\] (exited|restarting)/.test(l))
          .slice(-2)
          .join('; ')
      : '';
    const extra = [supervisor, check ? await check() : ''].filter(Boolean).join(' — ');
    results.push({
      name,
      acknowledged: mine.length,
      refused: refused - mark.refused,
      stored: storedIds.size,
      lost: mine.filter((id) => !storedIds.has(id)).length,
      duplicated: rows.length - storedIds.size,
      notReceived: mine.filter((id) => !received.has(id)).length,
      recoverySeconds,
      extra,
    });
    process.stderr.write(`done: ${name}\n`);
  };

  await fault(
    'chat killed (kill -9; the supervisor restarts it)',
    async () => process.kill(pidOf('chat'), 'SIGKILL'),
    async () => until('chat restarted', async () => everyServiceReady(G1), 60_000, 100),
    { crash: true },
  );
  await fault(
    'gateway-2 killed (the listener reconnects elsewhere)',
    async () => process.kill(pidOf('gateway-2'), 'SIGKILL'),
    async () => until('gateway-2 restarted', async () => everyServiceReady(G2), 60_000, 100),
    { crash: true, base: G2 },
  );
  await fault(
    'Redis stopped, then started again',
    async () => {
      redis.kill('SIGKILL');
    },
    async () => {
      redis = startRedis();
      await until('redis', () => listening(redisPort), 10_000);
    },
  );
  let frozenAnswers = [];
  await fault(
    'NATS frozen (SIGSTOP), then resumed',
    async () => {
      nats.kill('SIGSTOP');
      const t = Date.now();
      frozenAnswers = [];
      while (Date.now() - t < HOLD_S * 1000 - 200) {
        const s = Date.now();
        const res = await fetch(`${G1}/api/channels`, { headers: { cookie: admin.cookie } }).catch(() => null);
        frozenAnswers.push({ status: res?.status ?? 0, ms: Date.now() - s });
      }
    },
    async () => nats.kill('SIGCONT'),
    {
      check: async () => {
        const ms = frozenAnswers.map((a) => a.ms).sort((a, b) => a - b);
        const p99 = ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))];
        const statuses = [...new Set(frozenAnswers.map((a) => a.status))].join('/');
        return `reads while frozen: ${frozenAnswers.length} answered ${statuses}, p99 ${p99} ms`;
      },
    },
  );
  let workspaceCreated;
  await fault(
    'billing and chat frozen while a workspace is created',
    async () => {
      process.kill(pidOf('billing'), 'SIGSTOP');
      process.kill(pidOf('chat'), 'SIGSTOP');
      const other = await api(G1, 'POST', '/api/register', { body: { ...person('creator'), companySize: '2-5' } });
      await api(G1, 'POST', '/api/workspaces', { cookie: other.cookie, body: { name: 'Created while frozen' } });
      workspaceCreated = other;
    },
    async () => {
      process.kill(pidOf('billing'), 'SIGCONT');
      process.kill(pidOf('chat'), 'SIGCONT');
    },
    {
      check: async () => {
        // workspace.created reached chat (its #general) and billing (its trial) once the consumers came back
        await until(
          '#general of the new workspace',
          async () => {
            const res = await fetch(`${G1}/api/channels`, { headers: { cookie: workspaceCreated.cookie } });
            return res.ok && (await res.json()).some((c) => c.name === 'general');
          },
          30_000,
          200,
        );
        const res = await fetch(`${G1}/api/subscription-details`, { headers: { cookie: workspaceCreated.cookie } });
        const trial = res.ok ? (await res.json()).onTrial : undefined;
        return `workspace.created applied after the freeze: #general present, billing trial ${trial ? 'present' : 'missing'}`;
      },
    },
  );
  stopped = true;
  socket.close();

  // ---------- npm start with its embedded Postgres port taken ----------
  const blocker = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => blocker.once('listening', r));
  const takenPort = blocker.address().port;
  const standalone = spawn(process.execPath, [join(root, 'deploy', 'standalone', 'dist', 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(takenPort),
      PORT: String(await freePort()),
      DATA_DIR: join(work, 'standalone'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  for (const s of [standalone.stdout, standalone.stderr]) s.on('data', (d) => (said += String(d)));
  const outcome = await Promise.race([
    new Promise((r) => standalone.once('exit', (code) => r(`exited ${code}`))),
    until(
      'embedded port message',
      async () => /EMBEDDED_PG_PORT|port \d+ .*(taken|in use)|using port/i.test(said),
      60_000,
      200,
    ).then(() => 'told'),
  ]).catch((err) => String(err));
  standalone.kill('SIGTERM');
  blocker.close();
  const sentence =
    said
      .split('\n')
      .find((l) => /EMBEDDED_PG_PORT|in use|taken/i.test(l))
      ?.trim() ?? '(no sentence)';

  // ---------- report ----------
  const [l1, l5] = loadavg();
  console.log(
    `chaos against npm run cluster (2 gateways, NATS with JetStream and Redis of its own), ${RATE} msg/s, each fault held ${HOLD_S} s`,
  );
  console.log(`node ${process.version}, load average ${l1.toFixed(2)} ${l5.toFixed(2)} at the end`);
  console.log('');
  console.log(
    '| fault | acknowledged | refused (retried) | stored | lost | duplicated | not received by the listener | serving again after (from the kill, or the undoing) | notes |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.acknowledged} | ${r.refused} | ${r.stored} | **${r.lost}** | ${r.duplicated} | ${r.notReceived} | ${r.recoverySeconds.toFixed(2)} s | ${r.extra} |`,
    );
  console.log(
    `| embedded Postgres port ${takenPort} taken | — | — | — | — | — | — | — | ${outcome}: ${sentence.slice(0, 160)} |`,
  );
  const lost = results.reduce((n, r) => n + r.lost + r.duplicated, 0);
  console.log('');
  console.log(`acknowledged messages lost or duplicated over all faults: ${lost} (target 0)`);
  process.exitCode = lost === 0 ? 0 : 1;
} catch (err) {
  console.error(`chaos run failed: ${err instanceof Error ? err.stack : err}\ncluster log: ${logFile}`);
  console.error(readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
  process.exitCode = 2;
} finally {
  await stopAll();
}
