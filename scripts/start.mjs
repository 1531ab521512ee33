// `npm start`: build what is missing, then run the whole product in one process (standalone mode), on a Node.js that
// package.json's `engines` allows (an older one says so, and the recommended one is taken from the npm registry).
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { NODE_FLAGS } from '../deploy/docker/processes.mjs';
import { root } from './packages.mjs';
import { runtimeNodeDir } from './runtime-node.mjs';

let node;
try {
  node = join(runtimeNodeDir(), 'node');
} catch (error) {
  console.error(`could not get a suitable Node.js: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const build = spawnSync(node, [join(root, 'scripts', 'build.mjs'), '--if-missing'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const child = spawn(node, [...NODE_FLAGS, join(root, 'deploy', 'standalone', 'dist', 'main.js')], {
  stdio: 'inherit',
  env: process.env,
});
// the signal is passed on; this process ends with the child's exit code (128 + n if a signal ended it)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
