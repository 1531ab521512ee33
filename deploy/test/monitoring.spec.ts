// The monitoring overlay's content: alert rules that Prometheus would load, a dashboard Grafana would import, scrape
// monitors that find every process, and every query naming a metric the product exports. k8s.spec.ts renders the
// overlay and validates its objects against the Kubernetes and Prometheus Operator schemas.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { register } from 'prom-client';
import { startDefaultMetrics } from '@teamchat/observability';
import { RUNBOOK_BASE_URL } from '../service-overrides.mjs';
import { SERVICES } from '../docker/processes.mjs';
import { repoRoot } from './support/env-usage.js';
import type { ConfigMap, Service, Workload } from './support/k8s-model.js';
import { kustomizeRoot, renderWithBuiltin, type K8sObject } from './support/kustomize.js';

/**
 * Metrics the rules and the dashboard may read that the product does not export: kube-state-metrics' view of the
 * Deployments (pods not ready). Everything else must be one of the product's own metrics.
 */
const EXTERNAL_METRICS = new Set([
  'kube_deployment_status_replicas_unavailable',
  'kube_deployment_status_replicas_available',
]);

/** Every series name the product's processes export: its metric names, histograms with their three series. */
const exported = (): Set<string> => {
  startDefaultMetrics();
  const names = new Set<string>();
  for (const m of register.getMetricsAsArray()) {
    const { name, type } = m as unknown as { name: string; type: string };
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    else if (type === 'summary') for (const suffix of ['', '_sum', '_count']) names.add(`${name}${suffix}`);
    else names.add(name);
  }
  return names;
};

/** Parses a PromQL expression with Prometheus's own grammar (lezer-promql); throws on a syntax error. */
const metricsOf = (expr: string): string[] => {
  const tree = parser.parse(expr);
  const names: string[] = [];
  const errors: number[] = [];
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(node.from);
      if (node.name === 'VectorSelector') {
        const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(expr.slice(node.from, node.to))?.[0];
        if (!name) throw new Error(`a selector without a metric name in ${expr}`);
        names.push(name);
      }
    },
  });
  if (errors.length) throw new Error(`PromQL syntax error at ${errors[0]}: ${expr}`);
  if (!names.length) throw new Error(`no metric in ${expr}`);
  return names;
};

/** Prometheus durations (`for`, ranges): 1h30m, 5m, 10s … */
const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;

