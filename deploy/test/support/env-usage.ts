// Which environment variables a process reads: follows the imports of its entry file through the repository (relative
// imports and @teamchat/* packages, not node_modules) and collects every `env.NAME` / `process.env.NAME` it finds.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const repoRoot = resolve(dirname(new URL(import.meta.url).pathname), '../../..');

const PACKAGE_DIRS: Record<string, string> = {
  contracts: 'libs/contracts',
  bus: 'libs/bus',
  'service-kit': 'libs/service-kit',
  database: 'libs/database',
  config: 'libs/config',
  observability: 'libs/observability',
  testing: 'libs/testing',
  'test-fakes': 'testing/fakes',
  'test-stack': 'testing/stack',
  identity: 'services/identity',
  workspace: 'services/workspace',
  chat: 'services/chat',
  tasks: 'services/tasks',
  billing: 'services/billing',
  media: 'services/media',
  gateway: 'gateway',
  standalone: 'deploy/standalone',
};

const SPECIFIER =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const resolveSpecifier = (from: string, spec: string): string | undefined => {
  if (spec.startsWith('.')) {
    const base = resolve(dirname(from), spec);
    const candidates = [
      base,
      base.replace(/\.js$/, '.ts'),
      base.replace(/\.mjs$/, '.mts'),
      `${base}.ts`,
      join(base, 'index.ts'),
    ];
    return candidates.find((c) => existsSync(c) && !c.endsWith('/'));
  }
  const pkg = /^@teamchat\/([a-z-]+)$/.exec(spec);
  if (pkg && PACKAGE_DIRS[pkg[1]]) return join(repoRoot, PACKAGE_DIRS[pkg[1]], 'src', 'index.ts');
  return undefined;
};

/** The repository source files an entry file loads, itself included; `import type` edges are followed too (harmless). */
export const importClosure = (entry: string): string[] => {
  const seen = new Set<string>();
  const queue = [resolve(repoRoot, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, m[1] ?? m[2]);
      if (target && !target.endsWith('.spec.ts')) queue.push(target);
    }
  }
  return [...seen].map((f) => relative(repoRoot, f)).sort();
};

const READ = /\b(?:process\.)?env\.([A-Z][A-Z0-9_]*)\b|\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g;

/** Environment variables read by these files, with the first file that reads each. */
export const envReads = (files: string[]): Map<string, string> => {
  const reads = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    for (const m of text.matchAll(READ)) {
      const name = m[1] ?? m[2];
      if (!reads.has(name)) reads.set(name, file);
    }
  }
  return reads;
};

/** The source file `npm run build` compiles into a built entry (`<pkg>/dist/x.js` ← `<pkg>/src/x.ts`). */
export const sourceOfBuiltEntry = (entry: string): string =>
  entry.includes('/dist/') ? entry.replace('/dist/', '/src/').replace(/\.js$/, '.ts') : entry;
