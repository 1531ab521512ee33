// `npm start`: build what is missing, then run the whole product in one process (standalone mode).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './packages.mjs';

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-missing'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const child = spawn(process.execPath, [join(root, 'deploy', 'standalone', 'dist', 'main.js')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
