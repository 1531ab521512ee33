// Request/reply over one NATS connection without nats.js's per-request error objects.
import {
  createInbox,
  errors as natsErrors,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import { BusTimeoutError } from './in-process.transport.js';

interface Pending {
  subject: string;
  resolve: (msg: Msg) => void;
  reject: (err: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

const inboxes = new WeakMap<NatsConnection, ReplyInbox>();

/**
 * The replies to one connection's requests: one wildcard subscription on a random inbox, and the requests waiting,
 * by token. It does what nats.js's `request` does with its shared inbox — a reply settles its request, a NATS
 * "no responders" status rejects it at once, a reply not there in time rejects it with {@link BusTimeoutError}, and
 * closing the connection rejects what is still waiting — but a request that succeeds allocates no Error: nats.js's
 * makes one for every request it completes (`RequestOne.cancel` rejects its settled promise with a new
 * `RequestError`, stack trace included), about 4 % of a gateway's CPU under the fan-out benchmark.
 *
 * A reconnect keeps the subscription (nats.js subscribes it again), so one inbox serves a connection for its life.
 */
export class ReplyInbox {
  private readonly pending = new Map<string, Pending>();
  private readonly prefix: string;
  private sequence = 0;

  static of(nc: NatsConnection): ReplyInbox {
    let inbox = inboxes.get(nc);
    if (!inbox) {
      inbox = new ReplyInbox(nc);
      inboxes.set(nc, inbox);
    }
    return inbox;
  }

  private constructor(private readonly nc: NatsConnection) {
    this.prefix = `${createInbox()}.`;
    nc.subscribe(`${this.prefix}*`, { callback: (err, msg) => this.settle(err, msg) });
    void nc.closed().then(() => this.failAll(new natsErrors.ClosedConnectionError()));
  }

  /** Requests waiting for their reply. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Publishes `payload` to `subject` with a reply subject of this inbox and resolves with the first reply. */
  request(subject: string, payload: string | Uint8Array, timeoutMs: number, headers?: MsgHdrs): Promise<Msg> {
    const token = (this.sequence++).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(new BusTimeoutError(subject));
      }, timeoutMs);
      this.pending.set(token, { subject, resolve, reject, timer });
      try {
        this.nc.publish(subject, payload, { reply: this.prefix + token, headers });
      } catch (err) {
        // closed or draining connection, or a subject nats.js refuses
        clearTimeout(timer);
        this.pending.delete(token);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  private settle(err: Error | null, msg: Msg): void {
    if (err) {
      // the subscription itself failed (a permissions violation): nothing that waits will get its reply
      this.failAll(err);
      return;
    }
    const token = msg.subject.slice(this.prefix.length);
    const request = this.pending.get(token);
    if (!request) return; // timed out already
    this.pending.delete(token);
    clearTimeout(request.timer);
    if (msg.data.length === 0 && msg.headers?.code === 503) {
      request.reject(new natsErrors.NoRespondersError(request.subject));
      return;
    }
    request.resolve(msg);
  }

  private failAll(err: Error): void {
    for (const request of this.pending.values()) {
      clearTimeout(request.timer);
      request.reject(err);
    }
    this.pending.clear();
  }
}
