import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METRICS_PORT, PROCESSES, SERVICES } from '../docker/processes.mjs';
import { readCompose } from './support/compose.js';
import { parseDockerfile } from './support/dockerfile.js';
import { repoRoot } from './support/env-usage.js';
import {
  selects,
  validateAgainstSchema,
  type ConfigMap,
  type Container,
  type Hpa,
  type Ingress,
  type Job,
  type NetworkPolicy,
  type Pdb,
  type PodTemplate,
  type Secret,
  type Service,
  type StatefulSet,
  type Workload,
} from './support/k8s-model.js';
import {
  byKey,
  kubectlAvailable,
  kustomizeRoot,
  parseYamlDocuments,
  renderWithBuiltin,
  renderWithKubectl,
  strategicMerge,
  type K8sObject,
} from './support/kustomize.js';
import { envProblems, readsOf, WAIT_MODE_NOT_READ, type Deployed } from './support/process-env.js';
import { httpRoutesFor, routeOf, routesFor, type HttpRoute, type Route } from './support/ingress-routing.js';

const hasKubectl = kubectlAvailable();
const runtime = parseDockerfile(join(repoRoot, 'deploy/docker/Dockerfile')).at(-1)!;
const imageUid = Number(runtime.instructions.find((i) => i.op === 'USER')!.args.split(':')[0]);
const exposed = runtime.instructions.filter((i) => i.op === 'EXPOSE').flatMap((i) => i.args.split(/\s+/).map(Number));
const composeImage = Object.values(readCompose(join(repoRoot, 'docker-compose.yml')).services).find(
  (s) => s.build,
)?.image;
const secretTemplate = parseYamlDocuments(
  readFileSync(kustomizeRoot('base/secret.template.yaml'), 'utf8'),
)[0] as unknown as Secret;

const APP_COMPONENTS = ['gateway', 'service', 'migrations'];
const releaseVersion = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
const imageName = (image: string) => image.replace(/@.*$/, '').replace(/:[^:/]+$/, '');
const processOf = (c: Container): Deployed => (c.args?.[0] ?? 'gateway') as Deployed;
const preStopSeconds = (c: Container) => {
  const cmd = c.lifecycle?.preStop?.exec?.command;
  return cmd?.[0] === 'sleep' ? Number(cmd[1]) : 0;
};

