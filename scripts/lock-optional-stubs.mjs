// Keeps package-lock.json valid for `npm ci` when the registry this project installs from lacks some platform-specific
// optional packages (e.g. macOS or Windows builds of @swc/core and nx): npm then leaves them out of the lock, and
// `npm ci` refuses the lock as out of sync. This records each missing one with the os/cpu its name declares, so npm ci
// accepts the lock and skips them on this platform, as it would with a complete lock. Run it after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const lockPath = join(new URL('..', import.meta.url).pathname, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const pkgs = lock.packages;

const platformOf = (name) => {
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'].find((o) => name.includes(`-${o}-`) || name.endsWith(`-${o}`));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'].find((c) => new RegExp(`-${c}(-|$)`).test(name));
  const libc = /-musl/.test(name) ? ['musl'] : /-gnu/.test(name) && os === 'linux' ? ['glibc'] : undefined;
  return { os, cpu, libc };
};

/** Where node resolution from `from` finds `dep`, following the lock's folder layout. */
const resolve = (from, dep) => {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${dep}`;
    if (pkgs[candidate]) return candidate;
    if (!dir) return null;
    const idx = dir.lastIndexOf('/node_modules/');
    dir = idx >= 0 ? dir.slice(0, idx) : '';
  }
};

let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = resolve(path, dep);
    if (found && semver.satisfies(pkgs[found].version, range)) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue; // not a platform build: leave it for npm to report
    const target = found ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (pkgs[target]) continue;
    pkgs[target] = {
      version: semver.minVersion(range)?.version ?? range,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock: ${added} platform-specific optional packages recorded`);
