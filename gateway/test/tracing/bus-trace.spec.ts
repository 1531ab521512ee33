// One trace per request across the bus (DESIGN §1): the gateway's span travels in the NATS message headers, the
// service continues it, and the fan-out carries it through Redis to the other gateway node's sockets.
import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, type Tracing } from '@teamchat/observability';
import { waitFor } from '@teamchat/testing';
import { startGatewayNode, startTestStack, type GatewayNode, type TestStack } from '@teamchat/test-stack';
import { team, TestSocket } from '../chat/chat-helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('traces across the bus (NATS) and the fan-out (Redis)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let stack: TestStack;
  let nodeB: GatewayNode;
  let t: Awaited<ReturnType<typeof team>>;
  let general: string;

  const spansOf = (traceId: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
  const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;
  /** The spans above `s`, nearest first. */
  const ancestors = (s: ReadableSpan, spans: ReadableSpan[]): ReadableSpan[] => {
    const byId = new Map(spans.map((x) => [x.spanContext().spanId, x]));
    const chain: ReadableSpan[] = [];
    for (let p = byId.get(parentOf(s) ?? ''); p; p = byId.get(parentOf(p) ?? '')) chain.push(p);
    return chain;
  };
  const rootParentOf = (s: ReadableSpan, spans: ReadableSpan[]) => parentOf(ancestors(s, spans).at(-1) ?? s);

  beforeAll(async () => {
    // in one process the gateway and the services are separate Nest apps; they share this exporter
    tracing = await startTracing({ serviceName: 'teamchat-test', exporter });
    stack = await startTestStack({ transport: 'nats', env: { REDIS_URL } });
    nodeB = await startGatewayNode(stack);
    t = await team(stack.url, 41);
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
  }, 120000);

  afterAll(async () => {
    await nodeB?.close();
    await stack?.close();
    await tracing?.shutdown();
  });

  it('continues an incoming traceparent: gateway → NATS → chat service → fan-out → the other node’s delivery', async () => {
    const receiver = await TestSocket.joined(nodeB.url, t.bob);
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const posted = await t.admin.agent
      .post(`/api/channels/${general}/messages`)
      .set('traceparent', `00-${traceId}-${callerSpanId}-01`)
      .send({ content: 'traced across nodes' });
    expect(posted.status).toBe(201);
    await receiver.next('message', (f) => (f.message as { content: string }).content === 'traced across nodes');
    await receiver.close();

    const spans = await waitFor(() => {
      const found = spansOf(traceId);
      return found.some((s) => s.name === 'fanout deliver' && s.attributes['teamchat.fanout.origin'] !== undefined) &&
        found.some((s) => s.name === 'process chat.message.create')
        ? found
        : undefined;
    }).then((found) => found!);

    // gateway side: the bus request is a client span under the request's span, which continues the caller's
    const send = spans.find((s) => s.name === 'send chat.message.create')!;
    expect(send.kind).toBe(SpanKind.CLIENT);
    expect(send.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': 'chat.message.create',
    });
    expect(rootParentOf(send, spans)).toBe(callerSpanId);

    // service side: the chat service's handler span is the child of that client span, across NATS
    const processed = spans.find((s) => s.name === 'process chat.message.create')!;
    expect(processed.kind).toBe(SpanKind.SERVER);
    expect(parentOf(processed)).toBe(send.spanContext().spanId);
    expect(processed.attributes['messaging.consumer.group.name']).toBe('chat');

    // the fan-out publish follows in the same request, and the other node's delivery (through Redis) is its child
    const publish = spans.find((s) => s.name === 'fanout publish')!;
    expect(publish.kind).toBe(SpanKind.PRODUCER);
    expect(rootParentOf(publish, spans)).toBe(callerSpanId);
    // published by the same route handler that sent the request, once the reply was in
    expect(parentOf(publish)).toBe(parentOf(send));
    const deliveries = spans.filter((s) => s.name === 'fanout deliver' && parentOf(s) === publish.spanContext().spanId);
    const nodes = new Set(deliveries.map((d) => d.attributes['teamchat.workspace.id']));
    expect(nodes).toEqual(new Set([t.workspaceId]));
    // delivered on node B, which received it from Redis: its envelope names node A as its origin
    expect(deliveries.length).toBeGreaterThanOrEqual(1);
    expect(deliveries.every((d) => d.kind === SpanKind.CONSUMER)).toBe(true);
  });

  it('gives each socket frame a span of its own, parent of its bus calls', async () => {
    const sender = await TestSocket.joined(stack.url, t.carol);
    sender.send({ type: 'message', channelId: general, userId: t.carol.user.id, content: 'framed' });
    await sender.next('message', (f) => (f.message as { content: string }).content === 'framed');
    await sender.close();

    const frame = await waitFor(() =>
      exporter
        .getFinishedSpans()
        .find((s) => s.name === 'ws message' && s.attributes['teamchat.ws.frame'] === 'message'),
    ).then((found) => found!);
    expect(frame.kind).toBe(SpanKind.SERVER);
    // a socket frame starts its own trace: nothing from the connection's upgrade or an earlier frame is its parent
    expect(parentOf(frame)).toBeUndefined();
    const spans = spansOf(frame.spanContext().traceId);
    const send = spans.find((s) => s.name === 'send chat.message.create')!;
    expect(parentOf(send)).toBe(frame.spanContext().spanId);
    expect(spans.find((s) => s.name === 'process chat.message.create')!.parentSpanContext?.spanId).toBe(
      send.spanContext().spanId,
    );
    expect(spans.some((s) => s.name === 'fanout publish')).toBe(true);
  });

  it('carries the trace through events: a service’s emit is consumed by the gateway within the same trace', async () => {
    // creating a task makes the tasks service broadcast it to the workspace (realtime.workspace.broadcast)
    const traceId = randomBytes(16).toString('hex');
    const created = await t.admin.agent
      .post('/api/tasks')
      .set('traceparent', `00-${traceId}-${randomBytes(8).toString('hex')}-01`)
      .send({ title: 'traced task' });
    expect(created.status).toBeLessThan(300);
    const spans = await waitFor(() => {
      const found = spansOf(traceId);
      return found.some((s) => s.name === 'process realtime.workspace.broadcast') ? found : undefined;
    }).then((found) => found!);
    const emitted = spans.find((s) => s.name === 'send realtime.workspace.broadcast')!;
    expect(emitted.kind).toBe(SpanKind.PRODUCER);
    const consumed = spans.find((s) => s.name === 'process realtime.workspace.broadcast')!;
    expect(consumed.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(consumed)).toBe(emitted.spanContext().spanId);
    expect(consumed.attributes['messaging.consumer.group.name']).toBe('gateway');
    // the tasks service emitted it while handling the gateway's request
    expect(ancestors(emitted, spans).some((s) => s.name === 'process tasks.task.create')).toBe(true);
  });

  it('carries the trace through a durable event: the outbox row keeps it, the consuming service continues it', async () => {
    // creating a workspace commits workspace.workspace.created in the outbox; chat and billing consume it from JetStream
    const traceId = randomBytes(16).toString('hex');
    const created = await t.admin.agent
      .post('/api/workspaces')
      .set('traceparent', `00-${traceId}-${randomBytes(8).toString('hex')}-01`)
      .send({ name: 'Traced workspace' });
    expect(created.status).toBe(201);
    const spans = await waitFor(
      () => {
        const found = spansOf(traceId).filter((s) => s.name === 'process workspace.workspace.created');
        const groups = new Set(found.map((x) => x.attributes['messaging.consumer.group.name']));
        return groups.has('chat') && groups.has('billing') ? found : undefined;
      },
      { timeoutMs: 15000 },
    ).then((found) => found!);
    // chat and billing from their durable consumers (and the gateway's own listener), all in the request's trace
    expect(spans.every((s) => s.kind === SpanKind.CONSUMER)).toBe(true);
  });
});
