// Before any journey: the built SPA the stacks serve. `npm test` builds it first; a lone run builds it when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, WEB_DIST } from './support.js';

export default function globalSetup(): void {
  if (process.env.E2E_WEB_DIST || existsSync(join(WEB_DIST, 'index.html'))) return;
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: join(ROOT, 'web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}
