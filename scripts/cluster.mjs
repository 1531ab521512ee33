// `npm run cluster`: every service and GATEWAY_REPLICAS gateways as separate processes over real NATS, Redis and
// Postgres, with prefixed logs. A process that crashes is started again with backoff (the others keep running), as
// compose's `restart: unless-stopped` and Kubernetes do; only Ctrl-C / SIGTERM stops them all, cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import pg from 'pg';
import { NODE_FLAGS } from '../deploy/docker/processes.mjs';
import { root, SERVICES } from './packages.mjs';

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-missing'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const { secretFromEnvOrDataDir } = await import('@teamchat/config');

const replicas = Number(process.env.GATEWAY_REPLICAS ?? 2);
const basePort = Number(process.env.PORT ?? 3000);
const metricsBase = Number(process.env.METRICS_PORT ?? 9464);
const dataDir = process.env.DATA_DIR ?? join(root, '.data');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/teamchat';
if (!Number.isInteger(replicas) || replicas < 1) {
  console.error('Invalid environment: GATEWAY_REPLICAS must be a positive integer');
  process.exit(78);
}

// the default local database is created on first use
if (!process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/teamchat$/, '/postgres') });
  await admin.connect();
  const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'teamchat'");
  if (found.rowCount === 0) await admin.query('CREATE DATABASE teamchat');
  await admin.end();
}

const common = {
  ...process.env,
  BUS_TRANSPORT: 'nats',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  SESSION_SECRET: secretFromEnvOrDataDir(process.env.SESSION_SECRET, dataDir, 'SESSION_SECRET', false),
  UPLOAD_SIGNING_SECRET: secretFromEnvOrDataDir(
    process.env.UPLOAD_SIGNING_SECRET,
    dataDir,
    'UPLOAD_SIGNING_SECRET',
    false,
  ),
};

// restart delays: 0.5 s doubling to 30 s; a process that stayed up a minute starts again from 0.5 s
const RESTART_MIN_MS = 500;
const RESTART_MAX_MS = 30_000;
const STABLE_MS = 60_000;
// sysexits EX_CONFIG: the process refused its configuration, which a restart will not change
const EX_CONFIG = 78;

const children = [];
const launch = (name, script, env, attempt = 0) => {
  const started = Date.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, script], {
    env: { ...common, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.stdout.write(`[${name}] started (pid ${child.pid})\n`);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    process.stdout.write(`[${name}] exited (${signal ?? code})\n`);
    if (stopping) return;
    if (code === EX_CONFIG) {
      process.stdout.write(`[${name}] refused its configuration: stopping the cluster\n`);
      return void stop(EX_CONFIG);
    }
    const next = Date.now() - started >= STABLE_MS ? 1 : attempt + 1;
    const delay = Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** (next - 1));
    process.stdout.write(`[${name}] restarting in ${delay} ms (restart ${next} in a row)\n`);
    const timer = setTimeout(() => {
      children.splice(children.indexOf(child), 1);
      if (!stopping) launch(name, script, env, next);
    }, delay);
    restarts.add(timer);
  });
  children.push(child);
};
const restarts = new Set();

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const timer of restarts) clearTimeout(timer);
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  const deadline = Date.now() + 15000;
  while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

SERVICES.forEach((s, i) =>
  launch(s, join(root, 'services', s, 'dist', 'main.js'), { METRICS_PORT: String(metricsBase + i) }),
);
for (let i = 0; i < replicas; i++) {
  launch(`gateway-${i + 1}`, join(root, 'gateway', 'dist', 'main.js'), { PORT: String(basePort + i) });
}
process.stdout.write(
  `cluster: ${SERVICES.length} services, ${replicas} gateways on ports ${basePort}..${basePort + replicas - 1}\n`,
);
