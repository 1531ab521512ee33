// The servers bench/http measures, each started as its own Node process from the built code so the load generator
// (this process) never shares an event loop with them: the standalone product (deploy/standalone, as `npm start`),
// the cluster (six services and one gateway over NATS and Redis, as `npm run cluster` with GATEWAY_REPLICAS=1), and
// the bare Nest app (bare.mjs). Only this machine is ever targeted.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@teamchat/testing/ports';
import { createTestDatabase } from '@teamchat/testing/postgres';
// the flags node runs the product's processes with, as the image and npm start do
import { NODE_FLAGS } from '../../deploy/docker/processes.mjs';
// the one list of services (libs/contracts/services.json), in product order
import { SERVICES } from '../../scripts/packages.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Refuses any address that is not this machine. */
export const local = (address) => {
  if (!LOCAL_HOSTS.has(new URL(address).hostname)) throw new Error(`bench/http only targets this machine: ${address}`);
  return address;
};

export const adminDatabaseUrl = () =>
  local(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
export const natsUrl = () => local(process.env.NATS_URL ?? 'nats://127.0.0.1:4222');
export const redisUrl = () => local(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

/** A fresh database on the machine's PostgreSQL (as the tests make theirs), dropped by `drop()`. */
export const createDatabase = () => {
  adminDatabaseUrl(); // refuses a TEST_DATABASE_URL that is not this machine
  return createTestDatabase('bench_http');
};

export { freePort };

const CLOCK_TICKS = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(r.stdout?.trim()) || 100;
})();

/** CPU seconds (user + system) process `pid` has used so far, from /proc/<pid>/stat. */
export const cpuSecondsOf = (pid) => processCpuOf(pid).own;

/**
 * CPU seconds used so far by process `pid` itself (`own`) and by its children that have exited and been waited for
 * (`reaped`: a Postgres backend's time moves to the postmaster when its connection closes).
 */
export const processCpuOf = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    own: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, // utime, stime (fields 14 and 15)
    reaped: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS, // cutime, cstime (16 and 17)
  };
};

const requireBuilt = (paths) => {
  for (const p of paths) if (!existsSync(join(root, p))) throw new Error(`${p} is missing: run npm run build first`);
};

/**
 * Whether the gateway at `url` is ready with every service answering. A gateway stays ready while one service is
 * still starting (or down); a bench waits for all of them, or its first requests meet a service that has not
 * subscribed yet (503 BUS.UNAVAILABLE).
 */
export const everyServiceReady = async (url) => (await readiness(url)).ready;

/** The gateway's readiness and the services it could not reach (all of them while it is not listening yet). */
const readiness = async (url) => {
  try {
    const res = await fetch(`${url}/api/health/ready`);
    const unreachable = (await res.json()).details?.bus?.unreachable ?? [];
    return { ready: res.ok && unreachable.length === 0, unreachable };
  } catch {
    return { ready: false, unreachable: null }; // not listening yet
  }
};

/** A process of the product ended before the product was ready (see `withFreshPorts`). */
export class ExitedEarly extends Error {}

/**
 * Runs `start` again, up to `attempts` times in all, while it fails with `ExitedEarly`. A port is free when
 * `freePort` picks it, not when the process listens on it: another suite of a parallel test run may take it meanwhile,
 * and the process dies of EADDRINUSE (a fresh-clone CI run lost a gateway so). `start` picks fresh ports each time and
 * stops what it started before it throws.
 */
export const withFreshPorts = async (start, attempts = 3) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (!(err instanceof ExitedEarly) || attempt >= attempts) throw err;
      process.stderr.write(`${err.message.split('\n')[0]}; starting again on fresh ports\n`);
    }
  }
};

/** Which of `children` has ended, if any. */
export const endedChild = (children) => children.find((c) => c.exitCode !== null || c.signalCode !== null);

/**
 * Waits until the gateway at `url` and every service behind it answer. On a timeout the error names the services the
 * gateway could not reach and shows the end of their logs (`serviceLog(name)`), as well as the gateway's. Fails at once
 * with `ExitedEarly` when the gateway or one of `others` has ended.
 */
