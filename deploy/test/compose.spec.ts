import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROCESSES, SERVICES } from '../docker/processes.mjs';
import { durationSeconds, interpolate, readCompose, serviceEnv, type ComposeService } from './support/compose.js';
import { parseDockerfile } from './support/dockerfile.js';
import { repoRoot, sourceOfBuiltEntry } from './support/env-usage.js';
import { envProblems, type Deployed } from './support/process-env.js';

const compose = readCompose(join(repoRoot, 'docker-compose.yml'));
const services = compose.services;
const asList = (v: string[] | string | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : v.split(/\s+/);
/** The product's own containers: those built from our Dockerfile, by the process their first argument names. */
const app = Object.entries(services).filter(([, s]) => s.build !== undefined || s.image === 'teamchat:local');
const processOf = (s: ComposeService): string => asList(s.command)[0] ?? 'gateway';
const byProcess = (name: string) => app.filter(([, s]) => processOf(s) === name);
const dependsOn = (s: ComposeService): Record<string, string> =>
  Array.isArray(s.depends_on)
    ? Object.fromEntries(s.depends_on.map((d) => [d, 'service_started']))
    : Object.fromEntries(Object.entries(s.depends_on ?? {}).map(([k, v]) => [k, v.condition]));

describe('docker-compose.yml', () => {
  it('runs Postgres, Redis, NATS with JetStream and MinIO', () => {
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.redis.image).toMatch(/^redis:/);
    expect(services.nats.image).toMatch(/^nats:/);
    expect(asList(services.nats.command)).toContain('-js');
  });

  it('runs MinIO at a release with the CVE-2025-62506 fix (RELEASE.2025-10-15T17-29-55Z or later), as the dev cluster does', () => {
    const dev = readFileSync(join(repoRoot, 'deploy/k8s/overlays/dev/minio.yaml'), 'utf8');
    const devImages = [...dev.matchAll(/image: (\S+)/g)].map((m) => m[1]);
    for (const image of [services.minio.image!, services['minio-setup'].image!, ...devImages]) {
      const release = /\/minio:RELEASE\.(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)$/.exec(image)?.[1];
      expect({ image, fixed: release !== undefined && release >= '2025-10-15T17-29-55Z' }).toEqual({
        image,
        fixed: true,
      });
    }
    expect(new Set(devImages)).toEqual(new Set([services.minio.image]));
  });

  it("keeps NATS's JetStream store (the durable event streams) on a named volume", () => {
    const args = asList(services.nats.command);
    const storeDir = args[args.indexOf('-sd') + 1];
    expect(args.indexOf('-sd')).toBeGreaterThanOrEqual(0);
    const mounts = (services.nats.volumes ?? []).map((v) => v.split(':'));
    expect(
      mounts.some(([source, target]) => target === storeDir && !source.startsWith('.') && !source.startsWith('/')),
    ).toBe(true);
  });

  it('runs the migration job, each of the six services once, and two gateway replicas', () => {
    expect(byProcess('migrate')).toHaveLength(1);
    for (const name of SERVICES) expect(byProcess(name).map(([n]) => n)).toEqual([name]);
    expect(byProcess('gateway').length).toBeGreaterThanOrEqual(2);
    expect(app.every(([, s]) => Object.hasOwn(PROCESSES, processOf(s)))).toBe(true);
  });

  it('builds every app container from deploy/docker/Dockerfile, at a stage that exists, as one image', () => {
    const stages = parseDockerfile(join(repoRoot, 'deploy/docker/Dockerfile')).map((s) => s.name);
    for (const [name, s] of app) {
      expect({ name, context: s.build?.context }).toEqual({ name, context: '.' });
      expect(existsSync(join(repoRoot, s.build!.context, s.build!.dockerfile ?? 'Dockerfile'))).toBe(true);
      expect(s.build!.dockerfile).toBe('deploy/docker/Dockerfile');
      expect(stages).toContain(s.build!.target);
    }
    expect(new Set(app.map(([, s]) => s.image)).size).toBe(1);
  });

  it('starts each process from a built entry file whose source exists', () => {
    for (const [, s] of app) {
      const entry = PROCESSES[processOf(s)].entry;
      expect(existsSync(join(repoRoot, sourceOfBuiltEntry(entry)))).toBe(true);
    }
  });

  it('gives every process each variable its code reads, under names EnvSchema knows, with values it accepts', () => {
    const problems = app.flatMap(([, s]) => envProblems(processOf(s) as Deployed, serviceEnv(s)));
    expect(problems).toEqual([]);
  });

  it('offers Prometheus, Grafana and Jaeger (OTLP) in an optional monitoring profile, preconfigured from deploy/', () => {
    const inProfile = (s: ComposeService) => (s as { profiles?: string[] }).profiles?.includes('monitoring') ?? false;
    const monitoring = Object.keys(services).filter((name) => inProfile(services[name]));
    expect(monitoring.sort()).toEqual(['grafana', 'jaeger', 'prometheus']);
    // `docker compose up` without the profile runs as before: nothing else depends on them
    for (const [name, s] of Object.entries(services).filter(([, x]) => !inProfile(x)))
      expect({ name, deps: Object.keys(dependsOn(s)).filter((d) => monitoring.includes(d)) }).toEqual({
        name,
        deps: [],
      });
    const prometheus = readFileSync(join(repoRoot, 'deploy/monitoring/prometheus.yml'), 'utf8');
    for (const name of [...SERVICES, ...byProcess('gateway').map(([n]) => n)])
      expect(prometheus).toContain(`'${name}:`);
    expect(services.jaeger.ports).toContain('4318:4318');
    // the app processes export nothing by default, and to Jaeger's OTLP port when told to
    const told = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318' };
    for (const [name, s] of app.filter(([, x]) => processOf(x) !== 'migrate')) {
      expect({ name, endpoint: serviceEnv(s).OTEL_EXPORTER_OTLP_ENDPOINT }).toEqual({ name, endpoint: '' });
      expect(new URL(serviceEnv(s, told).OTEL_EXPORTER_OTLP_ENDPOINT).hostname).toBe('jaeger');
    }
  });

  it('points every URL at a service of this file', () => {
    for (const [name, s] of app) {
      for (const [key, value] of Object.entries(serviceEnv(s)).filter(
        ([k, v]) => k.endsWith('_URL') && k !== 'PUBLIC_URL' && v,
      )) {
        expect({ name, key, host: new URL(value).hostname in services }).toEqual({ name, key, host: true });
      }
      const s3 = serviceEnv(s).S3_ENDPOINT;
      if (s3) expect(new URL(s3).hostname in services).toBe(true);
    }
  });

  it('signs upload URLs for the published MinIO port, where browsers reach the store the services use', () => {
    const [[, media]] = byProcess('media');
    const env = serviceEnv(media);
    const internal = new URL(env.S3_ENDPOINT);
    const browser = new URL(env.S3_PUBLIC_ENDPOINT);
    expect(internal.hostname).toBe('minio');
    expect(browser.hostname).toBe('localhost');
    expect(services.minio.ports).toContain(`${browser.port}:${internal.port}`);
    expect(serviceEnv(media, { S3_PUBLIC_ENDPOINT: 'https://files.example.org' }).S3_PUBLIC_ENDPOINT).toBe(
      'https://files.example.org',
    );
  });

  it("lets browsers PUT to MinIO from the site's origin only (its server-wide CORS setting)", () => {
    for (const given of [{}, { PUBLIC_URL: 'https://chat.example.org' }] as Record<string, string>[]) {
      const origins = serviceEnv(services.minio, given).MINIO_API_CORS_ALLOW_ORIGIN.split(',');
      const sites = new Set(byProcess('gateway').map(([, s]) => new URL(serviceEnv(s, given).PUBLIC_URL).origin));
      expect(origins).toEqual([...sites]);
    }
  });

  it('applies migrations once, before any service or gateway starts', () => {
    const [[migrateName, migrate]] = byProcess('migrate');
    expect(serviceEnv(migrate).MIGRATIONS_RUN).toBe('true');
    expect(dependsOn(migrate).postgres).toBe('service_healthy');
    for (const [, s] of app.filter(([n]) => n !== migrateName)) {
      expect(dependsOn(s)[migrateName]).toBe('service_completed_successfully');
    }
  });

  it('depends only on services it defines, and waits for health only where a health check exists', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, condition] of Object.entries(dependsOn(s))) {
        expect({ name, dep, exists: dep in services }).toEqual({ name, dep, exists: true });
        if (condition === 'service_healthy') expect(services[dep].healthcheck).toBeDefined();
      }
    }
  });

  it("checks each app container's readiness on its own port and path", () => {
    for (const [, s] of app.filter(([, x]) => processOf(x) !== 'migrate')) {
      const test = asList(s.healthcheck?.test);
      expect(test.slice(0, 3)).toEqual(['CMD', 'node', 'deploy/docker/probe.mjs']);
      const env = serviceEnv(s);
      const expected =
        PROCESSES[processOf(s)].kind === 'gateway'
          ? `http://127.0.0.1:${env.PORT}/api/health/ready`
          : `http://127.0.0.1:${env.METRICS_PORT}/health/ready`;
      expect(test[3]).toBe(expected);
    }
    expect(existsSync(join(repoRoot, 'deploy/docker/probe.mjs'))).toBe(true);
  });

  it('publishes the gateways on distinct host ports and balances them behind the proxy', () => {
    const gateways = byProcess('gateway');
    const hostPorts = gateways.map(([, s]) => s.ports?.[0]?.split(':')[0]);
    expect(new Set(hostPorts).size).toBe(gateways.length);
    const mount = services.proxy
      .volumes!.map((v) => v.split(':'))
      .find(([, target]) => target.startsWith('/etc/nginx'))!;
    const conf = readFileSync(join(repoRoot, mount[0]), 'utf8').replace(/#.*$/gm, '');
    for (const [name, s] of gateways) expect(conf).toContain(`server ${name}:${serviceEnv(s).PORT}`);
    expect(conf).not.toMatch(/\bip_hash\b|\bsticky\b|\bhash\s/);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
  });

  it('gives each process longer than its shutdown grace to stop before it is killed', () => {
    for (const [name, s] of app.filter(([, x]) => processOf(x) !== 'migrate')) {
      const grace = Number(serviceEnv(s).SHUTDOWN_GRACE_MS) / 1000;
      expect({ name, ok: durationSeconds(s.stop_grace_period ?? '10s') > grace }).toEqual({ name, ok: true });
    }
  });

  it('runs app containers with a read-only root filesystem and an init process', () => {
    for (const [, s] of app) {
      expect(s.read_only).toBe(true);
      expect(s.init).toBe(true);
    }
  });

  it('mounts only files that exist and declares its named volumes', () => {
    for (const s of Object.values(services)) {
      for (const [source] of (s.volumes ?? []).map((v) => v.split(':'))) {
        if (source.startsWith('.') || source.startsWith('/')) expect(existsSync(join(repoRoot, source))).toBe(true);
        else expect(compose.volumes).toHaveProperty(source);
      }
    }
  });
});

