// Builds every package through Nx: each package's own `build` script (swc into <pkg>/dist, Vite into web/dist), in the
// order of the project graph Nx reads from the imports (`nx graph` shows it), two at a time, cached in .nx/cache by
// the sources' hashes. `--if-missing` builds nothing when every dist is there and newer than its sources (used by
// `npm start`, so a started product never runs stale code after an edit).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isBuilt, markBuilt, root, SERVER_PACKAGES, webBuilt } from './packages.mjs';

const ifMissing = process.argv.includes('--if-missing');
const started = Date.now();
if (ifMissing && SERVER_PACKAGES.every(isBuilt) && webBuilt()) process.exit(0);

const r = spawnSync(
  join(root, 'node_modules', '.bin', 'nx'),
  ['run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' } },
);
if (r.status !== 0) {
  process.stdout.write(r.stdout ?? ''); // Nx's output of every task, shown only when one failed
  console.error('build failed: nx run-many -t build');
  process.exit(r.status ?? 1);
}
markBuilt();
console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s (nx run-many -t build)`);