const waitReady = async (
  url,
  child,
  logFile,
  { timeoutMs = READY_TIMEOUT_MS, serviceLog = null, others = [] } = {},
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (endedChild([child]))
      throw new ExitedEarly(`${url} exited before it was ready; log ${logFile}:\n${tail(logFile)}`);
    const other = endedChild(others);
    if (other) throw new ExitedEarly(`a process of the product (pid ${other.pid}) ended before ${url} was ready`);
    const { ready, unreachable } = await readiness(url);
    if (ready) return;
    if (Date.now() > deadline) {
      const services = serviceLog
        ? (unreachable ?? []).map((name) => `\nlog of ${name} (unreachable):\n${tail(serviceLog(name))}`).join('')
        : '';
      const waitingFor = unreachable === null ? 'not listening' : `unreachable: ${unreachable.join(', ') || 'none'}`;
      throw new Error(
        `${url} not ready in ${timeoutMs} ms (${waitingFor}); log ${logFile}:\n${tail(logFile)}${services}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
};

/**
 * How long a product may take to start with every service answering. Seven processes loading Nest on two cores that
 * a test run shares with its other suites took over two minutes once; alone they start in a few seconds.
 */
export const READY_TIMEOUT_MS = 180000;

const tail = (file, lines = 20) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

/** Stops a child with SIGTERM, then SIGKILL after `graceMs`; resolves once it has ended. */
export const stopChild = async (child, graceMs = 15000) => {
  if (endedChild([child])) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
};

/**
 * Spawns `node script` with its output in a log file under `dir` (the product logs one line per request at the
 * default level; a file costs it what a log shipper's pipe would, and keeps this process out of the way).
 */
const launch = (dir, name, script, env) => {
  const logFile = join(dir, `${name}.log`);
  const fd = openSync(logFile, 'a');
  // the product's own flags, then PRODUCT_NODE_ARGS: extra node flags for its processes, e.g. `--cpu-prof
  // --cpu-prof-dir=/tmp/prof`, or `--no-single-threaded-gc` to undo one of its own
  const nodeArgs = process.env.PRODUCT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...NODE_FLAGS, ...nodeArgs, script], { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return { name, child, logFile };
};

/** Settings both modes share: fresh database, local secrets, auth rate limits raised for sign-ups from one machine. */
const productEnv = (db, dataDir, logLevel) => {
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: logLevel,
    SESSION_SECRET: 'bench-http-session-secret-long-enough-000000',
    UPLOAD_SIGNING_SECRET: 'bench-http-upload-secret-long-enough-0000000',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
  };
  return env;
};

/**
 * The product as `npm start` runs it (deploy/standalone/dist/main.js: gateway and six services in one process, the
 * in-process bus, in-memory fan-out), on a fresh database of the local PostgreSQL, or with `embedded` on its own
 * embedded PostgreSQL as `npm start` runs it.
 */
export const startStandalone = (options = {}) => withFreshPorts(() => startStandaloneOnce(options));

const startStandaloneOnce = async ({ logLevel = 'info', embedded = false } = {}) => {
  requireBuilt(['deploy/standalone/dist/main.js', 'gateway/dist/main.js']);
  const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  // embedded: exactly `npm start`'s own Postgres (under DATA_DIR, with its memory and planner settings), dropped
  // with the data folder
  const pgPort = embedded ? await freePort() : 0;
  const db = embedded
    ? { url: local(`postgres://postgres:postgres@127.0.0.1:${pgPort}/teamchat`), drop: async () => undefined }
    : await createDatabase();
  const env = productEnv(db, join(dir, 'data'), logLevel);
  if (embedded) {
    // run as root, the embedded server drops to a `postgres` user, which must reach the data folder inside this one
    chmodSync(dir, 0o755);
    delete env.DATABASE_URL;
    env.EMBEDDED_PG_PORT = String(pgPort);
  }
  delete env.REDIS_URL; // standalone fans out in memory, as `npm start` does by default
  const port = await freePort();
  const proc = launch(dir, 'standalone', join(root, 'deploy/standalone/dist/main.js'), {
    ...env,
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, proc.child, proc.logFile);
  } catch (err) {
    await stopChild(proc.child);
    await db.drop().catch(() => undefined);
    throw err;
  }
  return {
    mode: 'standalone',
    url,
    database: db,
    gatewayPid: proc.child.pid,
    pids: [proc.child.pid],
    logDir: dir,
    /** Stops the product; `keepDatabase` leaves its database in place (for EXPLAIN after a bench). */
    close: async ({ keepDatabase = false } = {}) => {
      await stopChild(proc.child);
      if (!keepDatabase) await db.drop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * Cluster mode as `npm run cluster` with GATEWAY_REPLICAS=1: each service and one gateway as separate processes from
 * their dist/main.js, over NATS (a bus namespace of its own, so parallel runs never answer each other) and Redis.
 */
export const startCluster = (options = {}) => withFreshPorts(() => startClusterOnce(options));

const startClusterOnce = async ({ logLevel = 'info' } = {}) => {
  requireBuilt([...SERVICES.map((s) => `services/${s}/dist/main.js`), 'gateway/dist/main.js']);
  const db = await createDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  const env = {
    ...productEnv(db, join(dir, 'data'), logLevel),
    BUS_TRANSPORT: 'nats',
    NATS_URL: natsUrl(),
    REDIS_URL: redisUrl(),
    BUS_NAMESPACE: `benchhttp${process.pid}${Date.now().toString(36)}.`,
  };
  const procs = [];
  try {
    for (const s of SERVICES) {
      procs.push(
        launch(dir, s, join(root, 'services', s, 'dist/main.js'), { ...env, METRICS_PORT: String(await freePort()) }),
      );
    }
    const port = await freePort();
    const gateway = launch(dir, 'gateway', join(root, 'gateway/dist/main.js'), { ...env, PORT: String(port) });
    procs.push(gateway);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, gateway.child, gateway.logFile, {
      serviceLog: (name) => join(dir, `${name}.log`),
      others: procs.map((p) => p.child),
    });
    return {
      mode: 'cluster',
      url,
      database: db,
      gatewayPid: gateway.child.pid,
      /** Every process of the product (the services', then the gateway's). */
      pids: procs.map((p) => p.child.pid),
      logDir: dir,
      close: async () => {
        // the gateway first, so no request is in flight when the services go
        await stopChild(gateway.child);
        await Promise.all(procs.map((p) => stopChild(p.child)));
        await db.drop().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await Promise.all(procs.map((p) => stopChild(p.child)));
    await db.drop().catch(() => undefined);
    throw err;
  }
};

/** The bare Nest app (bare.mjs) in its own process. */
export const startBareProcess = async () => {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare.mjs', import.meta.url))], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = /\{"port":(\d+)\}/.exec(out);
      if (line) resolve(Number(line[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare app exited (${code}) before listening`)));
  });
  child.stdout.resume();
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, close: () => stopChild(child) };
};

/** One JSON call to the product as a browser makes it; keeps the session cookie it is given or is set. */
export const api = async (base, method, path, { cookie, body } = {}) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('tc.sid='));
  return { body: text ? JSON.parse(text) : null, cookie: sid ? sid.split(';')[0] : cookie };
};