describe("docker-compose's monitoring profile", () => {
  const promConfig = parse(readFileSync(join(repoRoot, 'deploy/monitoring/prometheus.yml'), 'utf8')) as {
    rule_files?: string[];
  };
  const mounted = (service: string, target: string) =>
    (services[service].volumes ?? []).map((v) => v.split(':')).find(([, t]) => t === target)?.[0];
  const rulesFile = join(repoRoot, 'deploy/monitoring/alerts.yml');

  it('has Prometheus load the alert rules of the PrometheusRule: its groups, the same in every rule', () => {
    expect(promConfig.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    expect(mounted('prometheus', '/etc/prometheus/alerts.yml')).toBe('./deploy/monitoring/alerts.yml');
    const rule = parse(readFileSync(join(repoRoot, 'deploy/k8s/overlays/monitoring/prometheus-rule.yaml'), 'utf8')) as {
      spec: { groups: unknown[] };
    };
    const file = parse(readFileSync(rulesFile, 'utf8')) as { groups: unknown[] };
    expect(file.groups.length).toBeGreaterThan(0);
    expect(file.groups).toEqual(rule.spec.groups);
  });

  const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
  if (!promtool)
    console.warn(
      'promtool not found: the `promtool check rules` test is skipped (Debian: apt-get install prometheus; .ci/run does)',
    );
  (promtool ? it : it.skip)('ships rules that `promtool check rules` accepts', () => {
    const r = spawnSync('promtool', ['check', 'rules', rulesFile], { encoding: 'utf8' });
    expect({ status: r.status, out: r.stdout + r.stderr }).toEqual({
      status: 0,
      out: expect.stringContaining('SUCCESS'),
    });
  });

  it('runs Grafana with no anonymous access and an admin password from the environment, or not at all', () => {
    const grafana = services.grafana;
    const env = serviceEnv(grafana, { GRAFANA_ADMIN_PASSWORD: 'from-the-environment' });
    expect(env.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(env.GF_SECURITY_ADMIN_PASSWORD).toBe('from-the-environment');
    expect(serviceEnv(grafana).GF_SECURITY_ADMIN_PASSWORD).toBe('');
    // unset, the container stops with a message instead of falling back to Grafana's default admin/admin
    const script = asList(grafana.command).join(' ');
    expect(asList(grafana.entrypoint)).toEqual(['/bin/sh', '-c']);
    expect(interpolate(script)).toMatch(
      /^\[ -n "\$GF_SECURITY_ADMIN_PASSWORD" \] \|\| \{ echo .*; exit \d+; \}; exec \/run\.sh$/,
    );
  });

  it('runs Jaeger v2 from a config that receives OTLP over HTTP on the port the processes are pointed at', () => {
    expect(services.jaeger.image).toMatch(/^jaegertracing\/jaeger:2\.\d+\.\d+$/);
    const target = asList(services.jaeger.command)[asList(services.jaeger.command).indexOf('--config') + 1];
    const source = mounted('jaeger', target)!;
    const config = parse(readFileSync(join(repoRoot, source), 'utf8')) as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } };
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
      extensions: {
        jaeger_query: { storage: { traces: string } };
        jaeger_storage: { backends: Record<string, unknown> };
      };
      exporters: { jaeger_storage_exporter: { trace_storage: string } };
    };
    expect(config.receivers.otlp.protocols.http.endpoint).toBe('0.0.0.0:4318');
    expect(config.service.pipelines.traces).toMatchObject({
      receivers: ['otlp'],
      exporters: ['jaeger_storage_exporter'],
    });
    const store = config.exporters.jaeger_storage_exporter.trace_storage;
    expect(config.extensions.jaeger_storage.backends).toHaveProperty(store);
    expect(config.extensions.jaeger_query.storage.traces).toBe(store);
  });
});

describe('Compose interpolation', () => {
  it('uses the default when the variable is unset or empty, and the value when set', () => {
    expect(interpolate('a ${X:-d} b', {})).toBe('a d b');
    expect(interpolate('${X:-d}', { X: 'v' })).toBe('v');
    expect(interpolate('${X-d}', { X: '' })).toBe('');
    expect(interpolate('$$HOME ${Y}', {})).toBe('$HOME ');
  });
});
