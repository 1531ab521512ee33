// Builds every server package with swc (into <pkg>/dist) and the SPA with Vite (into web/dist).
// `--if-missing` builds only what has no dist yet (used by `npm start`).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isBuilt, root, SERVER_PACKAGES, webBuilt } from './packages.mjs';

const ifMissing = process.argv.includes('--if-missing');
const run = (cmd, args, cwd) => {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build failed: ${cmd} ${args.join(' ')} (in ${cwd})`);
    process.exit(r.status ?? 1);
  }
};

const swc = join(root, 'node_modules', '.bin', 'swc');
const started = Date.now();
for (const pkg of SERVER_PACKAGES) {
  if (ifMissing && isBuilt(pkg)) continue;
  const dir = join(root, pkg);
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  run(swc, ['src', '-d', 'dist', '--strip-leading-paths', '--config-file', join(root, '.swcrc'), '--ignore', '**/*.spec.ts', '--quiet'], dir);
}
if (existsSync(join(root, 'web', 'package.json')) && !(ifMissing && webBuilt())) {
  run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], join(root, 'web'));
}
console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
