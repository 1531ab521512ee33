import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { currentTracing, startTracing } from '@teamchat/observability';
import { waitFor } from '@teamchat/testing';
import type { Envelope } from './fanout.js';
import { InMemoryFanout } from './in-memory.fanout.js';
import { TracedFanout } from './traced.fanout.js';

/** A traced fan-out over one in-memory node subscribed to `w1`, and the envelopes its subscriber got. */
const node = async () => {
  const fanout = new TracedFanout(new InMemoryFanout());
  const got: Envelope[] = [];
  fanout.onEnvelope((_workspaceId, envelope) => got.push(envelope));
  await fanout.subscribe('w1');
  return { fanout, got };
};

describe(TracedFanout.name, () => {
  afterEach(async () => {
    await currentTracing()?.shutdown();
  });

  it('traces a publish and its delivery, the trace travelling in the envelope, while spans are recorded', async () => {
    const exporter = new InMemorySpanExporter();
    await startTracing({ serviceName: 'fanout-test', exporter });
    const { fanout, got } = await node();
    await fanout.publish('w1', { userIds: null, frame: '{"type":"x"}' });
    expect(got).toHaveLength(1);
    expect(got[0]!.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    // exported once the resource's asynchronous attributes (the host's id) are in
    await waitFor(() => exporter.getFinishedSpans().length >= 2);
    const spans = exporter.getFinishedSpans();
    const publish = spans.find((s) => s.name === 'fanout publish')!;
    const deliver = spans.find((s) => s.name === 'fanout deliver')!;
    expect(deliver.spanContext().traceId).toBe(publish.spanContext().traceId);
    expect(deliver.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
  });

  it('hands envelopes through untouched when nothing records spans', async () => {
    await startTracing({ serviceName: 'fanout-test' });
    const { fanout, got } = await node();
    const envelope = { userIds: ['u1'], frame: '{"type":"x"}', messageId: 'm1' };
    await fanout.publish('w1', envelope);
    expect(got).toHaveLength(1);
    expect(got[0]).not.toHaveProperty('traceparent');
    expect(got[0]).toMatchObject(envelope);
  });
});
