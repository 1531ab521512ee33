// How a service's transport runs its handlers (runBusHandler): a span per message continuing the caller's trace, a
// domain error an answer on it and anything unexpected a failure, over both transports.
import 'reflect-metadata';
import { Controller, Injectable, Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { defineEvent, defineRequest, ErrorCodes } from '@teamchat/contracts';
import { inSpan, startTracing, type Tracing } from '@teamchat/observability';
import { waitFor } from '@teamchat/testing';
import {
  BusClient,
  BusModule,
  DomainError,
  InProcessBroker,
  OnEvent,
  OnRequest,
  ZodPipe,
  type BusOptions,
} from '@teamchat/bus';
import { startService } from '../src/index.js';

const Greet = defineRequest('tasks.greeting.run', z.object({ name: z.string() }), z.object({ hello: z.string() }));
const Refuse = defineRequest('tasks.refusal.run', z.object({}), z.never());
const Break = defineRequest('tasks.breakage.run', z.object({}), z.never());
const Noted = defineEvent('tasks.note.made', z.object({ n: z.number() }));

const noted: number[] = [];

@Controller()
class TasksTestHandlers {
  @OnRequest(Greet)
  greet(@Payload(new ZodPipe(Greet.request)) body: { name: string }) {
    return { hello: body.name };
  }

  @OnRequest(Refuse)
  refuse(): never {
    throw new DomainError(ErrorCodes.taskNotFound, 'Task not found');
  }

  @OnRequest(Break)
  break(): never {
    throw new Error('a bug');
  }

  @OnEvent(Noted)
  note(@Payload() body: { n: number }) {
    noted.push(body.n);
  }
}

@Module({ controllers: [TasksTestHandlers] })
class TasksTestModule {}

@Injectable()
class Holder {
  constructor(readonly bus: BusClient) {}
}

describe.each(['inprocess', 'nats'] as const)('a service’s handlers run by its transport (%s)', (transport) => {
  const exporter = new InMemorySpanExporter();
  const options: BusOptions = {
    transport,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    requestTimeoutMs: 1500,
    namespace: `handling${process.pid}x${Date.now()}.`,
  };
  const broker = new InProcessBroker();
  let tracing: Tracing;
  let service: INestMicroservice;
  let caller: INestApplicationContext;
  let bus: BusClient;

  beforeAll(async () => {
    tracing = await startTracing({ serviceName: 'handling-test', exporter });
    service = await startService(TasksTestModule, { name: 'tasks', bus: options, broker, logger: false });
    @Module({ imports: [BusModule.forRoot(options, broker)], providers: [Holder] })
    class CallerModule {}
    caller = await NestFactory.createApplicationContext(CallerModule, { logger: false });
    bus = caller.get(Holder).bus;
  });

  afterAll(async () => {
    await caller.close();
    await service.close();
    await tracing.shutdown();
  });

  beforeEach(() => {
    exporter.reset();
    noted.length = 0;
  });

  /** The service's span of `subject`, once finished. */
  const processed = async (subject: string) => {
    const name = `process ${subject}`;
    await waitFor(() => exporter.getFinishedSpans().some((s) => s.name === name));
    return exporter.getFinishedSpans().find((s) => s.name === name)!;
  };

  it('answers inside a span of the service that continues the caller’s', async () => {
    const [reply, sent] = await inSpan('caller', {}, async (span) => [
      await bus.request(Greet, { name: 'Ada' }),
      span.spanContext(),
    ]);
    expect(reply).toEqual({ hello: 'Ada' });
    const span = await processed(Greet.subject);
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(sent.traceId);
    expect(span.attributes['messaging.consumer.group.name']).toBe('tasks');
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a domain error as an answer on the span, not a failure', async () => {
    await expect(bus.request(Refuse, {})).rejects.toMatchObject({ code: ErrorCodes.taskNotFound });
    const span = await processed(Refuse.subject);
    expect(span.attributes['teamchat.error.code']).toBe(ErrorCodes.taskNotFound);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks an unexpected error as a failure of the span, and the caller hears INTERNAL', async () => {
    await expect(bus.request(Break, {})).rejects.toMatchObject({ code: ErrorCodes.internal });
    const span = await processed(Break.subject);
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.events.some((e) => e.name === 'exception')).toBe(true);
  });

  it('consumes an event inside a CONSUMER span', async () => {
    await bus.emit(Noted, { n: 4 });
    await waitFor(() => noted.length > 0);
    const span = await processed(Noted.subject);
    expect(span.kind).toBe(SpanKind.CONSUMER);
    expect(noted).toEqual([4]);
  });
});
