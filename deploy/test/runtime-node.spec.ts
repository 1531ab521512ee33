// The Node.js the product runs on (scripts/runtime-node.mjs): the recommended version satisfies `engines`, a new
// enough Node is used as it is, and an older one says which Node it needs and takes the recommended one from the
// cache it fetched it into (the fetch itself, from the npm registry, is what `.ci/run` does on every fresh machine).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { nodeVersions, satisfies } from '../../scripts/runtime-node.mjs';
import { repoRoot } from './support/env-usage.js';

const script = join(repoRoot, 'scripts', 'runtime-node.mjs');
const run = (node: string, env: NodeJS.ProcessEnv = {}) =>
  spawnSync(node, [script], { encoding: 'utf8', env: { ...process.env, ...env } });

describe('scripts/runtime-node.mjs', () => {
  it('recommends a Node that satisfies the engines field, the one .ci/run and the image use', () => {
    const { recommended, minimum, engines } = nodeVersions();
    expect(engines).toBe(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).engines.node);
    expect(satisfies(recommended, minimum)).toBe(true);
    expect(satisfies('20.19.0', minimum)).toBe(false);
    expect(satisfies(`${minimum[0]}.${minimum[1]}.0`, minimum)).toBe(true);
    expect(satisfies(`${minimum[0]}.${minimum[1] - 1}.9`, minimum)).toBe(minimum[1] === 0);
    expect(readFileSync(join(repoRoot, '.ci', 'run'), 'utf8')).toContain('scripts/runtime-node.mjs --recommended');
  });

  it('answers its own directory on a Node the engines field allows, fetching nothing', () => {
    if (!satisfies(process.versions.node, nodeVersions().minimum)) {
      console.warn(`skipped: this test runs on Node.js ${process.versions.node}, older than the engines field`);
      return;
    }
    const cache = mkdtempSync(join(tmpdir(), 'runtime-node-'));
    try {
      const r = run(process.execPath, { XDG_CACHE_HOME: cache });
      expect(r.status).toBe(0);
      expect(r.stdout.trim()).toBe(dirname(process.execPath));
      expect(r.stderr).toBe('');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("on an older Node says which Node it needs and answers the recommended one's directory", () => {
    // Debian 12's own Node (20) is the older Node of these machines
    const old = spawnSync('/usr/bin/node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
    const oldVersion = old.status === 0 ? old.stdout.trim() : null;
    if (!oldVersion || satisfies(oldVersion, nodeVersions().minimum)) {
      console.warn('skipped: no Node older than the engines field at /usr/bin/node');
      return;
    }
    const { recommended, engines } = nodeVersions();
    const cache = mkdtempSync(join(tmpdir(), 'runtime-node-'));
    try {
      // what an earlier fetch left in the cache (a stand-in binary: the fetch is .ci/run's, from the npm registry)
      const bin = join(cache, 'teamchat', `node-v${recommended}-linux-x64`, 'bin');
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(bin, 'node'), `#!/bin/sh\necho v${recommended}\n`);
      chmodSync(join(bin, 'node'), 0o755);
      const r = run('/usr/bin/node', { XDG_CACHE_HOME: cache });
      expect(r.status).toBe(0);
      expect(r.stdout.trim()).toBe(bin);
      expect(r.stderr).toContain(
        `teamchat needs Node.js ${engines} (${recommended.split('.')[0]} LTS recommended); this is Node.js ${oldVersion}.`,
      );
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
