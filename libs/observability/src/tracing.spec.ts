import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { startFakeCollector, waitFor, type FakeCollector } from '@teamchat/testing';
import { createLogger } from './logger.js';
import { requestContext } from './request-context.js';
import { inSpan, SpanKind } from './trace-context.js';
import { currentTracing, startTracing } from './tracing.js';

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

  it('starts once per process: a second call returns the running tracing', async () => {
    const first = await startTracing({ serviceName: 'one' });
    expect(await startTracing({ serviceName: 'two', otlpEndpoint: collector.url })).toBe(first);
  });
});
