// `npm run cluster` supervises its processes: one that crashes (kill -9) is started again with backoff while the
// others keep running, and only SIGTERM / Ctrl-C stops them all.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, freePort, freePortBlock, waitFor, type TestDatabase } from '@teamchat/testing';
import { NODE_FLAGS } from '../docker/processes.mjs';

const root = new URL('../..', import.meta.url).pathname;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run cluster supervision', () => {
  let db: TestDatabase;
  let runner: ChildProcess;
  let output = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-cluster-runner-'));

  const pidsOf = (name: string) =>
    [...output.matchAll(new RegExp(`^\\[${name}\\] started \\(pid (\\d+)\\)$`, 'gm'))].map((m) => Number(m[1]));

  beforeAll(async () => {
    db = await createTestDatabase('runner');
  });
  afterAll(async () => {
    if (runner?.exitCode === null) {
      try {
        process.kill(-runner.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts a killed service again within seconds, leaves the others running, and stops everything on SIGTERM', async () => {
    const port = await freePort();
    runner = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        GATEWAY_REPLICAS: '1',
        PORT: String(port),
        // the runner gives service i the metrics port base + i (the range is this suite's alone, see freePortBlock)
        METRICS_PORT: String(await freePortBlock(6, [26000, 32768])),
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        BUS_NAMESPACE: `runner${process.pid}${Date.now().toString(36)}.`,
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'cluster-runner-session-secret-long-enough-01',
        UPLOAD_SIGNING_SECRET: 'cluster-runner-upload-secret-long-enough-02',
      },
    });
    runner.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    runner.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)));
    const ready = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      return res.ok && ((await res.json()) as { details: { bus: { services: number } } }).details.bus.services === 6;
    };
    const withOutput = (err: Error) => {
      throw new Error(`${err.message}\n${output.slice(-3000)}`);
    };
    const startedAt = Date.now();
    await waitFor(ready, { timeoutMs: 90_000, intervalMs: 250 }).catch(withOutput);
    // A restart is the supervisor's 500 ms delay plus one service's boot. The boot is about 2 s on a quiet machine, but
    // CI runs this beside other suites: a machine that took 35 s to start the cluster is given that long again.
    const restartBudgetMs = Math.max(10_000, Date.now() - startedAt);

    const [chat] = pidsOf('chat');
    const [gateway] = pidsOf('gateway-1');
    const others = ['identity', 'workspace', 'tasks', 'billing', 'media'].map((s) => pidsOf(s)[0]);
    // every process runs with the product's node flags, as the image's entry point gives them
    for (const pid of [chat, gateway, ...others]) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(argv.slice(1, 1 + NODE_FLAGS.length)).toEqual([...NODE_FLAGS]);
    }
    process.kill(chat, 'SIGKILL');
    const killedAt = Date.now();
    await waitFor(() => pidsOf('chat').length === 2, { timeoutMs: 10_000 }).catch(withOutput);
    await waitFor(ready, { timeoutMs: restartBudgetMs, intervalMs: 200 }).catch(withOutput);
    expect(Date.now() - killedAt).toBeLessThan(restartBudgetMs);
    expect(output).toMatch(/^\[chat\] exited \(SIGKILL\)$/m);
    expect(output).toMatch(/^\[chat\] restarting in 500 ms \(restart 1 in a row\)$/m);
    expect(pidsOf('chat')[1]).not.toBe(chat);
    // nobody else was stopped or restarted
    expect([gateway, ...others].every(alive)).toBe(true);
    expect(pidsOf('gateway-1')).toEqual([gateway]);

    process.kill(runner.pid!, 'SIGTERM');
    expect(await exited).toBe(0);
    expect([gateway, ...others, pidsOf('chat')[1]].some(alive)).toBe(false);
  }, 240_000);
});
