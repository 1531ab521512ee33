import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { lastValueFrom, timeout, TimeoutError } from 'rxjs';
import type { EventContract, EventPayloadOf, RequestContract, RequestOf, ResponseOf } from '@teamchat/contracts';
import { BusUnavailableError, DomainError, isDomainErrorPayload } from './domain-error.js';
import { BusHeaders, BusRecord } from './in-process.transport.js';
import type { BusOptions } from './bus.options.js';
import { currentRequestId, REQUEST_ID_HEADER } from '@teamchat/observability';
import { busMetrics } from '@teamchat/observability';

export const BUS_PROXY = Symbol('BUS_PROXY');
export const BUS_OPTIONS = Symbol('BUS_OPTIONS');

/** The one way the gateway and services call each other: `request` (reply awaited, bounded) and `emit` (fire and forget). */
@Injectable()
export class BusClient implements OnApplicationShutdown {
  private readonly logger = new Logger(BusClient.name);

  constructor(
    @Inject(BUS_PROXY) private readonly proxy: ClientProxy,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
  ) {}

  private subject(subject: string): string {
    return this.options.transport === 'nats' ? `${this.options.namespace ?? ''}${subject}` : subject;
  }

  private record(payload: unknown): unknown {
    const requestId = currentRequestId();
    if (this.options.transport === 'inprocess') return new BusRecord(payload, new BusHeaders({ [REQUEST_ID_HEADER]: requestId }));
    const h = natsHeaders();
    h.set(REQUEST_ID_HEADER, requestId);
    return new NatsRecordBuilder(payload).setHeaders(h).build();
  }

  async request<C extends RequestContract>(contract: C, payload: RequestOf<C>, opts: { timeoutMs?: number } = {}): Promise<ResponseOf<C>> {
    return this.send<ResponseOf<C>>(contract.subject, payload, opts);
  }

  async send<T>(subject: string, payload: unknown, opts: { timeoutMs?: number } = {}): Promise<T> {
    const stop = busMetrics.requestDuration.startTimer({ subject });
    let outcome = 'ok';
    try {
      return (await lastValueFrom(
        this.proxy.send<T>(this.subject(subject), this.record(payload)).pipe(timeout(opts.timeoutMs ?? this.options.requestTimeoutMs)),
        { defaultValue: undefined as T },
      )) as T;
    } catch (caught) {
      const err: unknown = caught;
      if (isDomainErrorPayload(err)) {
        outcome = err.code;
        throw DomainError.fromPayload(err);
      }
      outcome = 'unavailable';
      if (err instanceof TimeoutError) throw new BusUnavailableError(`No reply on ${subject} in time`);
      this.logger.warn(`bus request ${subject} failed: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
      throw new BusUnavailableError();
    } finally {
      stop({ outcome });
    }
  }

  async emit<C extends EventContract>(contract: C, payload: EventPayloadOf<C>): Promise<void> {
    try {
      await lastValueFrom(this.proxy.emit(this.subject(contract.subject), this.record(payload)), { defaultValue: undefined });
    } catch (err) {
      this.logger.error(`bus emit ${contract.subject} failed: ${err instanceof Error ? err.message : String(err)}`);
      throw new BusUnavailableError();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
