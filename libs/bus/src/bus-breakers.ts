// Failing fast while the bus cannot answer, instead of making every caller wait out the request timeout:
//
//   - the broker: a NATS server that hangs (SIGSTOP, a stuck VM) keeps its TCP connection open, so nothing tells the
//     client; a probe round trip (PING/PONG through `flush`) every PROBE_MS notices one that has not come back after
//     HUNG_AFTER_MS. Until the broker answers again every request fails at once with BUS.UNAVAILABLE, and those
//     already waiting are failed too; the first answer closes it again. A probe is skipped when a request was answered
//     within PROBE_MS (that answer came through the broker), and probing stops while the process asks nothing of the
//     bus (IDLE_AFTER_MS): the next request starts it again at once. An idle pod then costs the broker and itself
//     nothing, where five round trips a second in every process were most of an idle cluster's CPU.
//   - each service: a service whose replicas all hang (or are all gone) times out its requests while NATS is fine.
//     One circuit breaker per service (opossum): once half of at least VOLUME_THRESHOLD requests in the rolling
//     window failed as unavailable, its requests fail at once for COOL_DOWN_MS, then one trial request decides.
//     Domain errors (a 404, a validation failure) are answers, not failures.
import { Logger } from '@nestjs/common';
import CircuitBreaker from 'opossum';
import { Subject } from 'rxjs';
import { BusUnavailableError, DomainError } from './domain-error.js';
import { busMetrics, systemTimers, type TimerHandle, type Timers } from '@teamchat/observability';

export const PROBE_MS = 200;
export const HUNG_AFTER_MS = 600;
export const COOL_DOWN_MS = 2000;
export const VOLUME_THRESHOLD = 3;
export const IDLE_AFTER_MS = 10_000;

export const BROKER_HUNG_MESSAGE = 'The message broker is not answering';
const serviceDownMessage = (service: string) => `The ${service} service is not answering`;

/** A round trip to the broker: resolves when it answered. */
export type BrokerProbe = () => Promise<unknown>;

export class BusBreakers {
  private readonly logger = new Logger('BusBreakers');
  private readonly services = new Map<string, CircuitBreaker<[() => Promise<unknown>], unknown>>();
  private hung = false;
  private timer: TimerHandle | undefined;
  private stopped = false;
  private probe: BrokerProbe | undefined;
  /** A probe round is scheduled or in flight (false while probing rests: see `round`). */
  private probing = false;
  private lastRequest = 0;
  private lastAnswer = Number.NEGATIVE_INFINITY;
  /** Emits when the broker is found hung: requests waiting on it fail then rather than at their timeout. */
  readonly brokerHung$ = new Subject<void>();

  private readonly timers: Timers;

  /** `timers`: what the broker's probes are timed with (tests pass their own; a service's breakers keep opossum's). */
  constructor(
    private readonly options: {
      coolDownMs?: number;
      volumeThreshold?: number;
      idleAfterMs?: number;
      timers?: Timers;
    } = {},
  ) {
    this.timers = options.timers ?? systemTimers;
  }

  /** Whether the broker is known not to answer right now. */
  get brokerHung(): boolean {
    return this.hung;
  }

  /** Runs one request to `subject` through the breakers; fails at once with BUS.UNAVAILABLE while one is open. */
  run<T>(subject: string, call: () => Promise<T>): Promise<T> {
    this.lastRequest = this.timers.now();
    // probing rested while nothing was asked: the broker may have hung meanwhile, so ask it now
    if (this.probe && !this.probing && !this.stopped) this.schedule(0);
    if (this.hung) return Promise.reject(new BusUnavailableError(BROKER_HUNG_MESSAGE));
    const dot = subject.indexOf('.');
    const service = dot > 0 ? subject.slice(0, dot) : subject;
    return (this.breakerOf(service).fire(call) as Promise<T>).then(
      (answer) => {
        this.lastAnswer = this.timers.now();
        return answer;
      },
      (err: unknown) => {
        // opossum's own refusal while open becomes the bus's retryable 503
        if ((err as { code?: string }).code === 'EOPENBREAKER')
          throw new BusUnavailableError(serviceDownMessage(service));
        // a domain error came back through the broker too
        if (err instanceof DomainError && !(err instanceof BusUnavailableError)) this.lastAnswer = this.timers.now();
        throw err;
      },
    );
  }

  /** States of the service breakers that are not closed (for readiness and logs). */
  openServices(): string[] {
    return [...this.services].filter(([, b]) => !b.closed).map(([name]) => name);
  }

  /** Starts probing the broker every PROBE_MS; `probe` must resolve once the broker answered. */
  watch(probe: BrokerProbe): void {
    this.probe = probe;
    this.lastRequest = this.timers.now();
    this.schedule(PROBE_MS);
  }

  private schedule(ms: number): void {
    this.probing = true;
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => this.round(), ms);
  }

  private round(): void {
    const probe = this.probe;
    if (this.stopped || !probe) return;
    const sent = this.timers.now();
    if (!this.hung) {
      // nobody asks anything of the bus: rest until the next request (see `run`)
      if (sent - this.lastRequest > (this.options.idleAfterMs ?? IDLE_AFTER_MS)) {
        this.probing = false;
        return;
      }
      // a request was just answered through the broker: that was a round trip too
      if (sent - this.lastAnswer < PROBE_MS) return this.schedule(PROBE_MS - (sent - this.lastAnswer));
    }
    let answered = false;
    let judging: ReturnType<typeof setImmediate> | undefined;
    const verdict = this.timers.setTimeout(() => {
      // After a busy stretch of the event loop (a long GC, synchronous work) this timer runs in the loop's timers
      // phase before the poll phase has read what arrived meanwhile, the broker's answer included: judge only after
      // one round of I/O (setImmediate callbacks run after the poll phase).
      judging = setImmediate(() => {
        if (answered || this.stopped) return;
        // a verdict given late (the event loop was busy) says nothing about the broker: ask again
        if (this.timers.now() - sent > HUNG_AFTER_MS + PROBE_MS) return this.schedule(0);
        this.setHung(true);
      });
    }, HUNG_AFTER_MS);
    const settle = () => {
      answered = true;
      this.timers.clearTimeout(verdict);
      if (judging) clearImmediate(judging);
    };
    probe().then(
      () => {
        settle();
        this.setHung(false);
        if (!this.stopped) this.schedule(Math.max(0, PROBE_MS - (this.timers.now() - sent)));
      },
      () => {
        // the connection is closed or reconnecting: NATS's own errors fail requests fast then; probe again
        settle();
        if (!this.stopped) this.schedule(PROBE_MS);
      },
    );
  }

  stop(): void {
    this.stopped = true;
    this.timers.clearTimeout(this.timer);
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
