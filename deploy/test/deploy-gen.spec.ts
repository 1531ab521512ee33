// The per-service parts of the Kubernetes base, docker-compose.yml, the Dockerfile and Prometheus's targets are made
// by scripts/deploy-gen.mjs from libs/contracts/services.json and deploy/service-overrides.mjs: committed text must
// match what it makes, and one more name in services.json must be all a deployment needs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from './support/env-usage.js';

const generator = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts/deploy-gen.mjs'), ...args], { encoding: 'utf8' });

const services = Object.keys(
  JSON.parse(readFileSync(join(repoRoot, 'libs/contracts/services.json'), 'utf8')) as Record<string, string>,
);

describe('scripts/deploy-gen.mjs', () => {
  it('has written every committed per-service part (else: run `node scripts/deploy-gen.mjs`)', () => {
    const run = generator(repoRoot, '--check');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  describe('given one more service in services.json', () => {
    let scratch: string;
    const copy = (path: string) => {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      cpSync(join(repoRoot, path), join(scratch, path), { recursive: true });
    };
    const text = (path: string) => readFileSync(join(scratch, path), 'utf8');

    beforeAll(() => {
      scratch = mkdtempSync(join(tmpdir(), 'deploy-gen-'));
      for (const path of [
        'package.json',
        'libs/contracts/services.json',
        'scripts/deploy-gen.mjs',
        'deploy/service-overrides.mjs',
        'deploy/docker/Dockerfile',
        'deploy/k8s/base',
        'deploy/monitoring/prometheus.yml',
        'deploy/k8s/overlays/monitoring/prometheus-rule.yaml',
        'docker-compose.yml',
      ])
        copy(path);
      // the generator reads YAML with the repository's `yaml` package
      symlinkSync(join(repoRoot, 'node_modules'), join(scratch, 'node_modules'));
      for (const parent of ['libs', 'services', 'testing'])
        for (const dir of readdirSync(join(repoRoot, parent), { withFileTypes: true }))
          if (dir.isDirectory()) copy(`${parent}/${dir.name}/package.json`);
      for (const dir of ['gateway', 'web', 'deploy/standalone']) copy(`${dir}/package.json`);
      const list = JSON.parse(text('libs/contracts/services.json')) as Record<string, string>;
      writeFileSync(
        join(scratch, 'libs/contracts/services.json'),
        JSON.stringify({ ...list, audit: 'audit trail' }, null, 2),
      );
      mkdirSync(join(scratch, 'services/audit'));
      writeFileSync(join(scratch, 'services/audit/package.json'), '{"name":"@teamchat/audit"}');
    });
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it('reports the deployment out of step, then writes it in one run', () => {
      expect(generator(scratch, '--check').status).toBe(1);
      expect(generator(scratch).status).toBe(0);
      expect(generator(scratch, '--check').status).toBe(0);
    });

    it('gives it a manifest like any service without overrides, listed in the kustomization', () => {
      const audit = text('deploy/k8s/base/services/audit.yaml');
      const tasks = text('deploy/k8s/base/services/tasks.yaml');
      expect(audit).toBe(tasks.replace(/\btasks\b/g, 'audit'));
      const kustomization = parse(text('deploy/k8s/base/kustomization.yaml')) as { resources: string[] };
      expect(kustomization.resources).toContain('services/audit.yaml');
    });

    it('runs it in docker-compose, installs its manifest in the image, and scrapes its metrics', () => {
      const compose = parse(text('docker-compose.yml'), { merge: true }) as {
        services: Record<string, { command: string[]; healthcheck: unknown }>;
      };
      expect(compose.services.audit.command).toEqual(['audit']);
      expect(compose.services.audit.healthcheck).toEqual(compose.services.tasks.healthcheck);
      expect(text('deploy/docker/Dockerfile')).toContain('COPY services/audit/package.json services/audit/\n');
      expect(text('deploy/monitoring/prometheus.yml')).toContain("'audit:9464'");
    });
  });

  it('keeps the differences between services in the overrides: without them the manifests differ only in names', () => {
    const manifest = (name: string) =>
      readFileSync(join(repoRoot, `deploy/k8s/base/services/${name}.yaml`), 'utf8').replace(
        new RegExp(`\\b${name}\\b`, 'g'),
        'NAME',
      );
    expect(services).toEqual(expect.arrayContaining(['tasks', 'workspace']));
    expect(manifest('workspace')).toBe(manifest('tasks'));
  });
});
