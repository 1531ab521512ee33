// One socket write per turn of the event loop for a NATS connection, instead of one per bus call.
import type { NatsConnection } from '@nats-io/transport-node';

/** What this relies on of nats.js's protocol handler (`@nats-io/nats-core` 3.x, `lib/protocol.js`). */
interface ProtocolHandler {
  outbound: { size(): number };
  pendingLimit: number;
  flushPending(): void;
  flush(p?: unknown): unknown;
  close(err?: unknown): Promise<void>;
}

const COALESCED = Symbol('coalescedWrites');

/**
 * nats.js writes the commands queued since its last write at the end of the microtask queue they were queued in, so
 * every bus request a gateway sends and every reply a service sends is a socket write of its own: measured on a
 * cluster gateway under `GET /api/channels` at 50 connections, 4,610 writes on the NATS socket for 4,356 requests,
 * while each turn of the event loop handled about fifteen requests (246 `epoll_pwait` calls), and those writes were
 * the gateway's largest single cost (9 % of its samples). With this, the first write of a turn goes out as nats.js
 * would send it (so a quiet connection adds no latency), and what the rest of the turn queues goes out together once
 * the turn's I/O callbacks are done (`setImmediate`): two writes a turn however busy it is. The writes nats.js needs
 * at once stay immediate: a PING of `flush()`, a buffer past its pending limit, and what is queued when the
 * connection closes.
 *
 * It changes when bytes are written, never which or in what order (the buffer is nats.js's own). A nats.js whose
 * protocol handler does not look like this is left as it is. Idempotent per connection; a reconnect keeps the
 * protocol handler, so once per connection is enough.
 */
export const coalesceWrites = <T extends NatsConnection>(nc: T): T => {
  const protocol = (nc as unknown as { protocol?: ProtocolHandler & { [COALESCED]?: true } }).protocol;
  if (
    !protocol ||
    protocol[COALESCED] ||
    typeof protocol.flushPending !== 'function' ||
    typeof protocol.flush !== 'function' ||
    typeof protocol.close !== 'function' ||
    typeof protocol.outbound?.size !== 'function' ||
    typeof protocol.pendingLimit !== 'number'
  )
    return nc;
  protocol[COALESCED] = true;
  const flushNow = protocol.flushPending.bind(protocol);
  const flush = protocol.flush.bind(protocol);
  const close = protocol.close.bind(protocol);
  let urgent = false;
  // a write went out in this turn of the event loop; the commands queued after it wait for the turn's end
  let wroteThisTurn = false;
  let scheduled = false;
  const endOfTurn = () => {
    scheduled = false;
    wroteThisTurn = false;
    flushNow();
  };
  protocol.flushPending = () => {
    if (urgent || protocol.outbound.size() >= protocol.pendingLimit) return flushNow();
    if (!scheduled) {
      scheduled = true;
      setImmediate(endOfTurn);
    }
    if (!wroteThisTurn) {
      // the first write of a turn goes at once, as nats.js would: an idle connection adds no latency
      wroteThisTurn = true;
      flushNow();
    }
  };
  protocol.flush = (p?: unknown) => {
    urgent = true;
    try {
      return flush(p);
    } finally {
      urgent = false;
    }
  };
  // nats.js's close() destroys the socket without writing what is queued: with stock nats.js nothing is (its flush
  // runs in the microtask after the command), here the rest of a turn may be, so it is written first (a no-op once
  // the connection is gone)
  protocol.close = (err?: unknown) => {
    flushNow();
    return close(err);
  };
  return nc;
};
