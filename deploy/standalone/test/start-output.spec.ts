// What `npm start` prints: a short summary a newcomer reads at a glance (address, data directory, mode), log lines
// for a person on a terminal (LOG_FORMAT=pretty, which `auto` picks when standard output is a terminal) or JSON
// through a pipe, and no line per request unless LOG_LEVEL=debug.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@teamchat/testing';
import { healthy, killAll, launch, root, stopWith, type Launched } from './launched-process.js';

const secrets = {
  SESSION_SECRET: 'start-output-session-secret-long-enough-01',
  UPLOAD_SIGNING_SECRET: 'start-output-upload-secret-long-enough-02',
};

const running: Launched[] = [];
let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-missing'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(build.stderr);
  db = await createTestDatabase('start_output');
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-start-output-'));
}, 120_000);

afterEach(() => killAll(running));

afterAll(async () => {
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the standalone process with `env`, waits until it has printed its summary, asks for a page and stops it. */
const startAndStop = async (env: Record<string, string>) => {
  const port = await freePort();
  const app = launch(process.execPath, ['deploy/standalone/dist/main.js'], {
    ...secrets,
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(await freePort()),
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    ...env,
  });
  running.push(app);
  await healthy(`http://127.0.0.1:${port}/api/health`, app);
  await waitFor(() => app.output().includes('Stop it with Ctrl-C.'), { timeoutMs: 30_000 });
  // requests a person would make: each is a line at debug, none at info
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/api/auth/user`)).status).toBe(401);
  expect(await stopWith(app, 'SIGTERM')).toEqual({ code: 0, signal: null });
  return { port, output: app.output() };
};

describe('npm start output', () => {
  it('on a terminal: a summary with the address, data directory and mode, readable lines, no JSON', async () => {
    const { port, output } = await startAndStop({ LOG_FORMAT: 'pretty' });
    expect(output).toContain(`Team chat is running at http://localhost:${port} (started in `);
    expect(output).toMatch(new RegExp(`^  Data directory  ${dataDir}$`, 'm'));
    expect(output).toMatch(/^ {2}Database {8}PostgreSQL at 127\.0\.0\.1:5432\/\S+ \(DATABASE_URL\)$/m);
    expect(output).toMatch(/^ {2}Mode {12}standalone \(the whole product in one process\), development$/m);
    expect(output).toMatch(/^ {2}Logs {12}info and above; LOG_LEVEL=debug adds a line per request$/m);
    // the password in DATABASE_URL is never printed
    expect(output).not.toContain(new URL(db.url).password || 'no-password-in-url');
    const lines = output.split('\n').filter(Boolean);
    expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
    // pino-pretty's lines: time, level, message
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: started/m);
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: stopping/m);
    // Nest's start-up lines (a route mapped, a module loaded) and the per-request lines are debug
    expect(output).not.toMatch(/Mapped \{|dependencies initialized|request completed/);
    // what a newcomer reads is short: the summary is among the first lines, not after 200 of JSON
    expect(lines.findIndex((l) => l.startsWith('Team chat is running at'))).toBeLessThan(15);
  }, 120_000);

  it('through a pipe: JSON lines (LOG_FORMAT=auto), a line per request at LOG_LEVEL=debug', async () => {
    const { output } = await startAndStop({ LOG_LEVEL: 'debug' });
    const json = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string }; url?: string });
    expect(json.find((l) => l.msg === 'started')).toMatchObject({ level: 30, url: expect.stringMatching(/^http/) });
    expect(json.filter((l) => l.msg === 'request completed').map((l) => [l.level, l.req?.url])).toEqual(
      expect.arrayContaining([
        [20, '/'],
        [20, '/api/auth/user'],
      ]),
    );
    expect(json.some((l) => l.level === 20 && l.msg.startsWith('Mapped {'))).toBe(true);
    expect(output).toMatch(/^ {2}Logs {12}debug and above, a line per request$/m);
  }, 120_000);
});
