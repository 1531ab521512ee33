import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@teamchat/testing';
import { LOG_BUFFER_BYTES, LOG_FLUSH_MS, resolveLogFormat } from './logger.js';

const libRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A process of its own that runs `before`, logs through the built library's `createLogger` (standard output,
 * buffered) and then runs `then` (JavaScript, with `log` in scope). Collects what reaches its standard output, and
 * when each chunk came.
 */
const logProcess = (then: string, before = '') => {
  const script = `
    ${before}
    const { createLogger } = await import(${JSON.stringify(join(libRoot, 'dist/index.js'))});
    const log = createLogger('logger-test', 'info');
    ${then}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: { at: number; text: string }[] = [];
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => chunks.push({ at: Date.now(), text: d.toString() }));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = () =>
    chunks
      .map((c) => c.text)
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; service: string });
  return { child, chunks, lines, exited, stderr: () => stderr };
};

describe('createLogger on standard output', () => {
  it('gathers lines logged apart into a few writes, each line written within the flush interval', async () => {
    // ten lines 15 ms apart: unbuffered, each is its own write (ten chunks on the pipe); gathered, one or two.
    // The child notes on stderr when it logged the last one.
    const run = logProcess(`
      for (let i = 0; i < 10; i++) {
        log.info({ i, padding: 'x'.repeat(130) }, 'line ' + i);
        await new Promise((r) => setTimeout(r, 15));
      }
      process.stderr.write('last at ' + Date.now() + '\\n');
      setTimeout(() => {}, 5000);`);
    try {
      await waitFor(() => run.lines().length === 10, { timeoutMs: 5000, intervalMs: 10 });
      expect(run.lines().map((l) => l.msg)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i}`));
      expect(run.lines().every((l) => l.service === 'logger-test')).toBe(true);
      expect(run.chunks.length).toBeLessThanOrEqual(2);
      const lastLoggedAt = Number(/last at (\d+)/.exec(run.stderr())?.[1]);
      // written by the flush timer, long before the child's exit 5 s on (a loaded CI machine once took 570 ms, so the
      // margin is generous; without the timer nothing would be written before exit)
      expect(run.chunks.at(-1)!.at - lastLoggedAt).toBeLessThan(LOG_FLUSH_MS + 2000);
      expect(run.child.exitCode).toBeNull();
    } finally {
      run.child.kill();
      await run.exited;
    }
  });

  it('writes in batches of about LOG_BUFFER_BYTES when lines come faster than the interval', async () => {
    const run = logProcess(`
      for (let i = 0; i < 200; i++) log.info({ i, padding: 'x'.repeat(130) }, 'line ' + i);
      setTimeout(() => {}, 5000);`);
    try {
      await waitFor(() => run.lines().length === 200, { timeoutMs: 5000, intervalMs: 10 });
      // unbuffered, the first line goes out alone (a chunk of one line) and the rest while it is written
      for (const chunk of run.chunks.slice(0, -1)) expect(chunk.text.length).toBeGreaterThanOrEqual(LOG_BUFFER_BYTES);
      expect(run.chunks.length).toBeGreaterThan(1);
    } finally {
      run.child.kill();
      await run.exited;
    }
  });

  it('writes nothing while nothing is logged (no empty writes at every flush interval)', async () => {
    // sonic-boom writes through fs.write; the child counts its calls over eight flush intervals after one line
    const run = logProcess(`
      const fs = (await import('node:fs')).default;
      const write = fs.write;
      let writes = 0;
      fs.write = (...args) => { writes++; return write(...args); };
      log.info('only line');
      setTimeout(() => { process.stderr.write('writes ' + writes + '\\n'); }, ${LOG_FLUSH_MS * 8});
      setTimeout(() => {}, 5000);`);
    try {
      await waitFor(() => /writes \d+/.test(run.stderr()), { timeoutMs: 10_000, intervalMs: 20 });
      expect(run.lines().map((l) => l.msg)).toEqual(['only line']);
      expect(Number(/writes (\d+)/.exec(run.stderr())?.[1])).toBe(1);
    } finally {
      run.child.kill();
      await run.exited;
    }
  });

  it('arms one flush timer per batch of lines, and none while nothing is logged', async () => {
    // the child counts the timers of the flush's period made from the moment its logger exists: a quiet process has
    // none to wake it (a fixed interval would be one, made at once)
    const run = logProcess(
      `
      const quiet = () => new Promise((r) => setTimeout(r, ${LOG_FLUSH_MS * 4}));
      await quiet();
      process.stderr.write('idle ' + flushTimers + '\\n');
      log.info('first');
      log.info('second');
      await quiet();
      process.stderr.write('after one batch ' + flushTimers + '\\n');
      await quiet();
      process.stderr.write('quiet again ' + flushTimers + '\\n');
      setTimeout(() => {}, 5000);`,
      `
      let flushTimers = 0;
      for (const name of ['setTimeout', 'setInterval']) {
        const make = globalThis[name];
        globalThis[name] = (fn, ms, ...args) => {
          if (ms === ${LOG_FLUSH_MS}) flushTimers++;
          return make(fn, ms, ...args);
        };
      }`,
    );
    try {
      await waitFor(() => /quiet again \d+/.test(run.stderr()), { timeoutMs: 10_000, intervalMs: 20 });
      expect(run.stderr()).toContain('idle 0\n');
      expect(run.stderr()).toContain('after one batch 1\n');
      expect(run.stderr()).toContain('quiet again 1\n');
      expect(run.lines().map((l) => l.msg)).toEqual(['first', 'second']);
    } finally {
      run.child.kill();
      await run.exited;
    }
  });

  it('writes every line logged just before the process exits, by process.exit or an uncaught error', async () => {
    const exiting = logProcess(`for (let i = 0; i < 5; i++) log.info('bye ' + i); process.exit(3);`);
    expect(await exiting.exited).toBe(3);
    expect(exiting.lines().map((l) => l.msg)).toEqual(['bye 0', 'bye 1', 'bye 2', 'bye 3', 'bye 4']);

    const crashing = logProcess(`log.error('about to fail'); setImmediate(() => { throw new Error('boom'); });`);
    expect(await crashing.exited).toBe(1);
    expect(crashing.lines().map((l) => l.msg)).toEqual(['about to fail']);
    expect(crashing.stderr()).toContain('boom');
  });
});

describe(resolveLogFormat.name, () => {
  it('is pretty on a terminal and JSON through a pipe when `auto`, and what it was told otherwise', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});
