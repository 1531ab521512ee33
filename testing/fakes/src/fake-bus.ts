// A stand-in for `BusClient` in tests whose peers are other services: they answer through replies registered per
// contract, and every request, reply and event is held to the contract's zod schemas, so a fake that drifts from the
// contract fails the test instead of hiding the drift. Only types come from @teamchat/bus and @teamchat/service-kit:
// no transport is loaded.
import type { z } from 'zod';
import type { BusClient, OutgoingEvent } from '@teamchat/bus';
import type { EventPublisher } from '@teamchat/service-kit';
import type { EventContract, EventPayloadOf, RequestContract, RequestOf, ResponseOf } from '@teamchat/contracts';

/**
 * What a peer answers to one request (the request as its handler would see it, parsed); it may throw a DomainError.
 * TypeScript widens a literal returned through this generic callback: write an inline enum value `'admin' as const`.
 */
export type Reply<Req extends z.ZodType, Res extends z.ZodType> = (
  request: z.output<Req>,
) => z.input<Res> | Promise<z.input<Res>>;

/** One message as it crossed the fake bus: JSON, as NATS and the in-process bus carry it. */
export interface BusMessage {
  subject: string;
  payload: unknown;
}

/** A message or answer its contract refuses. */
export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractViolation';
  }
}

/** The JSON round trip every bus applies (dates become strings, undefined fields disappear). */
const wire = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const describeIssues = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');

export class FakeBus implements Pick<BusClient, 'request' | 'emit'> {
  /** Every request made, in order. */
  readonly requests: BusMessage[] = [];
  /** Every event emitted or relayed from an outbox (see `outboxPublisher`), in order; failed emits are left out. */
  readonly events: BusMessage[] = [];
  /** Every contract breach seen, also those the code under test caught and swallowed (see `verify`). */
  readonly violations: string[] = [];
  private readonly replies = new Map<string, (payload: unknown) => Promise<unknown>>();
  private readonly emitFailures = new Map<string, Error[]>();

  /** Registers how the peer answers `contract` (replacing an earlier reply); the answer must fit `contract.response`. */
  reply<Req extends z.ZodType, Res extends z.ZodType>(
    contract: RequestContract<Req, Res>,
    reply: Reply<NoInfer<Req>, NoInfer<Res>>,
  ): this {
    this.replies.set(contract.subject, async (payload) => {
      const request = this.check(contract.request, payload, `request ${contract.subject}`);
      const answer = wire(await reply(request));
      return this.check(contract.response, answer, `reply to ${contract.subject}`);
    });
    return this;
  }

  async request<C extends RequestContract>(contract: C, payload: RequestOf<C>): Promise<ResponseOf<C>> {
    const message = { subject: contract.subject, payload: wire(payload) };
    this.requests.push(message);
    const answer = this.replies.get(contract.subject);
    if (!answer) throw this.violation(`request ${contract.subject} has no reply registered`);
    // the reply parsed its answer with `contract.response`; ResponseOf<C> names that output, which TypeScript cannot
    // see through the conditional type
    return (await answer(message.payload)) as ResponseOf<C>;
  }

  emit<C extends EventContract>(contract: C, payload: EventPayloadOf<C>): Promise<void> {
    return this.publish(contract, payload);
  }

  /** The next emit of `contract` fails with `error` (after its payload was checked), as a broker outage would. */
  failNextEmit(contract: EventContract, error: Error = new Error('bus down')): this {
    this.emitFailures.set(contract.subject, [...(this.emitFailures.get(contract.subject) ?? []), error]);
    return this;
  }

  /** The payloads of the requests made on `contract`, parsed as its handler would see them. */
  requestsTo<Req extends z.ZodType, Res extends z.ZodType>(contract: RequestContract<Req, Res>): z.output<Req>[] {
    return this.requests.filter((m) => m.subject === contract.subject).map((m) => contract.request.parse(m.payload));
  }

  /** The payloads of the events published on `contract`, parsed. */
  eventsOf<P extends z.ZodType>(contract: EventContract<P>): z.output<P>[] {
    return this.events.filter((m) => m.subject === contract.subject).map((m) => contract.payload.parse(m.payload));
  }

  /** Forgets the requests and events seen so far (registered replies and violations stay). */
  clear(): void {
    this.requests.length = 0;
    this.events.length = 0;
  }

  /** Throws if any message or answer broke its contract; call it after each test (`afterEach(() => bus.verify())`). */
  verify(): void {
    if (this.violations.length > 0) throw new ContractViolation(this.violations.join('\n'));
  }

  /**
   * This fake where a `BusClient` is declared. The class has private transport members the fake has no use for; its
   * public surface is checked by `implements Pick<BusClient, 'request' | 'emit'>` above.
   */
  get client(): BusClient {
    return this as unknown as BusClient;
  }

  /**
   * What a service's outbox relays (`EVENT_PUBLISHER`), recorded in `events` like an emit and checked against the
   * contract of its subject among `contracts`. The committing call waits for the relay, so a test sees the events as
   * soon as the call returns.
   */
  outboxPublisher(contracts: readonly EventContract[]): EventPublisher {
    const bySubject = new Map(contracts.map((c) => [c.subject, c]));
    return {
      maxAttempts: 1,
      inlineWaitMs: 5000,
      start: () => Promise.resolve(),
      close: () => Promise.resolve(),
      publish: async (event: OutgoingEvent) => {
        const contract = bySubject.get(event.subject);
        if (!contract) throw this.violation(`outbox event ${event.subject} is none of the contracts given`);
        await this.publish(contract, event.payload);
      },
    };
  }

  private async publish(contract: EventContract, payload: unknown): Promise<void> {
    const message = { subject: contract.subject, payload: wire(payload) };
    this.check(contract.payload, message.payload, `event ${contract.subject}`);
    const failure = this.emitFailures.get(contract.subject)?.shift();
    if (failure) throw failure;
    this.events.push(message);
  }

  private check<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw this.violation(`${what} breaks its contract: ${describeIssues(parsed.error)}`);
    return parsed.data;
  }

  private violation(message: string): ContractViolation {
    this.violations.push(message);
    return new ContractViolation(message);
  }
}
