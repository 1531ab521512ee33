// What a killed standalone process leaves behind: its embedded PostgreSQL still running on the data directory, or a
// `postmaster.pid` naming a process that is gone. Found from the lock file and the process table, never guessed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { basename, join } from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres.errors.js';

/** The lines of `postmaster.pid` this needs: the server's pid, its data directory and its port (lines 1, 2, 4). */
export interface PostmasterLock {
  pid: number;
  dataDir: string;
  port: number;
}

export const readPostmasterLock = (databaseDir: string): PostmasterLock | undefined => {
  const file = join(databaseDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const [pid, dataDir, , port] = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(pid), dataDir: dataDir ?? '', port: Number(port) };
};

interface ProcessInfo {
  args: string[];
  ppid: number;
}

const PROC = '/proc';

/** A running process's arguments and parent; undefined when it is gone (a zombie has exited: it only awaits reaping). */
const processInfo = (pid: number): ProcessInfo | undefined => {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (existsSync(PROC)) {
    try {
      // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after its last `)`
      const stat = readFileSync(join(PROC, String(pid), 'stat'), 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') return undefined;
      const args = readFileSync(join(PROC, String(pid), 'cmdline'), 'utf8')
        .split('\0')
        .filter(Boolean);
      return { args, ppid: Number(ppid) };
    } catch {
      return undefined;
    }
  }
  // no /proc (macOS): ps, whose arguments come space-joined
  try {
    const [ppid, ...args] = execFileSync('ps', ['-o', 'ppid=,args=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    return ppid ? { args, ppid: Number(ppid) } : undefined;
  } catch {
    return undefined;
  }
};

const isPostgres = (info: ProcessInfo) => basename(info.args[0] ?? '') === 'postgres';
const dataDirOf = (info: ProcessInfo): string | undefined => {
  const at = info.args.indexOf('-D');
  return at < 0 ? undefined : info.args[at + 1];
};
const sameDir = (a: string | undefined, b: string) => {
  if (!a) return false;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return a === b;
  }
};

const describe = (pid: number, info: ProcessInfo) => `pid ${pid}: ${info.args.join(' ').slice(0, 160)}`;

/**
 * Before the embedded server starts on `databaseDir`: a server of this data directory whose owner is gone (killed,
 * crashed) is stopped with a fast shutdown (SIGINT: sessions ended, a checkpoint written), waiting until it has
 * exited; a lock file whose process is gone, or is not a PostgreSQL of this directory (its pid reused), is removed.
 * A server of this directory whose owner is still running (another `npm start` on the same DATA_DIR) is left alone.
 */
export const reclaimLeftoverPostgres = async (
  databaseDir: string,
  notice: (message: string) => void,
  { timeoutMs = 60_000, intervalMs = 100 } = {},
): Promise<void> => {
  const lock = readPostmasterLock(databaseDir);
  if (!lock) return;
  const info = processInfo(lock.pid);
  if (!info || !isPostgres(info) || !sameDir(dataDirOf(info), databaseDir)) {
    unlinkSync(join(databaseDir, 'postmaster.pid'));
    notice(
      `removed the stale postmaster.pid of ${databaseDir} (pid ${lock.pid} ${info ? 'is not its PostgreSQL' : 'is gone'})`,
    );
    return;
  }
  const owner = processInfo(info.ppid);
  if (owner && info.ppid !== 1 && basename(owner.args[0] ?? '').startsWith('node'))
    throw new EmbeddedPostgresError(
      `the embedded PostgreSQL of ${databaseDir} (pid ${lock.pid}, port ${lock.port}) belongs to a process that is ` +
        `still running (${describe(info.ppid, owner)}): stop that one first, or set DATA_DIR to another folder`,
    );
  notice(`stopping the embedded PostgreSQL (pid ${lock.pid}, port ${lock.port}) that a stopped process left running`);
  process.kill(lock.pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (processInfo(lock.pid)) {
    if (Date.now() > deadline)
      throw new EmbeddedPostgresError(
        `the embedded PostgreSQL left running on ${databaseDir} (pid ${lock.pid}) did not stop within ` +
          `${timeoutMs / 1000} s: stop it, then start again`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

/** The pid listening on 127.0.0.1 (or every address) at `port`, from the kernel's socket table; Linux only. */
const listenerPid = (port: number): number | undefined => {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['tcp', 'tcp6']) {
    let rows: string[];
    try {
      rows = readFileSync(join(PROC, 'net', table), 'utf8')
        .split('\n')
        .slice(1);
    } catch {
      continue;
    }
    for (const row of rows) {
      const cols = row.trim().split(/\s+/);
      // local address `ADDR:PORT`, state 0A is LISTEN, column 10 the socket's inode
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of readdirSync(PROC)) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(join(PROC, entry, 'fd'));
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(join(PROC, entry, 'fd', fd));
        if (inodes.has(target.slice('socket:['.length, -1))) return Number(entry);
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
};

/** Whether whatever listens on 127.0.0.1:port answers PostgreSQL's SSLRequest (one byte, `S` or `N`). */
const speaksPostgres = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (yes: boolean) => {
      socket.destroy();
      resolve(yes);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write(Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f])));
    socket.once('data', (reply: Buffer) => done(reply.length === 1 && (reply[0] === 0x53 || reply[0] === 0x4e)));
  });

/** What holds a port the embedded server wanted, in words for the error: a PostgreSQL of another data directory, or a program. */
export const describePortHolder = async (port: number): Promise<string> => {
  const pid = listenerPid(port);
  const info = pid === undefined ? undefined : processInfo(pid);
  if (await speaksPostgres(port)) {
    if (pid === undefined || !info) return 'a PostgreSQL server (not the one of this DATA_DIR)';
    let dataDir = dataDirOf(info);
    try {
      // a server started without -D (PGDATA) still runs in its data directory
      dataDir ??= readlinkSync(join(PROC, String(pid), 'cwd'));
    } catch {
      // not ours to inspect
    }
    return `a PostgreSQL server of another data directory (pid ${pid}${dataDir ? `, ${dataDir}` : ''})`;
  }
  return pid !== undefined && info ? `another program (${describe(pid, info)})` : 'another program';
};
