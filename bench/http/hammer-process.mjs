// `hammer` in a Node process of its own, so a heavy load (the overload mode's W1: up to 1,000 connections) never
// shares an event loop with the load whose latency is measured. The parent forks this module once, then sends it
// hammer's options over IPC, one run at a time; the figures of each run come back over IPC.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hammer } from './load.mjs';

const self = fileURLToPath(import.meta.url);

/**
 * Forks the load process and resolves once it is ready, so the first run starts when it is asked to and not after
 * Node has started. `run(options)` runs `hammer(options)` there; `close()` ends the process.
 */
export const hammerProcess = () =>
  new Promise((resolve, reject) => {
    // advanced serialization keeps a NaN latency a number
    const child = fork(self, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let pending = null;
    let exited = null;
    child.on('exit', (code, signal) => {
      exited = new Error(`the load process exited (${signal ?? code})`);
      pending?.reject(exited);
      pending = null;
      reject(exited);
    });
    child.on('error', reject);
    child.on('message', (message) => {
      if (message.ready) {
        resolve({ run, close });
        return;
      }
      const settle = pending;
      pending = null;
      if (message.error) settle?.reject(new Error(`load process: ${message.error}`));
      else settle?.resolve(message.result);
    });
    const run = (options) =>
      new Promise((resolveRun, rejectRun) => {
        if (exited) throw exited;
        if (pending) throw new Error('the load process runs one hammer at a time');
        pending = { resolve: resolveRun, reject: rejectRun };
        child.send(options);
      });
    const close = () =>
      new Promise((resolveClose) => {
        if (exited) return resolveClose();
        child.once('exit', () => resolveClose());
        child.disconnect();
      });
  });

if (process.argv[1] === self && process.send) {
  process.on('message', async (options) => {
    try {
      process.send({ result: await hammer(options) });
    } catch (error) {
      process.send({ error: error instanceof Error ? error.stack : String(error) });
    }
  });
  process.send({ ready: true });
}
