import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { NatsRecordBuilder, type ClientProxy, type WritePacket } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { lastValueFrom } from 'rxjs';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventContract, EventPayloadOf, RequestContract, RequestOf, ResponseOf } from '@teamchat/contracts';
import { BusUnavailableError, DomainError, isDomainErrorPayload } from './domain-error.js';
import { BusHeaders, BusRecord, BusTimeoutError } from './in-process.transport.js';
import type { BusOptions } from './bus.options.js';
import { BROKER_HUNG_MESSAGE, BusBreakers } from './bus-breakers.js';
import { currentRequestId, inSpan, REQUEST_ID_HEADER } from '@teamchat/observability';
import { busMetrics } from '@teamchat/observability';
import { sendSpan, traceHeaders } from './bus-tracing.js';
import { currentIdempotencyKey, IDEMPOTENCY_KEY_HEADER } from './idempotency.js';

export const BUS_PROXY = Symbol('BUS_PROXY');

/**
 * A bus transport's client: Nest's ClientProxy (events, connection) with a direct request path — one request, its
 * reply packet in Nest's wire format, rejected with BusTimeoutError past `timeoutMs` (InProcessClient,
 * InboxClientNats).
 */
export type BusProxy = Pick<ClientProxy, 'connect' | 'close' | 'emit' | 'unwrap'> & {
  requestPacket(pattern: string, record: unknown, timeoutMs: number): Promise<WritePacket>;
};
export const BUS_OPTIONS = Symbol('BUS_OPTIONS');

interface SendOptions {
  timeoutMs?: number;
}

/** The one way the gateway and services call each other: `request` (reply awaited, bounded) and `emit` (fire and forget). */
@Injectable()
export class BusClient implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BusClient.name);
  /** Fail fast while the broker or a service does not answer (see bus-breakers.ts). */
  readonly breakers = new BusBreakers();

  constructor(
    @Inject(BUS_PROXY) private readonly proxy: BusProxy,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
  ) {}

  /** Over NATS, starts probing the broker (the in-process bus cannot hang apart from the process). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.options.transport !== 'nats') return;
    try {
      await this.proxy.connect();
    } catch (err) {
      // the client keeps reconnecting on its own; requests fail fast meanwhile
      this.logger.warn(`NATS not reachable yet: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.breakers.watch(async () => {
      const nc = this.proxy.unwrap<NatsConnection>();
      if (nc.isClosed()) throw new Error('closed');
      await nc.flush();
    });
  }

  private subject(subject: string): string {
    return this.options.transport === 'nats' ? `${this.options.namespace ?? ''}${subject}` : subject;
  }

  private record(payload: unknown): unknown {
    const requestId = currentRequestId();
    // the active span (this call's send span) continues on the handling side
    const trace = traceHeaders();
    // a client's Idempotency-Key goes with every request made for its HTTP request (the handler keeps the answer)
    const key = currentIdempotencyKey();
    const extra: Record<string, string> = key ? { ...trace, [IDEMPOTENCY_KEY_HEADER]: key } : trace;
    if (this.options.transport === 'inprocess')
      return new BusRecord(payload, new BusHeaders({ [REQUEST_ID_HEADER]: requestId, ...extra }));
    const h = natsHeaders();
    h.set(REQUEST_ID_HEADER, requestId);
    for (const name in extra) h.set(name, extra[name]);
    return new NatsRecordBuilder(payload).setHeaders(h).build();
  }

  async request<C extends RequestContract>(
    contract: C,
    payload: RequestOf<C>,
    opts: { timeoutMs?: number } = {},
  ): Promise<ResponseOf<C>> {
    return this.send<ResponseOf<C>>(contract.subject, payload, opts);
  }


  async send<T>(subject: string, payload: unknown, opts: SendOptions = {}): Promise<T> {
    const stop = busMetrics.requestDuration.startTimer({ subject });
    let outcome = 'ok';
    try {
      return await inSpan(...sendSpan(subject, false), () =>
        this.breakers.run(subject, () => this.sendNow<T>(subject, payload, opts)),
      );
    } catch (err) {
      outcome = err instanceof BusUnavailableError ? 'unavailable' : err instanceof DomainError ? err.code : 'error';
      throw err;
    } finally {
      stop({ outcome });
    }
  }

  /** Requests waiting for a reply: a broker found hung fails them now, not at their time limit. */
  private readonly waiting = new Set<(err: Error) => void>();
  private readonly failWaiting = this.breakers.brokerHung$.subscribe(() => {
    for (const fail of this.waiting) fail(new BusUnavailableError(BROKER_HUNG_MESSAGE));
  });

  /** One request/reply; every failure comes out as a DomainError (BUS.UNAVAILABLE when nobody answered). */
  private async sendNow<T>(subject: string, payload: unknown, opts: SendOptions): Promise<T> {
    let fail: (err: Error) => void = () => undefined;
    try {
      const reply = await new Promise<WritePacket>((resolve, reject) => {
        fail = reject;
        this.waiting.add(fail);
        this.proxy
          .requestPacket(
            this.subject(subject),
            this.record(payload),
            opts.timeoutMs ?? this.options.requestTimeoutMs,
          )
          .then(resolve, reject);
      });
      if (reply.err !== undefined && reply.err !== null) throw reply.err;
      return reply.response as T;
    } catch (caught) {
      const err: unknown = caught;
      if (err instanceof DomainError) throw err;
      if (isDomainErrorPayload(err)) throw DomainError.fromPayload(err);
      if (err instanceof BusTimeoutError) throw new BusUnavailableError(`No reply on ${subject} in time`);
      this.logger.warn(`bus request ${subject} failed: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
      throw new BusUnavailableError();
    } finally {
      this.waiting.delete(fail);
    }
  }

  async emit<C extends EventContract>(contract: C, payload: EventPayloadOf<C>): Promise<void> {
    try {
      await inSpan(...sendSpan(contract.subject, true), () =>
        lastValueFrom(this.proxy.emit(this.subject(contract.subject), this.record(payload)), {
          defaultValue: undefined,
        }),
      );
    } catch (err) {
      this.logger.error(`bus emit ${contract.subject} failed: ${err instanceof Error ? err.message : String(err)}`);
      throw new BusUnavailableError();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.failWaiting.unsubscribe();
    this.breakers.stop();
    await this.proxy.close();
  }
}
