// `npm start`: build what is missing, then run the whole product in one process (standalone mode).
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { NODE_FLAGS } from '../deploy/docker/processes.mjs';
import { root } from './packages.mjs';

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-missing'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const child = spawn(process.execPath, [...NODE_FLAGS, join(root, 'deploy', 'standalone', 'dist', 'main.js')], {
  stdio: 'inherit',
  env: process.env,
});
// the signal is passed on; this process ends with the child's exit code (128 + n if a signal ended it)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
