// In-process transport: the same @MessagePattern/@EventPattern handlers as over NATS, for the standalone process.
import {
  BaseRpcContext,
  ClientProxy,
  Server,
  type CustomTransportStrategy,
  type ReadPacket,
  type WritePacket,
} from '@nestjs/microservices';
import { ErrorCodes } from '@teamchat/contracts';
import { answerOf, runBusHandler, type PolicedServer, type RequestPolicies } from './bus-handling.js';

/** Header bag with the same `get` shape as NATS headers, so handlers read request ids one way. */
export class BusHeaders {
  constructor(private readonly values: Record<string, string> = {}) {}
  get(name: string): string {
    return this.values[name.toLowerCase()] ?? '';
  }
  toJSON(): Record<string, string> {
    return { ...this.values };
  }
}

/** Payload plus headers, as `NatsRecord` is for the NATS client. */
export class BusRecord<T = unknown> {
  constructor(
    readonly data: T,
    readonly headers: BusHeaders,
  ) {}
}

export class InProcessContext extends BaseRpcContext<[string, BusHeaders]> {
  getSubject(): string {
    return this.args[0];
  }
  getHeaders(): BusHeaders {
    return this.args[1];
  }
}

/** JSON round trip: what crosses the in-process bus looks exactly like what crosses NATS. */
const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

interface Member {
  group: string;
  server: InProcessServer;
}

/** Routes requests to one member of a group (round robin) and events to one member of every subscribing group. */
export class InProcessBroker {
  private readonly members: Member[] = [];
  /** Who answers each subject, found once per subject (and again after a member joins or leaves). */
  private readonly routes = new Map<string, { requests: Member[]; events: Member[][] }>();
  private cursor = 0;

  join(member: Member): void {
    this.members.push(member);
    this.routes.clear();
  }

  leave(server: InProcessServer): void {
    const index = this.members.findIndex((m) => m.server === server);
    if (index >= 0) this.members.splice(index, 1);
    this.routes.clear();
  }

  private route(pattern: string): { requests: Member[]; events: Member[][] } {
    let route = this.routes.get(pattern);
    if (!route) {
      const groups = new Map<string, Member[]>();
      for (const m of this.members.filter((x) => x.server.handles(pattern, true))) {
        groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
      }
      route = { requests: this.members.filter((m) => m.server.handles(pattern, false)), events: [...groups.values()] };
      this.routes.set(pattern, route);
    }
    return route;
  }

  private pick(candidates: Member[]): Member {
    this.cursor = (this.cursor + 1) % Number.MAX_SAFE_INTEGER;
    return candidates[this.cursor % candidates.length];
  }

  request(pattern: string, data: unknown, headers: BusHeaders): Promise<WritePacket> {
    const candidates = this.route(pattern).requests;
    if (candidates.length === 0) {
      return Promise.resolve({
        err: { code: ErrorCodes.busUnavailable, message: `No responders for ${pattern}` },
        isDisposed: true,
      });
    }
    return this.pick(candidates).server.dispatchRequest(pattern, clone(data), headers);
  }

  /** Like a NATS publish, returns once the event is handed over, not once handlers finish. */
  publish(pattern: string, data: unknown, headers: BusHeaders): Promise<void> {
    const payload = JSON.stringify(data ?? null);
    for (const group of this.route(pattern).events) {
      const target = this.pick(group).server;
      setImmediate(() => void target.dispatchEvent(pattern, JSON.parse(payload), headers));
    }
    return Promise.resolve();
  }

