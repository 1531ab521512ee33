// `npm start` after the standalone process was killed (kill -9, an out-of-memory kill, a power cut of the terminal):
// the embedded PostgreSQL it started outlives it, holding the port and the data directory's lock file. The next start
// stops that server cleanly and comes up on the same data; a PostgreSQL that is not this DATA_DIR's is named instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { freePort, waitFor } from '@teamchat/testing';
import { exitOf, healthy, killAll, launch, root, stopWith, type Launched } from './launched-process.js';

const secrets = {
  SESSION_SECRET: 'crash-restart-session-secret-long-enough-01',
  UPLOAD_SIGNING_SECRET: 'crash-restart-upload-secret-long-enough-02',
};

const running: Launched[] = [];
const npmStart = (env: Record<string, string>) => {
  const launched = launch('npm', ['start'], { ...secrets, DATABASE_URL: '', ...env });
  running.push(launched);
  return launched;
};

/** Whether a process runs (a zombie, exited and not yet reaped by its new parent, does not). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return false;
  }
};

/** The pid of the standalone process (`node …/deploy/standalone/dist/main.js`) in `npm start`'s process group. */
const standalonePid = (launched: Launched) => {
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (pgid === launched.child.pid && args.includes('deploy/standalone/dist/main.js')) return Number(entry);
    } catch {
      // exited meanwhile
    }
  }
  throw new Error('no standalone process in the group of npm start');
};

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

const account = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada.crash.${Date.now()}@example.com`,
  password: 'password123',
  companySize: '2-5',
};

beforeAll(() => {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-missing'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(build.stderr);
}, 300_000);

afterEach(() => killAll(running));

describe('npm start after the standalone process was killed with SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-crash-'));
  let env: Record<string, string>;
  beforeAll(async () => {
    env = {
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      DATA_DIR: dataDir,
    };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops the PostgreSQL the killed run left behind, starts on the same data, and stops cleanly after', async () => {
    const url = `http://127.0.0.1:${env.PORT}`;
    const first = npmStart(env);
    await healthy(`${url}/api/health/ready`, first);
    expect((await request(url).post('/api/register').send(account)).status).toBe(201);

    process.kill(standalonePid(first), 'SIGKILL');
    await exitOf(first);
    // what the crash leaves: the server still running, with its lock file
    const leftover = postmasterPid(dataDir);
    expect(alive(leftover)).toBe(true);

    const second = npmStart(env);
    await healthy(`${url}/api/health/ready`, second);
    expect(alive(leftover)).toBe(false);
    const signIn = await request(url).post('/api/login').send({ email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    expect(second.output()).toContain(
      `stopping the embedded PostgreSQL (pid ${leftover}, port ${env.EMBEDDED_PG_PORT})`,
    );
    expect(
      second
        .output()
        .split('\n')
        .filter((line) => /"level":(5|6)\d/.test(line)),
    ).toEqual([]);

    expect(await stopWith(second, 'SIGTERM')).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 300_000);

  it('removes a lock file whose pid is now some other program, and leaves that program running', async () => {
    // the pid of a killed server, reused after a reboot by another process
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const lock = [
        other.pid,
        join(dataDir, 'postgres'),
        '1765000000',
        env.EMBEDDED_PG_PORT,
        '',
        '127.0.0.1',
        '',
        'ready',
      ];
      writeFileSync(join(dataDir, 'postgres', 'postmaster.pid'), `${lock.join('\n')}\n`);
      const app = npmStart(env);
      await healthy(`http://127.0.0.1:${env.PORT}/api/health/ready`, app);
      expect(app.output()).toContain(`removed the stale postmaster.pid`);
      expect(alive(other.pid!)).toBe(true);
      expect(await stopWith(app, 'SIGTERM')).toEqual({ code: 0, signal: null });
    } finally {
      other.kill('SIGKILL');
    }
  }, 300_000);
});

describe('npm start when another PostgreSQL holds EMBEDDED_PG_PORT', () => {
  it('names that server and its data directory, and the variables to change, in one fatal line', async () => {
    // the machine's own PostgreSQL, which the tests use
    const port = Number(
      new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').port || 5432,
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-foreign-pg-'));
    try {
      const app = npmStart({
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(port),
        METRICS_PORT: String(await freePort()),
        DATA_DIR: dataDir,
      });
      expect(await exitOf(app, 60_000)).toEqual({ code: 1, signal: null });
      const fatal = app
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":60'));
      expect(fatal).toHaveLength(1);
      expect(fatal[0]).toMatch(
        new RegExp(
          `port ${port} of the embedded PostgreSQL is already in use by a PostgreSQL server of another data ` +
            `directory \\(pid \\d+, /[^)]+\\): set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use a running server`,
        ),
      );
      await waitFor(() => !existsSync(join(dataDir, 'postgres', 'postmaster.pid')));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