// monitoring: the prod overlay plus scrape monitors, alert rules, the dashboard and trace export (monitoring.spec.ts)
describe.each(['dev', 'prod', 'monitoring'])('deploy/k8s/overlays/%s', (overlay) => {
  const dir = kustomizeRoot(`overlays/${overlay}`);
  const objects = renderWithBuiltin(dir);
  const ofKind = <T extends K8sObject>(kind: string) => objects.filter((o) => o.kind === kind) as T[];
  const deployments = ofKind<Workload>('Deployment');
  const jobs = ofKind<Job>('Job');
  const appDeployments = deployments.filter((d) =>
    APP_COMPONENTS.includes(d.spec.template.metadata.labels['app.kubernetes.io/component']),
  );
  const appPods: { owner: K8sObject; template: PodTemplate }[] = [
    ...appDeployments.map((d) => ({ owner: d as K8sObject, template: d.spec.template })),
    ...jobs
      .filter((j) => j.spec.template.metadata.labels['app.kubernetes.io/component'] === 'migrations')
      .map((j) => ({ owner: j as K8sObject, template: j.spec.template })),
  ];
  const appContainers = appPods.flatMap(({ owner, template }) =>
    [...(template.spec.initContainers ?? []), ...template.spec.containers].map((c) => ({ owner, template, c })),
  );
  const configMaps = new Map(ofKind<ConfigMap>('ConfigMap').map((c) => [c.metadata.name, c]));
  const renderedSecrets = new Map(ofKind<Secret>('Secret').map((s) => [s.metadata.name, s]));
  // prod renders no Secret: it is created out of band with the keys of the committed template
  const secretValue = (name: string, key: string): string | undefined => {
    const s = renderedSecrets.get(name) ?? (name === secretTemplate.metadata.name ? secretTemplate : undefined);
    return (
      s?.stringData?.[key] ?? (s?.data?.[key] !== undefined ? Buffer.from(s.data[key], 'base64').toString() : undefined)
    );
  };
  const resolveEnv = (c: Container): { env: Record<string, string>; problems: string[] } => {
    const env: Record<string, string> = {};
    const problems: string[] = [];
    for (const v of c.env ?? []) {
      const cm = v.valueFrom?.configMapKeyRef;
      const sec = v.valueFrom?.secretKeyRef;
      const field = v.valueFrom?.fieldRef?.fieldPath;
      const value = cm
        ? configMaps.get(cm.name)?.data?.[cm.key]
        : sec
          ? secretValue(sec.name, sec.key)
          : field
            ? `<${field}>`
            : v.value;
      if (value === undefined && !(cm?.optional || sec?.optional))
        problems.push(`${c.name}: ${v.name} refers to a missing key`);
      if (value !== undefined) env[v.name] = value;
    }
    return { env, problems };
  };

  (hasKubectl ? it : it.skip)('renders exactly what `kubectl kustomize` renders', () => {
    const expected = byKey(renderWithKubectl(dir));
    const actual = byKey(objects);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, o] of expected) expect(actual.get(key)).toEqual(o);
  });

  it('renders only objects that are valid against the Kubernetes schemas', async () => {
    expect(objects.length).toBeGreaterThan(30);
    const invalid: string[] = [];
    for (const o of objects) {
      await validateAgainstSchema(o).catch((err: Error) =>
        invalid.push(`${o.kind}/${o.metadata.name}: ${err.message}`),
      );
    }
    expect(invalid).toEqual([]);
  });

  it('puts everything in the teamchat namespace, which enforces the restricted Pod Security Standard', () => {
    const ns = ofKind<K8sObject>('Namespace');
    expect(ns.map((n) => n.metadata.name)).toEqual(['teamchat']);
    expect(ns[0].metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    expect(objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== 'teamchat')).toEqual([]);
  });

  it('runs the gateway and each of the six services as its own Deployment', () => {
    expect(appDeployments.map((d) => d.metadata.name).sort()).toEqual(['gateway', ...SERVICES].sort());
    for (const d of appDeployments) {
      expect(selects({ matchLabels: d.spec.selector.matchLabels }, d.spec.template.metadata.labels)).toBe(true);
      expect(d.spec.template.spec.containers.map(processOf)).toEqual([d.metadata.name]);
      // the HPA owns the replica count
      expect(d.spec.replicas).toBeUndefined();
    }
  });

  it('gives every app container readiness and liveness probes on its own port and health paths', () => {
    for (const d of appDeployments) {
      const [c] = d.spec.template.spec.containers;
      const spec = PROCESSES[processOf(c)];
      const port = c.ports!.find((p) => p.containerPort === spec.port)!;
      expect(port).toBeDefined();
      const paths = spec.kind === 'gateway' ? ['/api/health/ready', '/api/health'] : ['/health/ready', '/health'];
      expect(c.readinessProbe?.httpGet).toEqual({ path: paths[0], port: port.name });
      expect(c.livenessProbe?.httpGet).toEqual({ path: paths[1], port: port.name });
    }
  });

  it('sets CPU and memory requests and limits on every app container, init containers included', () => {
    for (const { c } of appContainers) {
      for (const kind of ['requests', 'limits'] as const) {
        expect({ c: c.name, cpu: !!c.resources?.[kind]?.cpu, memory: !!c.resources?.[kind]?.memory }).toEqual({
          c: c.name,
          cpu: true,
          memory: true,
        });
      }
    }
  });

  it('runs every app container as the image user, non-root, on a read-only root filesystem with no privileges', () => {
    for (const { template, c } of appContainers) {
      const pod = template.spec.securityContext!;
      expect(pod).toMatchObject({
        runAsNonRoot: true,
        runAsUser: imageUid,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(template.spec.automountServiceAccountToken).toBe(false);
      expect(c.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
    }
  });

  it('lets each process finish in-flight work on SIGTERM before the grace period ends', () => {
    for (const d of appDeployments) {
      const [c] = d.spec.template.spec.containers;
      const graceMs = Number(resolveEnv(c).env.SHUTDOWN_GRACE_MS);
      expect(graceMs).toBeGreaterThan(0);
      const budget = d.spec.template.spec.terminationGracePeriodSeconds!;
      expect({ name: d.metadata.name, fits: preStopSeconds(c) + graceMs / 1000 < budget }).toEqual({
        name: d.metadata.name,
        fits: true,
      });
    }
    const gateway = appDeployments.find((d) => d.metadata.name === 'gateway')!;
    // endpoints are removed asynchronously: keep serving briefly so the ingress stops routing here first
    expect(preStopSeconds(gateway.spec.template.spec.containers[0])).toBeGreaterThan(0);
  });

  it('gives every app container each variable its code reads, under names EnvSchema knows, with values it accepts', () => {
    const problems = appContainers.flatMap(({ c }) => {
      const { env, problems: refs } = resolveEnv(c);
      const waitMode = c.args?.[1] === '--wait';
      return [...refs, ...envProblems(processOf(c), env, waitMode ? { notRead: WAIT_MODE_NOT_READ } : {})];
    });
    expect(problems).toEqual([]);
  });

  it("hands the gateway and every service the pod's identity (downward API) for their spans' k8s.* attributes", () => {
    const expected = {
      K8S_POD_NAME: 'metadata.name',
      K8S_POD_UID: 'metadata.uid',
      K8S_NAMESPACE_NAME: 'metadata.namespace',
      K8S_NODE_NAME: 'spec.nodeName',
    };
    for (const d of appDeployments) {
      const env = d.spec.template.spec.containers[0].env ?? [];
      const given = Object.fromEntries(
        env.filter((v) => v.valueFrom?.fieldRef).map((v) => [v.name, v.valueFrom!.fieldRef!.fieldPath]),
      );
      expect({ d: d.metadata.name, given }).toEqual({ d: d.metadata.name, given: expected });
    }
  });

  it('hands each process only the secrets its code reads', () => {
    for (const { c } of appContainers) {
      const reads = readsOf(processOf(c));
      const secrets = (c.env ?? []).filter((v) => v.valueFrom?.secretKeyRef).map((v) => v.name);
      expect({ c: c.name, extra: secrets.filter((s) => !reads.has(s)) }).toEqual({ c: c.name, extra: [] });
    }
  });

  it('runs one image, built from deploy/docker/Dockerfile, on the ports it exposes', () => {
    const images = new Set(appContainers.map(({ c }) => c.image));
    expect(images.size).toBe(1);
    const [image] = images;
    if (overlay === 'dev') expect(image).toBe(composeImage);
    else {
      expect(image).toMatch(/^[^:]+\/[^:]+:(?!latest$)[\w.-]+$/);
      // a release's image is tagged with the version of package.json (CHANGELOG.md, UPGRADING.md)
      expect(image.split(':').at(-1)).toBe(releaseVersion);
    }
    for (const { c } of appContainers) {
      expect(Object.hasOwn(PROCESSES, processOf(c))).toBe(true);
      for (const p of c.ports ?? []) {
        // a gateway also listens on a metrics port of its own (GATEWAY_METRICS_PORT)
        expect([PROCESSES[processOf(c)].port, METRICS_PORT]).toContain(p.containerPort);
        expect(exposed).toContain(p.containerPort);
      }
    }
    expect(imageName(image)).not.toBe('');
  });

  it('migrates once per release in a Job, and holds every service pod until its schema is current', () => {
    const migrate = jobs.filter((j) => j.spec.template.spec.containers.some((c) => processOf(c) === 'migrate'));
    expect(migrate).toHaveLength(1);
    const [job] = migrate[0].spec.template.spec.containers;
    expect(resolveEnv(job).env.MIGRATIONS_RUN).toBe('true');
    for (const d of appDeployments.filter((x) => x.metadata.name !== 'gateway')) {
      const init = d.spec.template.spec.initContainers ?? [];
      expect(init.map((c) => c.args)).toEqual([['migrate', '--wait', d.metadata.name]]);
      expect(resolveEnv(d.spec.template.spec.containers[0]).env.MIGRATIONS_RUN).toBe('false');
    }
  });

  it('exposes every Deployment through a Service that selects exactly its pods, on a port it listens on', () => {
    const services = ofKind<Service>('Service');
    for (const d of deployments) {
      const matching = services.filter((s) =>
        selects({ matchLabels: s.spec.selector }, d.spec.template.metadata.labels),
      );
      expect({ d: d.metadata.name, services: matching.length }).toEqual({ d: d.metadata.name, services: 1 });
      const portNames = d.spec.template.spec.containers.flatMap((c) =>
        (c.ports ?? []).flatMap((p) => [p.name, p.containerPort]),
      );
      for (const p of matching[0].spec.ports) expect(portNames).toContain(p.targetPort);
      const others = [...deployments, ...ofKind<StatefulSet>('StatefulSet')].filter(
        (x) => x !== d && selects({ matchLabels: matching[0].spec.selector }, x.spec.template.metadata.labels),
      );
      expect(others).toEqual([]);
    }
  });

  it('autoscales every app Deployment, the gateway and chat on CPU', () => {
    const hpas = ofKind<Hpa>('HorizontalPodAutoscaler');
    for (const d of appDeployments) {
      const [hpa] = hpas.filter(
        (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === d.metadata.name,
      );
      expect(hpa).toBeDefined();
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(overlay === 'dev' ? 1 : 2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas!);
      if (['gateway', 'chat'].includes(d.metadata.name)) {
        expect(hpa.spec.metrics).toContainEqual({
          type: 'Resource',
          resource: { name: 'cpu', target: expect.objectContaining({ type: 'Utilization' }) },
        });
      }
    }
    expect(hpas).toHaveLength(appDeployments.length);
  });

  if (overlay === 'monitoring') {
    it('scales the gateways on open sockets per pod too, below the 800 of the socket alert', () => {
      const hpa = ofKind<Hpa>('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === 'gateway')!;
      const pods = (hpa.spec.metrics ?? []).filter((m) => m.type === 'Pods') as unknown as {
        pods: { metric: { name: string }; target: { type: string; averageValue: string } };
      }[];
      expect(pods.map((m) => m.pods.metric.name)).toEqual(['ws_open_sockets']);
      expect(pods[0].pods.target.type).toBe('AverageValue');
      expect(Number(pods[0].pods.target.averageValue)).toBeLessThan(800);
      expect(hpa.spec.metrics).toContainEqual(expect.objectContaining({ type: 'Resource' }));
    });
  }

  it('keeps a disruption budget per app Deployment that still lets nodes drain', () => {
    const pdbs = ofKind<Pdb>('PodDisruptionBudget');
    for (const d of appDeployments) {
      const matching = pdbs.filter((p) => selects(p.spec.selector, d.spec.template.metadata.labels));
      expect(matching).toHaveLength(1);
      expect(matching[0].spec.maxUnavailable).toBeGreaterThanOrEqual(1);
    }
  });

  describe('network policies', () => {
    const policies = ofKind<NetworkPolicy>('NetworkPolicy');
    const applying = (type: 'Ingress' | 'Egress', labels: Record<string, string>) =>
      policies.filter((p) => p.spec.policyTypes.includes(type) && selects(p.spec.podSelector, labels));
    const ports = (rules: { ports?: { port?: number | string }[] }[]) =>
      [...new Set(rules.flatMap((r) => (r.ports ? r.ports.map((p) => Number(p.port)) : [Number.NaN])))].sort(
        (a, b) => a - b,
      );

    it('deny all traffic that is not allowed explicitly', () => {
      expect(
        policies.some(
          (p) =>
            Object.keys(p.spec.podSelector).length === 0 &&
            !p.spec.ingress &&
            !p.spec.egress &&
            p.spec.policyTypes.length === 2,
        ),
      ).toBe(true);
    });

    it('let only the gateway accept connections; services take metrics scrapes from the monitoring namespace only', () => {
      for (const { owner, template } of appPods) {
        const rules = applying('Ingress', template.metadata.labels).flatMap((p) => p.spec.ingress ?? []);
        const component = template.metadata.labels['app.kubernetes.io/component'];
        if (component === 'gateway') {
          expect(ports(rules)).toEqual([PROCESSES.gateway.port, METRICS_PORT]);
          // the site's port from anywhere (the ingress controller), the metrics port from Prometheus only
          for (const r of rules.filter((x) => x.ports?.some((p) => Number(p.port) === METRICS_PORT)))
            expect(r.from).toEqual([
              { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
            ]);
        } else if (component === 'service') {
          expect({ owner: owner.metadata.name, ports: ports(rules) }).toEqual({
            owner: owner.metadata.name,
            ports: [PROCESSES.chat.port],
          });
          for (const r of rules)
            expect(r.from).toEqual([
              { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
            ]);
        } else expect(rules).toEqual([]);
      }
    });

    it('let each component reach only DNS and the stores it uses', () => {
      const expected: Record<string, number[]> = {
        gateway: [53, 4222, 5432, 6379],
        // password-reset mail through SMTP_URL (submission port)
        identity: [53, 587, 4222, 5432],
        workspace: [53, 4222, 5432],
        chat: [53, 4222, 5432],
        tasks: [53, 4222, 5432],
        billing: [53, 443, 4222, 5432],
        media: [53, 443, 4222, 5432, 9000],
        migrate: [53, 5432],
      };
      // with monitoring, the long-running processes also send spans to the collector (OTLP/HTTP)
      const otlp = (name: string) => (overlay === 'monitoring' && name !== 'migrate' ? [4318] : []);
      for (const { owner, template } of appPods) {
        const rules = applying('Egress', template.metadata.labels).flatMap((p) => p.spec.egress ?? []);
        expect({ owner: owner.metadata.name, ports: ports(rules) }).toEqual({
          owner: owner.metadata.name,
          ports: [...expected[owner.metadata.name], ...otlp(owner.metadata.name)].sort((a, b) => a - b),
        });
      }
    });

    if (overlay === 'dev') {
      it('let every in-cluster store accept connections on its port', () => {
        for (const s of ofKind<StatefulSet>('StatefulSet')) {
          const labels = s.spec.template.metadata.labels;
          const rules = applying('Ingress', labels).flatMap((p) => p.spec.ingress ?? []);
          const listening = s.spec.template.spec.containers.flatMap((c) => (c.ports ?? []).map((p) => p.containerPort));
          expect(ports(rules).filter((p) => listening.includes(p)).length).toBeGreaterThan(0);
        }
      });
    }
  });

  const gatewayService = () => ofKind<Service>('Service').find((s) => s.metadata.name === 'gateway')!;
  const gatewayContainer = () =>
    appDeployments.find((d) => d.metadata.name === 'gateway')!.spec.template.spec.containers[0];
  /** The container port a route's backend reaches through the gateway Service. */
  const containerPortOf = (route: Route): number | undefined => {
    const { port } = route.backend;
    const sp = gatewayService().spec.ports.find((p) => (port.name ? p.name === port.name : p.port === port.number));
    const target = sp?.targetPort;
    return gatewayContainer().ports?.find((p) => p.name === target || p.containerPort === target)?.containerPort;
  };

  it('routes the Ingress to the gateway Service with no controller annotations and no session affinity', () => {
    const ingresses = ofKind<Ingress>('Ingress');
    expect(ingresses.map((i) => i.metadata.name)).toEqual(['gateway']);
    const [ingress] = ingresses;
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe('gateway');
    expect(gatewayService().spec.ports.map((p) => p.name)).toContain(backend.port.name);
    // cert-manager reads its own annotation; nothing addressed to an ingress controller
    const annotations = Object.keys(ingress.metadata.annotations ?? {});
    expect(annotations.filter((k) => !k.startsWith('cert-manager.io/'))).toEqual([]);
    expect(gatewayService().spec.sessionAffinity ?? 'None').toBe('None');
  });

  it('routes the same hosts through a Gateway API HTTPRoute to the gateway Service', () => {
    const [route, ...more] = ofKind<HttpRoute>('HTTPRoute');
    expect(more).toEqual([]);
    expect(route.spec.parentRefs).toEqual([expect.objectContaining({ kind: 'Gateway', name: expect.any(String) })]);
    const ingressHosts = ofKind<Ingress>('Ingress').flatMap((i) => i.spec.rules.map((r) => r.host));
    expect(route.spec.hostnames).toEqual(ingressHosts);
    for (const ref of route.spec.rules.flatMap((r) => r.backendRefs ?? [])) {
      expect(ref).toMatchObject({ kind: 'Service', name: 'gateway' });
      expect(gatewayService().spec.ports.map((p) => p.port)).toContain(ref.port);
    }
  });

  it("keeps the gateway's /metrics off every public route: it listens on a port no route reaches", () => {
    const gateway = gatewayContainer();
    const metricsPort = Number(resolveEnv(gateway).env.GATEWAY_METRICS_PORT);
    expect(metricsPort).toBe(METRICS_PORT);
    expect(metricsPort).not.toBe(Number(resolveEnv(gateway).env.PORT));
    const ingresses = ofKind<Ingress>('Ingress');
    const hosts = ingresses.flatMap((i) => i.spec.rules.map((r) => r.host!));
    expect(hosts.length).toBeGreaterThan(0);
    for (const host of hosts) {
      const routes = [
        ...routesFor(ingresses, host, ingresses[0].spec.ingressClassName),
        ...httpRoutesFor(ofKind<HttpRoute>('HTTPRoute'), host),
      ];
      for (const r of routes) {
        expect({ host, kind: r.source.kind, port: containerPortOf(r) }).toEqual({
          host,
          kind: r.source.kind,
          port: PROCESSES.gateway.port,
        });
      }
      // the product's paths reach the gateway through each kind of route
      for (const kind of ['Ingress', 'HTTPRoute'])
        for (const path of [
          '/',
          '/login',
          '/invite/abc',
          '/api/health',
          '/api/messages',
          '/ws',
          '/objects/w/a.png',
          '/attachments/w/a.png',
          '/assets/index-abc123.js',
          '/favicon.ico',
        ]) {
          const route = routeOf(
            routes.filter((r) => r.source.kind === kind),
            path,
          );
          expect({ host, kind, path, service: route?.backend.name }).toEqual({ host, kind, path, service: 'gateway' });
        }
    }
  });

  it('signs upload URLs for an S3 address browsers reach, while the services use S3_ENDPOINT', () => {
    const media = resolveEnv(appDeployments.find((d) => d.metadata.name === 'media')!.spec.template.spec.containers[0]);
    const services = new Set(ofKind<Service>('Service').map((s) => s.metadata.name));
    const browser = new URL(media.env.S3_PUBLIC_ENDPOINT);
    expect(services.has(browser.hostname)).toBe(false);
    if (overlay === 'dev') {
      // `kubectl port-forward svc/minio 9000` makes the in-cluster MinIO reachable at localhost:9000
      const minio = ofKind<Service>('Service').find((s) => s.metadata.name === 'minio')!;
      expect(browser.hostname).toBe('localhost');
      expect(minio.spec.ports.map((p) => String(p.port))).toContain(browser.port);
      expect(new URL(media.env.S3_ENDPOINT).port).toBe(browser.port);
    } else {
      expect(browser.protocol).toBe('https:');
    }
  });

  if (overlay === 'dev') {
    it("lets browsers PUT to MinIO from the site's origin only", () => {
      const minio = ofKind<StatefulSet>('StatefulSet').find((s) => s.metadata.name === 'minio')!;
      const gateway = appDeployments.find((d) => d.metadata.name === 'gateway')!.spec.template.spec.containers[0];
      const cors = resolveEnv(minio.spec.template.spec.containers[0]).env.MINIO_API_CORS_ALLOW_ORIGIN;
      expect(cors.split(',')).toEqual([new URL(resolveEnv(gateway).env.PUBLIC_URL).origin]);
    });

    it('runs Postgres, Redis, NATS with JetStream and MinIO as StatefulSets with persistent volumes, and points at them', () => {
      const sets = ofKind<StatefulSet>('StatefulSet');
      expect(sets.map((s) => s.metadata.name).sort()).toEqual(['minio', 'nats', 'postgres', 'redis']);
      for (const s of sets) expect(s.spec.volumeClaimTemplates?.length).toBe(1);
      const nats = sets.find((s) => s.metadata.name === 'nats')!;
      const natsArgs = nats.spec.template.spec.containers[0].args ?? [];
      expect(natsArgs).toContain('-js');
      // the JetStream store (durable event streams and consumers) lives on the claimed volume
      const storeDir = natsArgs[natsArgs.indexOf('-sd') + 1];
      const claim = nats.spec.volumeClaimTemplates![0].metadata.name;
      expect(nats.spec.template.spec.containers[0].volumeMounts).toContainEqual({ name: claim, mountPath: storeDir });
      const services = new Set(ofKind<Service>('Service').map((s) => s.metadata.name));
      const gatewayEnv = resolveEnv(
        appDeployments.find((d) => d.metadata.name === 'gateway')!.spec.template.spec.containers[0],
      ).env;
      const mediaEnv = resolveEnv(
        appDeployments.find((d) => d.metadata.name === 'media')!.spec.template.spec.containers[0],
      ).env;
      for (const url of [gatewayEnv.DATABASE_URL, gatewayEnv.REDIS_URL, gatewayEnv.NATS_URL, mediaEnv.S3_ENDPOINT]) {
        expect(services.has(new URL(url).hostname)).toBe(true);
      }
    });
  } else {
    it('points at managed stores through config and renders no Secret and no store of its own', () => {
      expect(ofKind<StatefulSet>('StatefulSet')).toEqual([]);
      expect(ofKind<Secret>('Secret')).toEqual([]);
      const services = new Set(ofKind<Service>('Service').map((s) => s.metadata.name));
      const env = resolveEnv(
        appDeployments.find((d) => d.metadata.name === 'media')!.spec.template.spec.containers[0],
      ).env;
      for (const url of [env.NATS_URL, env.S3_ENDPOINT, env.DATABASE_URL])
        expect(services.has(new URL(url).hostname)).toBe(false);
      expect(
        new URL(
          resolveEnv(appDeployments.find((d) => d.metadata.name === 'gateway')!.spec.template.spec.containers[0]).env
            .PUBLIC_URL,
        ).protocol,
      ).toBe('https:');
    });
  }
});

describe('deploy/k8s/base/secret.template.yaml', () => {
  it('is a valid Secret whose values are placeholders, never real credentials', async () => {
    await validateAgainstSchema(secretTemplate);
    for (const [key, value] of Object.entries(secretTemplate.stringData ?? {})) {
      expect({ key, placeholder: value === '' || value.includes('CHANGE_ME') }).toEqual({ key, placeholder: true });
    }
  });

  it('is left out of the base, so applying an overlay never applies placeholders', () => {
    const base = readFileSync(kustomizeRoot('base/kustomization.yaml'), 'utf8');
    expect(base).not.toMatch(/^\s*-\s*secret\.template\.yaml/m);
  });
});

describe('the built-in kustomize renderer', () => {
  it('merges containers and env by name, replaces other lists, and deletes fields set to null', () => {
    const base = {
      spec: { containers: [{ name: 'a', env: [{ name: 'X', value: '1' }], args: ['x'] }], keep: 1, drop: 2 },
    };
    const patch = { spec: { containers: [{ name: 'a', env: [{ name: 'Y', value: '2' }], args: ['y'] }], drop: null } };
    expect(strategicMerge(base, patch)).toEqual({
      spec: {
        containers: [
          {
            name: 'a',
            env: [
              { name: 'X', value: '1' },
              { name: 'Y', value: '2' },
            ],
            args: ['y'],
          },
        ],
        keep: 1,
      },
    });
  });

  it('refuses a kustomization field it does not implement instead of ignoring it', () => {
    const dir = join(repoRoot, 'deploy/test/fixtures/unsupported-kustomization');
    expect(() => renderWithBuiltin(dir)).toThrow('the built-in renderer does not implement commonLabels');
  });
});
