// The product's processes started as a terminal would start them, for tests of how they start and stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { waitFor } from '@teamchat/testing';

export const root = new URL('../../..', import.meta.url).pathname;

export interface Launched {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts a process with pino at info level, collecting everything it prints. It leads its own process group, as a
 * terminal's foreground job does, so a Ctrl-C can be sent to all of it and a failed test leaves nothing behind.
 */
export const launch = (command: string, args: string[], env: Record<string, string>): Launched => {
  let output = '';
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
};

/** Resolves once `url` answers 2xx; fails with the process's last output if it does not within 90 s. */
export const healthy = async (url: string, { child, output }: Launched) =>
  waitFor(async () => (await fetch(url)).ok, { timeoutMs: 90_000, intervalMs: 250 }).catch((err: Error) => {
    throw new Error(`${err.message} (exit ${child.exitCode})\n${output().slice(-3000)}`);
  });

/** How the process ended, failing if it has not within `timeoutMs`. */
export const exitOf = (launched: Launched, timeoutMs = 30_000) =>
  Promise.race([
    launched.exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no exit\n${launched.output().slice(-3000)}`)), timeoutMs).unref(),
    ),
  ]);

export const stopWith = async (launched: Launched, signal: NodeJS.Signals, group = false) => {
  if (group) process.kill(-launched.child.pid!, signal);
  else launched.child.kill(signal);
  return exitOf(launched);
};

/** Kills every process of each launched group that is still running (after a failed test). */
export const killAll = async (launched: Launched[]) => {
  for (const { child, exited } of launched.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // the whole group has exited already
    }
    await exited;
  }
};
