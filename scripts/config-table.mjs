// Rewrites the configuration table of README.md from libs/config (env.schema.ts for defaults, env.docs.ts for
// meanings): `node scripts/config-table.mjs`, or `--check` to fail when the README differs. Builds libs/config first
// (a second with swc), so it needs no earlier `npm run build`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync('npm', ['run', 'build', '--silent', '--workspace', '@teamchat/config'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const { renderConfigTable, spliceConfigTable, undocumentedVariables } =
  await import('../libs/config/dist/config-table.js');
const { missing, repeated } = undocumentedVariables();
if (missing.length || repeated.length) {
  console.error(
    `libs/config/src/env.docs.ts must name each variable of env.schema.ts once: missing ${missing.join(', ') || 'none'}; repeated ${repeated.join(', ') || 'none'}`,
  );
  process.exit(1);
}

const readmePath = `${root}README.md`;
const readme = readFileSync(readmePath, 'utf8');
const next = spliceConfigTable(readme, renderConfigTable());
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('README.md: the configuration table differs from libs/config; run `node scripts/config-table.mjs`');
    process.exit(1);
  }
} else if (next !== readme) {
  writeFileSync(readmePath, next);
  console.log('README.md: configuration table rewritten');
} else console.log('README.md: configuration table already up to date');
