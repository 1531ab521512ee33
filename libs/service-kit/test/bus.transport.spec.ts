import 'reflect-metadata';
import { Controller, Injectable, Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { of, delay } from 'rxjs';
import { z } from 'zod';
import { defineEvent, defineRequest, ErrorCodes } from '@teamchat/contracts';
import { inSpan, startTracing, type Tracing } from '@teamchat/observability';
import { waitFor } from '@teamchat/testing';
import {
  BusClient,
  BusModule,
  DomainError,
  OnEvent,
  OnRequest,
  InProcessBroker,
  REQUEST_ID_HEADER,
  currentRequestId,
  requestContext,
  ZodPipe,
  type BusOptions,
} from '@teamchat/bus';
import { startService } from '../src/index.js';

const Echo = defineRequest(
  'identity.echo.run',
  z.object({ text: z.string().min(1, 'Text is required') }),
  z.object({ text: z.string(), requestId: z.string() }),
);
const Fail = defineRequest('identity.failure.run', z.object({}), z.never());
const Crash = defineRequest('identity.crash.run', z.object({}), z.never());
const Slow = defineRequest('identity.slow.run', z.object({ ms: z.number() }), z.object({ done: z.boolean() }));
const Big = defineRequest('identity.big.run', z.object({ blob: z.string() }), z.object({ length: z.number() }));
const Shaped = defineRequest('identity.shape.run', z.object({ kind: z.string() }), z.unknown());
const Happened = defineEvent('identity.thing.happened', z.object({ n: z.number() }));
const Observed = defineRequest('identity.observed.run', z.object({}), z.object({ late: z.boolean() }));
const Whose = defineRequest('identity.whose.run', z.object({}), z.object({ requestId: z.string().optional() }));

/** Replies of every JSON shape; the object's text holds what a reply packet ends with, which must stay text. */
const SHAPES: Record<string, unknown> = {
  object: { text: 'ends like a packet: ,"isDisposed":true,"id":"x"}', n: 1, nested: [{ a: null }] },
  array: [{ id: 1 }, { id: 2 }],
  emptyArray: [],
  string: '{"looks":"like an object"}',
  number: 42,
  null: null,
};

const received: Record<string, number[]> = {};
/** The request id each event handler ran in (the emitter's, carried in the headers). */
const eventRequestIds: (string | undefined)[] = [];

@Controller()
class IdentityTestHandlers {
  @OnRequest(Echo)
  echo(@Payload(new ZodPipe(Echo.request)) body: z.infer<typeof Echo.request>, @Ctx() ctx: { getArgs(): unknown[] }) {
    const headers = ctx.getArgs()[1] as { get(n: string): string };
    return { text: body.text, requestId: headers.get(REQUEST_ID_HEADER) };
  }

  @OnRequest(Fail)
  fail(): never {
    throw new DomainError(ErrorCodes.workspaceNotFound, 'Workspace not found');
  }

  @OnRequest(Crash)
  crash(): never {
    throw new Error('boom with secrets');
  }

  @OnRequest(Slow)
  async slow(@Payload() body: { ms: number }) {
    // unref: the caller gives up long before, and this sleep must not hold the test process open
    await new Promise((r) => setTimeout(r, body.ms).unref());
    return { done: true };
  }

  @OnRequest(Big)
  big(@Payload() body: { blob: string }) {
    return { length: body.blob.length };
  }

  @OnRequest(Shaped)
  shaped(@Payload() body: { kind: string }) {
    return SHAPES[body.kind];
  }

  @OnRequest(Observed)
  observed() {
    // a handler may still answer with an Observable (one value)
    return of({ late: true }).pipe(delay(5));
  }

  @OnRequest(Whose)
  async whose() {
    // the request id is the handler's whole async context, not only its first synchronous part
    await new Promise((r) => setImmediate(r));
    return { requestId: currentRequestId() };
  }

  @OnEvent(Happened)
  happened(@Payload() body: { n: number }) {
    (received.identity ??= []).push(body.n);
    eventRequestIds.push(currentRequestId());
  }
}

const makeListener = (group: string) => {
  @Controller()
  class Listener {
    @OnEvent(Happened)
    happened(@Payload() body: { n: number }) {
      (received[group] ??= []).push(body.n);
    }
  }
  return Listener;
};

const WorkspaceListener = makeListener('workspace');
const ChatListener = makeListener('chat');

@Module({ controllers: [IdentityTestHandlers] })
class IdentityTestModule {}
@Module({ controllers: [WorkspaceListener] })
class WorkspaceTestModule {}
@Module({ controllers: [ChatListener] })
class ChatTestModule {}

@Injectable()
class Holder {
  constructor(readonly bus: BusClient) {}
}

const transports: BusOptions['transport'][] = ['inprocess', 'nats'];

describe.each(transports)('service bus over %s', (transport) => {
  const options: BusOptions = {
    transport,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    requestTimeoutMs: 1500,
    namespace: `test${process.pid}x${Date.now()}.`,
  };
  const broker = new InProcessBroker();
  const services: INestMicroservice[] = [];
  // the spans each service's transport makes around its handlers (runBusHandler)
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let caller: INestApplicationContext;
  let bus: BusClient;

  beforeAll(async () => {
    tracing = await startTracing({ serviceName: 'bus-test', exporter });
    // two replicas of identity: events must still reach identity once
    for (const module of [IdentityTestModule, IdentityTestModule, WorkspaceTestModule, ChatTestModule]) {
      const name = module === IdentityTestModule ? 'identity' : module === WorkspaceTestModule ? 'workspace' : 'chat';
      services.push(await startService(module, { name, bus: options, broker, logger: false }));
    }
    @Module({ imports: [BusModule.forRoot(options, broker)], providers: [Holder] })
    class CallerModule {}
    caller = await NestFactory.createApplicationContext(CallerModule, { logger: false });
    bus = caller.get(Holder).bus;
  });

  afterAll(async () => {
    await caller.close();
    await Promise.all(services.map((s) => s.close()));
    await tracing.shutdown();
  });

  beforeEach(() => {
    for (const key of Object.keys(received)) delete received[key];
    eventRequestIds.length = 0;
    exporter.reset();
  });

  /** The handling service's span of `subject`, once finished. */
  const processed = async (subject: string) => {
    const name = `process ${subject}`;
    await waitFor(() => exporter.getFinishedSpans().some((s) => s.name === name));
    return exporter.getFinishedSpans().find((s) => s.name === name)!;
  };

  it('handles a request inside a span of the handling service that continues the caller’s', async () => {
    const [reply, sent] = await inSpan('caller', {}, async (span) => [
      await bus.request(Echo, { text: 'traced' }),
      span.spanContext(),
    ]);
    expect(reply).toMatchObject({ text: 'traced' });
    const span = await processed(Echo.subject);
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(sent.traceId);
    expect(span.attributes['messaging.consumer.group.name']).toBe('identity');
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a domain error as an answer on the span, and an unexpected error as a failure', async () => {
    await expect(bus.request(Fail, {})).rejects.toMatchObject({ code: ErrorCodes.workspaceNotFound });
    const refused = await processed(Fail.subject);
    expect(refused.attributes['teamchat.error.code']).toBe(ErrorCodes.workspaceNotFound);
    expect(refused.status.code).toBe(SpanStatusCode.UNSET);
    await expect(bus.request(Crash, {})).rejects.toMatchObject({ code: ErrorCodes.internal });
    const crashed = await processed(Crash.subject);
    expect(crashed.status.code).toBe(SpanStatusCode.ERROR);
    // what really failed stays on the span, though the caller only hears INTERNAL
    expect(crashed.events.map((e) => e.attributes?.['exception.message'])).toContain('boom with secrets');
  });

  it('handles an event inside a CONSUMER span', async () => {
    await bus.emit(Happened, { n: 5 });
    const span = await processed(Happened.subject);
    expect(span.kind).toBe(SpanKind.CONSUMER);
  });

  it('answers a request and carries the request id in headers', async () => {
    const reply = await requestContext.run({ requestId: 'req-123' }, () => bus.request(Echo, { text: 'hi' }));
    expect(reply).toEqual({ text: 'hi', requestId: 'req-123' });
  });

  it('runs the handler in the caller’s request id, through its awaits; one of its own when the caller has none', async () => {
    await expect(requestContext.run({ requestId: 'req-456' }, () => bus.request(Whose, {}))).resolves.toEqual({
      requestId: 'req-456',
    });
    const own = await bus.request(Whose, {});
    expect(own.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers with the value of a handler that returns an Observable', async () => {
    await expect(bus.request(Observed, {})).resolves.toEqual({ late: true });
  });

  it('runs an event handler in the emitter’s request id', async () => {
    await requestContext.run({ requestId: 'req-789' }, () => bus.emit(Happened, { n: 3 }));
    await waitFor(() => received.identity?.length);
    expect(eventRequestIds).toEqual(['req-789']);
  });

  it('validates the payload in the handler with the schema message', async () => {
    await expect(bus.request(Echo, { text: '' })).rejects.toMatchObject({
      code: ErrorCodes.validation,
      message: 'Text is required',
    });
  });

  it('keeps a domain error code intact across the bus', async () => {
    const err = await bus.request(Fail, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: ErrorCodes.workspaceNotFound, message: 'Workspace not found' });
  });

  it('hides unexpected errors behind INTERNAL', async () => {
    await expect(bus.request(Crash, {})).rejects.toMatchObject({
      code: ErrorCodes.internal,
      message: 'Internal error',
    });
  });

  it('turns a timeout into BUS.UNAVAILABLE instead of hanging', async () => {
    const started = Date.now();
    await expect(bus.request(Slow, { ms: 1000 }, { timeoutMs: 300 })).rejects.toMatchObject({
      code: ErrorCodes.busUnavailable,
      message: 'No reply on identity.slow.run in time',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns a subject nobody serves into BUS.UNAVAILABLE', async () => {
    await expect(bus.send('nobody.home.ping', {}, { timeoutMs: 500 })).rejects.toMatchObject({
      code: ErrorCodes.busUnavailable,
    });
  });

  it('gives each of many concurrent requests its own reply', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `message ${i}`);
    const replies = await Promise.all(
      texts.map((text, i) => requestContext.run({ requestId: `req-${i}` }, () => bus.request(Echo, { text }))),
    );
    expect(replies).toEqual(texts.map((text, i) => ({ text, requestId: `req-${i}` })));
  });

  it('carries replies of every JSON shape as they were answered', async () => {
    for (const kind of [...Object.keys(SHAPES), 'missing'])
      await expect(bus.request(Shaped, { kind })).resolves.toEqual(SHAPES[kind]);
  });

  it('carries a large payload (512 KiB)', async () => {
    const blob = 'x'.repeat(512 * 1024);
    await expect(bus.request(Big, { blob })).resolves.toEqual({ length: blob.length });
  });

  it('delivers an event once to every subscribing service, even with two replicas', async () => {
    await bus.emit(Happened, { n: 7 });
    await waitFor(() => received.identity?.length && received.workspace?.length && received.chat?.length);
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual({ identity: [7], workspace: [7], chat: [7] });
  });
});
