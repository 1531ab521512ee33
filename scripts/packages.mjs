// The workspace packages in build order (dependencies first).
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
/** The services in product order: the keys of libs/contracts/services.json, which SERVICE_NAMES is made of too. */
export const SERVICES = Object.keys(JSON.parse(readFileSync(join(root, 'libs', 'contracts', 'services.json'), 'utf8')));
export const SERVER_PACKAGES = [
  'libs/contracts',
  'libs/observability',
  'libs/config',
  'libs/bus',
  'libs/database',
  'libs/service-kit',
  ...SERVICES.map((s) => `services/${s}`),
  'gateway',
  'deploy/standalone',
  'libs/testing',
  'testing/fakes',
  'testing/stack',
];

/** Newest modification time of any file under `dir` (0 when absent). */
const newest = (dir) => {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
};

const fresh = (output, sources) => existsSync(output) && statSync(output).mtimeMs >= Math.max(...sources.map(newest));

/** The file whose time says when a package was built. */
const builtMark = (pkg) => join(root, pkg, 'dist', 'index.js');
const webMark = () => join(root, 'web', 'dist', 'index.html');

/** Built and not older than its sources, so `npm start` never runs stale code after an edit. */
export const isBuilt = (pkg) => fresh(builtMark(pkg), [join(root, pkg, 'src')]);
export const webBuilt = () => fresh(webMark(), [join(root, 'web', 'src'), join(root, 'libs', 'contracts', 'src')]);

/**
 * After a build, every package's output is of its sources as they are now (Nx rebuilt it, or restored it from its
 * cache for the same inputs), but a restored output keeps the time it was first written, older than the sources of a
 * fresh checkout: without this, `--if-missing` found every package stale after a cached build, and each test that
 * asked for a build rebuilt the product (deleting and rewriting its dist) while other tests were running it.
 */
export const markBuilt = () => {
  const now = new Date();
  for (const mark of [...SERVER_PACKAGES.map(builtMark), webMark()]) if (existsSync(mark)) utimesSync(mark, now, now);
};
