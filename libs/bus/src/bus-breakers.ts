// Failing fast while the bus cannot answer, instead of making every caller wait out the request timeout:
//
//   - the broker: a NATS server that hangs (SIGSTOP, a stuck VM) keeps its TCP connection open, so nothing tells the
//     client; a probe round trip (PING/PONG through `flush`) every PROBE_MS notices one that has not come back after
//     HUNG_AFTER_MS. Until the broker answers again every request fails at once with BUS.UNAVAILABLE, and those
//     already waiting are failed too; the first answer closes it again.
//   - each service: a service whose replicas all hang (or are all gone) times out its requests while NATS is fine.
//     One circuit breaker per service (opossum): once half of at least VOLUME_THRESHOLD requests in the rolling
//     window failed as unavailable, its requests fail at once for COOL_DOWN_MS, then one trial request decides.
//     Domain errors (a 404, a validation failure) are answers, not failures.
import { Logger } from '@nestjs/common';
import CircuitBreaker from 'opossum';
import { Subject } from 'rxjs';
import { BusUnavailableError } from './domain-error.js';
import { busMetrics } from '@teamchat/observability';

export const PROBE_MS = 200;
export const HUNG_AFTER_MS = 600;
export const COOL_DOWN_MS = 2000;
export const VOLUME_THRESHOLD = 3;

export const BROKER_HUNG_MESSAGE = 'The message broker is not answering';
const serviceDownMessage = (service: string) => `The ${service} service is not answering`;

/** A round trip to the broker: resolves when it answered. */
export type BrokerProbe = () => Promise<unknown>;

export class BusBreakers {
  private readonly logger = new Logger('BusBreakers');
  private readonly services = new Map<string, CircuitBreaker<[() => Promise<unknown>], unknown>>();
  private hung = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** Emits when the broker is found hung: requests waiting on it fail then rather than at their timeout. */
  readonly brokerHung$ = new Subject<void>();

  constructor(private readonly options: { coolDownMs?: number; volumeThreshold?: number } = {}) {}

  /** Whether the broker is known not to answer right now. */
  get brokerHung(): boolean {
    return this.hung;
  }

  /** Runs one request to `subject` through the breakers; fails at once with BUS.UNAVAILABLE while one is open. */
  run<T>(subject: string, call: () => Promise<T>): Promise<T> {
    if (this.hung) return Promise.reject(new BusUnavailableError(BROKER_HUNG_MESSAGE));
    const dot = subject.indexOf('.');
    const service = dot > 0 ? subject.slice(0, dot) : subject;
    return (this.breakerOf(service).fire(call) as Promise<T>).catch((err: unknown) => {
      // opossum's own refusal while open becomes the bus's retryable 503
      if ((err as { code?: string }).code === 'EOPENBREAKER')
        throw new BusUnavailableError(serviceDownMessage(service));
      throw err;
    });
  }

  /** States of the service breakers that are not closed (for readiness and logs). */
  openServices(): string[] {
    return [...this.services].filter(([, b]) => !b.closed).map(([name]) => name);
  }

  /** Starts probing the broker every PROBE_MS; `probe` must resolve once the broker answered. */
  watch(probe: BrokerProbe): void {
    const round = () => {
      if (this.stopped) return;
      const sent = Date.now();
      let answered = false;
      const verdict = setTimeout(() => {
        // a verdict this timer gives late (the event loop was busy) says nothing about the broker: ask again
        if (answered || this.stopped || Date.now() - sent > HUNG_AFTER_MS + PROBE_MS) return;
        this.setHung(true);
      }, HUNG_AFTER_MS);
      probe().then(
        () => {
          answered = true;
          clearTimeout(verdict);
          this.setHung(false);
          this.timer = setTimeout(round, Math.max(0, PROBE_MS - (Date.now() - sent)));
        },
        () => {
          // the connection is closed or reconnecting: NATS's own errors fail requests fast then; probe again
          answered = true;
          clearTimeout(verdict);
          this.timer = setTimeout(round, PROBE_MS);
        },
      );
    };
    this.timer = setTimeout(round, PROBE_MS);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const breaker of this.services.values()) breaker.shutdown();
    this.brokerHung$.complete();
  }

  private setHung(hung: boolean): void {
    if (hung === this.hung) return;
    this.hung = hung;
    busMetrics.brokerHung.set(hung ? 1 : 0);
    if (hung) {
      this.logger.warn(`${BROKER_HUNG_MESSAGE} (no answer to a probe in ${HUNG_AFTER_MS} ms): requests fail at once`);
      this.brokerHung$.next();
    } else this.logger.log('The message broker answers again');
  }

  private breakerOf(service: string) {
    let breaker = this.services.get(service);
    if (breaker) return breaker;
    const coolDownMs = this.options.coolDownMs ?? COOL_DOWN_MS;
    breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
      name: service,
      // the bus request carries its own timeout
      timeout: false,
      resetTimeout: coolDownMs,
      errorThresholdPercentage: 50,
      volumeThreshold: this.options.volumeThreshold ?? VOLUME_THRESHOLD,
      rollingCountTimeout: 10_000,
      // only "nobody answered" counts against a service: a domain error is an answer
      errorFilter: (err: unknown) => !(err instanceof BusUnavailableError),
    });
    breaker.on('open', () => {
      busMetrics.breakerOpen.set({ service }, 1);
      this.logger.warn(`${serviceDownMessage(service)}: its requests fail at once for ${coolDownMs} ms`);
    });
    breaker.on('close', () => {
      busMetrics.breakerOpen.set({ service }, 0);
      this.logger.log(`The ${service} service answers again`);
    });
    this.services.set(service, breaker);
    return breaker;
  }
}