  /** Like `publish`, but settles once every subscribing group has handled it, and fails if a handler did (outbox relay). */
  async deliver(pattern: string, data: unknown, headers: BusHeaders): Promise<void> {
    const payload = JSON.stringify(data ?? null);
    const handled = await Promise.allSettled(
      this.route(pattern).events.map((group) =>
        this.pick(group).server.dispatchEvent(pattern, JSON.parse(payload), headers, true),
      ),
    );
    const failed = handled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

/** The process-wide broker used when none is passed explicitly. */
export const defaultBroker = new InProcessBroker();

/**
 * A group's handlers on the in-process broker. With `handledBy` (a service's own transport), every request and event
 * runs through {@link runBusHandler}, as on NATS.
 */
export class InProcessServer extends Server implements CustomTransportStrategy, PolicedServer {
  private policies?: RequestPolicies;

  constructor(
    private readonly group: string,
    private readonly broker: InProcessBroker = defaultBroker,
    private readonly handledBy?: string,
  ) {
    super();
  }

  /** Subjects are plain strings: looked up directly (Nest's default first tries to parse the pattern as JSON). */
  override getHandlerByPattern(pattern: string) {
    return this.messageHandlers.get(pattern) ?? null;
  }

  useRequestPolicies(policies: RequestPolicies): void {
    this.policies = policies;
  }

  handles(pattern: string, event: boolean): boolean {
    const handler = this.getHandlerByPattern(pattern);
    return !!handler && handler.isEventHandler === event;
  }

  listen(callback: () => void): void {
    this.broker.join({ group: this.group, server: this });
    callback();
  }

  close(): void {
    this.broker.leave(this);
  }

  on(): void {
    // no connection events to report: the broker is in the same process
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  dispatchRequest(pattern: string, data: unknown, headers: BusHeaders): Promise<WritePacket> {
    return this.answer(pattern, data, headers, false).then(
      // what NATS would carry: the response's JSON text, parsed again
      (response) => ({ response: clone(response), isDisposed: true }),
      (err: unknown) => ({ err: clone(err), isDisposed: true }),
    );
  }

  async dispatchEvent(pattern: string, data: unknown, headers: BusHeaders, rethrow = false): Promise<void> {
    if (!this.getHandlerByPattern(pattern)) return;
    try {
      await this.answer(pattern, data, headers, true);
    } catch (err) {
      if (rethrow) throw err;
      this.logger.error(`event handler for ${pattern} failed: ${String(err)}`);
    }
  }

  /** The handler's answer (see runBusHandler and answerOf). */
  private answer(pattern: string, data: unknown, headers: BusHeaders, event: boolean): Promise<unknown> {
    const handler = this.getHandlerByPattern(pattern)!;
    const context = new InProcessContext([pattern, headers]);
    return this.handledBy
      ? runBusHandler(handler, data, context, {
          subject: pattern,
          event,
          headers,
          group: this.handledBy,
          policies: this.policies,
        })
      : answerOf(handler, data, context);
  }
}

/** No reply within a request's time limit, whatever the transport. */
export class BusTimeoutError extends Error {
  constructor(readonly subject: string) {
    super(`No reply on ${subject} in time`);
    this.name = 'BusTimeoutError';
  }
}

export class InProcessClient extends ClientProxy {
  constructor(private readonly broker: InProcessBroker = defaultBroker) {
    super();
  }

  connect(): Promise<void> {
    return Promise.resolve();
  }

  close(): void {
    // nothing to release
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  private static split(data: unknown): [unknown, BusHeaders] {
    return data instanceof BusRecord ? [data.data, data.headers] : [data, new BusHeaders()];
  }

  /**
   * One request and its reply packet; a reply not there within `timeoutMs` rejects with {@link BusTimeoutError}.
   */
  requestPacket(pattern: string, record: unknown, timeoutMs: number): Promise<WritePacket> {
    const [data, headers] = InProcessClient.split(record);
    return new Promise<WritePacket>((resolve, reject) => {
      const timer = setTimeout(() => reject(new BusTimeoutError(pattern)), timeoutMs);
      void this.broker.request(pattern, data, headers).then((reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const [data, headers] = InProcessClient.split(packet.data);
    let cancelled = false;
    void this.broker.request(this.normalizePattern(packet.pattern), data, headers).then((reply) => {
      if (!cancelled) callback(reply);
    });
    return () => {
      cancelled = true;
    };
  }

  protected dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const [data, headers] = InProcessClient.split(packet.data);
    return this.broker.publish(this.normalizePattern(packet.pattern), data, headers) as Promise<T>;
  }
}
