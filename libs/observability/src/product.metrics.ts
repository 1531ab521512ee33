// What the product does, as the dashboards and alerts in deploy/ read it: messages stored and delivered, how long a
// message takes from its sender to the other sockets, replays, search, sign-in refusals. Named per Prometheus
// conventions (base units, `_total` counters); rates per second are PromQL's `rate()`.
import { Counter, Gauge, Histogram, register, type Metric } from 'prom-client';

const once = <M extends Metric>(name: string, make: () => M): M =>
  (register.getSingleMetric(name) as M | undefined) ?? make();

/** Chat service: messages written to Postgres (a repeated clientMsgId is not counted again). */
export const messagesStored = once(
  'chat_messages_stored_total',
  () => new Counter({ name: 'chat_messages_stored_total', help: 'Messages stored by the chat service' }),
);

/** Chat service: rows per INSERT of new channel messages (concurrent sends are written together, one commit each). */
export const messageInsertBatch = once(
  'chat_message_insert_batch_rows',
  () =>
    new Histogram({
      name: 'chat_message_insert_batch_rows',
      help: 'New channel messages written by one INSERT statement (group commit)',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    }),
);

/**
 * Chat service: reads of a channel's newest page, by whether the page kept from the previous read was still the page
 * (`kept`) or was read from Postgres (`read`: it changed, or none was kept).
 */
export const newestPageReads = once(
  'chat_newest_page_reads_total',
  () =>
    new Counter({
      name: 'chat_newest_page_reads_total',
      help: "Reads of a channel's newest page, answered from the page kept since the last read or read again",
      labelNames: ['result'] as const,
    }),
);

/** Gateway: message frames handed to a socket, one per receiving socket. */
export const messagesDelivered = once(
  'ws_messages_delivered_total',
  () =>
    new Counter({
      name: 'ws_messages_delivered_total',
      help: 'Message frames written to live sockets on this node (one per receiving socket)',
    }),
);

/**
 * Gateway: seconds from a message's send (the socket frame or POST reaching a gateway) to the fan-out publish once it
 * is stored (`stage="fanout_publish"`), and to its write to each receiving socket on any node (`stage="socket_write"`;
 * across nodes this includes the Redis hop and relies on synchronised clocks).
 */
export const messageDeliverySeconds = once(
  'chat_message_delivery_seconds',
  () =>
    new Histogram({
      name: 'chat_message_delivery_seconds',
      help: 'Latency of a message from its send to the fan-out publish and to each socket write',
      labelNames: ['stage'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

/** Gateway: messages replayed to a socket joining with `since` (a gap too large answers resync, counted apart). */
export const replayMessages = once(
  'ws_replay_messages',
  () =>
    new Histogram({
      name: 'ws_replay_messages',
      help: 'Messages replayed per join with since',
      buckets: [0, 1, 5, 10, 25, 50, 100, 250, 500],
    }),
);

export const replayResyncs = once(
  'ws_replay_resyncs_total',
  () =>
    new Counter({
      name: 'ws_replay_resyncs_total',
      help: 'Joins with since answered with resync instead of a replay (gap too large or replay failed)',
      labelNames: ['reason'] as const,
    }),
);

/** Chat service: full-text message search, from the request to the page of results. */
export const searchDuration = once(
  'chat_search_duration_seconds',
  () =>
    new Histogram({
      name: 'chat_search_duration_seconds',
      help: 'Message search latency in the chat service',
      labelNames: ['outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

/** Gateway: sign-in, register and invite-accept attempts refused with 429, by the limit that refused them. */
export const rateLimitRefusals = once(
  'auth_rate_limit_refusals_total',
  () =>
    new Counter({
      name: 'auth_rate_limit_refusals_total',
      help: 'Authentication attempts refused by a rate limit (per client IP or per email address)',
      labelNames: ['limit'] as const,
    }),
);

/** Gateway with Redis (cluster mode): 1 while its Redis connection is ready, 0 while it is down or reconnecting. */
export const redisConnected = once(
  'redis_connected',
  () =>
    new Gauge({
      name: 'redis_connected',
      help: "1 while this gateway's Redis connection (fan-out, presence, rate limits, sessions) is ready, else 0",
    }),
);
