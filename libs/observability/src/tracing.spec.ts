import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { context, trace, TraceFlags } from '@opentelemetry/api';
import { startFakeCollector, waitFor, type FakeCollector } from '@teamchat/testing';
import { createLogger } from './logger.js';
import { requestContext } from './request-context.js';
import { inSpan, SpanKind } from './trace-context.js';
import { kubernetesDetector, processResource } from './resource.js';
import { currentTracing, samplerFromEnv, startTracing, TRACES_SAMPLERS } from './tracing.js';

/** A pino destination that keeps the lines written to it. */
const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('test', 'info', stream) };
};

describe('startTracing', () => {
  let collector: FakeCollector;

  beforeAll(async () => {
    collector = await startFakeCollector();
  });

  afterEach(async () => {
    await currentTracing()?.shutdown();
  });

  afterAll(async () => {
    await collector.close();
  });

  describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    it('starts no exporter: spans are not recorded and nothing is sent anywhere', async () => {
      const tracing = await startTracing({ serviceName: 'quiet' });
      expect(tracing.exporting).toBe('none');
      const recorded = await inSpan('work', {}, async (span) => span.isRecording());
      expect(recorded).toBe(false);
      await tracing.provider.forceFlush();
      expect(collector.spans).toEqual([]);
    });

    it('still gives every span ids, which each log line written inside it carries', async () => {
      await startTracing({ serviceName: 'quiet' });
      const { lines, logger } = capture();
      const ids = await requestContext.run({ requestId: 'req-1' }, () =>
        inSpan('handle', { kind: SpanKind.SERVER }, async (span) => {
          logger.info('inside');
          return span.spanContext();
        }),
      );
      logger.info('outside');
      expect(trace.isSpanContextValid(ids)).toBe(true);
      expect(lines[0]).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId, requestId: 'req-1' });
      expect(lines[1].msg).toBe('outside');
      expect(lines[1]).not.toHaveProperty('trace_id');
      expect(lines[1]).not.toHaveProperty('span_id');
    });
  });

  describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    it('exports spans over OTLP/HTTP protobuf to <endpoint>/v1/traces with the service name', async () => {
      const tracing = await startTracing({ serviceName: 'chatty', otlpEndpoint: `${collector.url}/` });
      expect(tracing.exporting).toBe('otlp');
      const ids = await inSpan('outer', {}, (outer) =>
        inSpan('inner', { kind: SpanKind.CLIENT }, async (inner) => [outer.spanContext(), inner.spanContext()]),
      );
      await tracing.provider.forceFlush();
      await waitFor(() => collector.spans.length >= 2, { timeoutMs: 5000, intervalMs: 50 });
      const [outer, inner] = ids;
      expect(collector.spans).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ service: 'chatty', name: 'outer', spanId: outer.spanId, parentSpanId: '' }),
          expect.objectContaining({ name: 'inner', kind: 3, traceId: outer.traceId, parentSpanId: outer.spanId }),
        ]),
      );
      expect(inner.traceId).toBe(outer.traceId);
      expect(collector.refused).toEqual([]);
    });
  });

  describe('sampling (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG)', () => {
    const recorded = () => inSpan('root', {}, async (span) => span.isRecording());

    it('records every trace by default', async () => {
      await startTracing({ serviceName: 'sampled', otlpEndpoint: collector.url });
      expect(await recorded()).toBe(true);
    });

    it('records none with always_off, though the spans keep their ids', async () => {
      await startTracing({
        serviceName: 'sampled',
        otlpEndpoint: collector.url,
        env: { OTEL_TRACES_SAMPLER: 'always_off' },
      });
      const ctx = await inSpan('root', {}, async (span) => ({
        recording: span.isRecording(),
        ctx: span.spanContext(),
      }));
      expect(ctx.recording).toBe(false);
      expect(trace.isSpanContextValid(ctx.ctx)).toBe(true);
    });

    it('records about the given ratio of new traces with parentbased_traceidratio', async () => {
      await startTracing({
        serviceName: 'sampled',
        otlpEndpoint: collector.url,
        env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 0.25 },
      });
      let sampled = 0;
      for (let i = 0; i < 2000; i++) if (await recorded()) sampled++;
      // random trace ids: 500 expected, far outside this band only by a broken sampler
      expect(sampled).toBeGreaterThan(380);
      expect(sampled).toBeLessThan(620);
    });

    it("follows a caller's decision with a parent-based sampler, whatever the ratio", async () => {
      await startTracing({
        serviceName: 'sampled',
        otlpEndpoint: collector.url,
        env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 0 },
      });
      expect(await recorded()).toBe(false);
      const parent = trace.setSpanContext(context.active(), {
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
        traceFlags: TraceFlags.SAMPLED,
        isRemote: true,
      });
      const child = await context.with(parent, () => recorded());
      expect(child).toBe(true);
    });

    it('makes every OpenTelemetry sampler name a sampler', () => {
      for (const name of TRACES_SAMPLERS) expect(samplerFromEnv(name, 0.5).toString()).toBeTruthy();
    });
  });

  describe('resource', () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const key of ['OTEL_RESOURCE_ATTRIBUTES', 'OTEL_SERVICE_NAME']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    });

    it('names the service, the process, the host and the pod, plus OTEL_RESOURCE_ATTRIBUTES, on exported spans', async () => {
      process.env.OTEL_RESOURCE_ATTRIBUTES = 'deployment.environment.name=staging,service.namespace=teamchat';
      const tracing = await startTracing({
        serviceName: 'described',
        otlpEndpoint: collector.url,
        env: {
          K8S_POD_NAME: 'chat-7d9f-abcde',
          K8S_POD_UID: 'uid-1',
          K8S_NAMESPACE_NAME: 'teamchat',
          K8S_NODE_NAME: 'node-1',
        },
      });
      const traceId = await inSpan('described-span', {}, async (span) => span.spanContext().traceId);
      await tracing.provider.forceFlush();
      await waitFor(() => collector.spans.some((s) => s.traceId === traceId), { timeoutMs: 5000, intervalMs: 50 });
      const { resource } = collector.spans.find((s) => s.traceId === traceId)!;
      expect(resource).toMatchObject({
        'service.name': 'described',
        'process.pid': process.pid,
        'process.runtime.name': 'nodejs',
        'host.name': hostname(),
        'host.arch': expect.any(String),
        'k8s.pod.name': 'chat-7d9f-abcde',
        'k8s.pod.uid': 'uid-1',
        'k8s.namespace.name': 'teamchat',
        'k8s.node.name': 'node-1',
        'deployment.environment.name': 'staging',
        'service.namespace': 'teamchat',
      });
    });

    it('lets OTEL_RESOURCE_ATTRIBUTES override a detected attribute, and sets no k8s.* outside a cluster', () => {
      process.env.OTEL_RESOURCE_ATTRIBUTES = 'host.name=renamed,service.name=from-env';
      const attributes = processResource('own-name').attributes;
      expect(attributes).toMatchObject({ 'host.name': 'renamed', 'service.name': 'from-env' });
      expect(Object.keys(attributes).filter((k) => k.startsWith('k8s.'))).toEqual([]);
    });

    it('takes only the pod variables that are set', () => {
      expect(kubernetesDetector({ K8S_POD_NAME: 'p', K8S_NODE_NAME: '' }).detect()).toEqual({
        attributes: { 'k8s.pod.name': 'p' },
      });
    });
  });

  it('starts once per process: a second call returns the running tracing', async () => {
    const first = await startTracing({ serviceName: 'one' });
    expect(await startTracing({ serviceName: 'two', otlpEndpoint: collector.url })).toBe(first);
  });
});