/** GitHub's anchor of a Markdown heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

describe('deploy/k8s/overlays/monitoring', () => {
  const objects = renderWithBuiltin(kustomizeRoot('overlays/monitoring'));
  const ofKind = <T extends K8sObject>(kind: string) => objects.filter((o) => o.kind === kind) as T[];
  const metrics = exported();
  const readme = readFileSync(join(repoRoot, 'deploy/k8s/README.md'), 'utf8');
  const anchors = new Set([...readme.matchAll(/^#{2,4} (.+)$/gm)].map((m) => slug(m[1])));

  describe('PrometheusRule', () => {
    type Rule = {
      alert?: string;
      record?: string;
      expr: string;
      for?: string;
      labels?: Record<string, string>;
      annotations?: Record<string, string>;
    };
    const rules = ofKind<K8sObject & { spec: { groups: { name: string; interval?: string; rules: Rule[] }[] } }>(
      'PrometheusRule',
    );
    const all = rules.flatMap((r) => r.spec.groups.flatMap((g) => g.rules));
    const alerts = all.filter((r) => r.alert);

    it('is a rule file Prometheus loads: named groups, each rule an alert or a record with an expression and durations', () => {
      expect(rules).toHaveLength(1);
      const groups = rules[0].spec.groups;
      expect(new Set(groups.map((g) => g.name)).size).toBe(groups.length);
      for (const g of groups) {
        expect(g.rules.length).toBeGreaterThan(0);
        if (g.interval) expect(g.interval).toMatch(DURATION);
        for (const r of g.rules) {
          expect({ rule: r.alert ?? r.record, oneKind: !!r.alert !== !!r.record }).toEqual({
            rule: r.alert ?? r.record,
            oneKind: true,
          });
          expect(typeof r.expr).toBe('string');
          if (r.for) expect(r.for).toMatch(DURATION);
          if (r.record) expect(r.record).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/);
        }
      }
      expect(new Set(alerts.map((a) => a.alert)).size).toBe(alerts.length);
    });

    it('has expressions that parse as PromQL and read only metrics the product exports (or kube-state-metrics)', () => {
      const unknown = all.flatMap((r) =>
        metricsOf(r.expr)
          .filter((m) => !metrics.has(m) && !EXTERNAL_METRICS.has(m))
          .map((m) => `${r.alert ?? r.record}: ${m}`),
      );
      expect(unknown).toEqual([]);
    });

    it('alerts on error ratio, p99 latency, pods not ready, NATS and Redis unreachable, outbox lag and socket count', () => {
      const reading = (metric: string) => alerts.filter((a) => metricsOf(a.expr).includes(metric)).map((a) => a.alert);
      expect(reading('http_request_duration_seconds_count')).toContain('TeamchatHighErrorRatio');
      expect(alerts.find((a) => a.alert === 'TeamchatHighLatencyP99')!.expr).toMatch(/histogram_quantile\(0\.99/);
      expect(reading('kube_deployment_status_replicas_unavailable')).toEqual(['TeamchatPodsNotReady']);
      expect(reading('bus_broker_hung')).toEqual(['TeamchatNatsUnreachable']);
      expect(reading('redis_connected')).toEqual(['TeamchatRedisUnreachable']);
      expect(reading('bus_outbox_oldest_unpublished_seconds')).toEqual(['TeamchatOutboxLag']);
      expect(reading('ws_open_sockets')).toEqual(['TeamchatGatewaySocketsNearLimit']);
    });

    it('gives every alert a severity, a summary and a runbook: a section of deploy/k8s/README.md under the one base URL', () => {
      expect(new URL(RUNBOOK_BASE_URL).pathname).toMatch(/\/deploy\/k8s\/README\.md$/);
      for (const a of alerts) {
        expect({ alert: a.alert, severity: a.labels?.severity }).toEqual({
          alert: a.alert,
          severity: expect.stringMatching(/^(critical|warning)$/),
        });
        expect(a.annotations?.summary).toBeTruthy();
        const runbook = a.annotations?.runbook_url ?? '';
        expect(runbook).toBe(`${RUNBOOK_BASE_URL}#${a.alert!.toLowerCase()}`);
        expect({ alert: a.alert, documented: anchors.has(runbook.split('#')[1]) }).toEqual({
          alert: a.alert,
          documented: true,
        });
      }
    });
  });

  describe('Grafana dashboard', () => {
    type Target = { refId: string; expr: string; datasource?: { type: string; uid: string } };
    type Panel = {
      id: number;
      type: string;
      title: string;
      gridPos: { h: number; w: number; x: number; y: number };
      datasource?: { type: string; uid: string };
      targets?: Target[];
    };
    const file = readFileSync(kustomizeRoot('overlays/monitoring/dashboards/teamchat.json'), 'utf8');
    const dashboard = JSON.parse(file) as {
      uid: string;
      title: string;
      schemaVersion: number;
      panels: Panel[];
      templating: { list: { name: string; type: string; query: string }[] };
      time: { from: string; to: string };
    };

    it('ships in a ConfigMap Grafana’s sidecar picks up, byte for byte the file docker-compose mounts', () => {
      const cm = ofKind<ConfigMap>('ConfigMap').find((c) => c.metadata.name === 'teamchat-dashboard')!;
      expect(cm.metadata.labels?.grafana_dashboard).toBe('1');
      expect(cm.data?.['teamchat.json']).toBe(file);
      const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
      expect(compose).toContain('./deploy/k8s/overlays/monitoring/dashboards:');
    });

    it('has what Grafana requires of a dashboard: uid, title, schemaVersion, time range, panels with ids and positions', () => {
      expect(dashboard.uid).toMatch(/^[a-zA-Z0-9_-]{1,40}$/);
      expect(dashboard.title).toBeTruthy();
      expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
      expect(dashboard.time).toEqual({ from: expect.any(String), to: expect.any(String) });
      const ids = dashboard.panels.map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      const cells = new Set<string>();
      for (const p of dashboard.panels) {
        expect(p.title).toBeTruthy();
        expect(['row', 'timeseries', 'stat', 'gauge', 'table', 'bargauge']).toContain(p.type);
        const { h, w, x, y } = p.gridPos;
        expect({ panel: p.title, fits: w > 0 && h > 0 && x >= 0 && y >= 0 && x + w <= 24 }).toEqual({
          panel: p.title,
          fits: true,
        });
        // no two panels overlap on the 24-column grid
        for (let dy = 0; dy < h; dy++)
          for (let dx = 0; dx < w; dx++) {
            const cell = `${x + dx},${y + dy}`;
            expect({ panel: p.title, cell, free: !cells.has(cell) }).toEqual({ panel: p.title, cell, free: true });
            cells.add(cell);
          }
      }
    });

    it('queries the Prometheus data source chosen in its variable, with unique refIds per panel', () => {
      const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
      expect(variable).toMatchObject({ query: 'prometheus' });
      const graphs = dashboard.panels.filter((p) => p.type !== 'row');
      expect(graphs.length).toBeGreaterThanOrEqual(12);
      for (const p of graphs) {
        expect(p.targets?.length).toBeGreaterThan(0);
        expect(new Set(p.targets!.map((t) => t.refId)).size).toBe(p.targets!.length);
        for (const t of [p.datasource, ...p.targets!.map((x) => x.datasource)])
          expect(t).toEqual({ type: 'prometheus', uid: `\${${variable!.name}}` });
      }
    });

    it('has queries that parse as PromQL and read only metrics the product exports (or kube-state-metrics)', () => {
      const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
      // Grafana replaces $__rate_interval before the query reaches Prometheus
      const unknown = exprs.flatMap(({ panel, expr }) =>
        metricsOf(expr.replaceAll('$__rate_interval', '1m'))
          .filter((m) => !metrics.has(m) && !EXTERNAL_METRICS.has(m))
          .map((m) => `${panel}: ${m}`),
      );
      expect(unknown).toEqual([]);
    });

    it('shows the metrics that matter: messages stored and delivered, delivery latency, sockets, replay, bus, search, refusals', () => {
      const read = new Set(
        dashboard.panels.flatMap((p) =>
          (p.targets ?? []).flatMap((t) => metricsOf(t.expr.replaceAll('$__rate_interval', '1m'))),
        ),
      );
      for (const m of [
        'chat_messages_stored_total',
        'ws_messages_delivered_total',
        'chat_message_delivery_seconds_bucket',
        'ws_open_sockets',
        'ws_replay_messages_bucket',
        'bus_request_duration_seconds_bucket',
        'bus_request_duration_seconds_count',
        'chat_search_duration_seconds_bucket',
        'auth_rate_limit_refusals_total',
      ])
        expect(read).toContain(m);
    });
  });

  describe('scrape monitors', () => {
    const services = ofKind<Service>('Service');
    const deployments = ofKind<Workload>('Deployment');
    type Monitor = K8sObject & {
      spec: {
        jobLabel?: string;
        selector: { matchLabels: Record<string, string> };
        endpoints?: { port: string; path: string }[];
        podMetricsEndpoints?: { port: string; path: string }[];
      };
    };
    const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
      Object.entries(selector).every(([k, v]) => labels[k] === v);

    it('scrape every service through its Service’s metrics port, named by app', () => {
      const [monitor] = ofKind<Monitor>('ServiceMonitor');
      const selected = services.filter((s) => matches(monitor.spec.selector.matchLabels, s.metadata.labels));
      expect(selected.map((s) => s.metadata.name).sort()).toEqual([...SERVICES].sort());
      for (const s of selected) {
        expect(s.spec.ports.map((p) => p.name)).toContain(monitor.spec.endpoints![0].port);
        expect(s.metadata.labels?.[monitor.spec.jobLabel!]).toBe(s.metadata.name);
      }
      expect(monitor.spec.endpoints![0].path).toBe('/metrics');
    });

    it('scrape every gateway pod on its metrics port, which serves /metrics', () => {
      const [monitor] = ofKind<Monitor>('PodMonitor');
      const selected = deployments.filter((d) =>
        matches(monitor.spec.selector.matchLabels, d.spec.template.metadata.labels),
      );
      expect(selected.map((d) => d.metadata.name)).toEqual(['gateway']);
      const container = selected[0].spec.template.spec.containers[0];
      expect(container.ports?.map((p) => p.name)).toContain(monitor.spec.podMetricsEndpoints![0].port);
      expect(monitor.spec.podMetricsEndpoints![0].path).toBe('/metrics');
      expect(selected[0].spec.template.metadata.labels[monitor.spec.jobLabel!]).toBe('gateway');
    });

    it('send traces to the collector: the gateway and every service get OTEL_EXPORTER_OTLP_ENDPOINT from the config', () => {
      const config = ofKind<ConfigMap>('ConfigMap').find((c) => c.metadata.name === 'teamchat-config')!;
      expect(new URL(config.data!.OTEL_EXPORTER_OTLP_ENDPOINT).port).toBe('4318');
      for (const d of deployments.filter((x) => ['gateway', ...SERVICES].includes(x.metadata.name))) {
        const env = d.spec.template.spec.containers[0].env ?? [];
        expect(env.find((v) => v.name === 'OTEL_EXPORTER_OTLP_ENDPOINT')?.valueFrom?.configMapKeyRef).toMatchObject({
          name: 'teamchat-config',
          key: 'OTEL_EXPORTER_OTLP_ENDPOINT',
        });
      }
    });
  });
});
