// In production the processes that serve the site refuse to start without PUBLIC_URL, the one origin their links
// (password resets) are built on, as they refuse any other bad configuration: exit 78, the variable named.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './launched-process.js';

beforeAll(() => {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-missing'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(build.stderr);
}, 300_000);

describe('NODE_ENV=production without PUBLIC_URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-public-url-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(['deploy/standalone/dist/main.js', 'gateway/dist/main.js'])('%s exits 78 naming PUBLIC_URL', (script) => {
    const { PUBLIC_URL: _unset, ...env } = process.env;
    const run = spawnSync(process.execPath, [script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never_reached',
        SESSION_SECRET: 'public-url-session-secret-long-enough-0001',
      },
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain(
      "PUBLIC_URL must be set in production: password reset links point at it, never at a request's Host",
    );
  });
});
