export interface FanoutFigures {
  sent: number;
  expected: number;
  delivered: number;
  lost: number;
  errors: number;
  deliveredPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  rssPerSocket: number | null;
  /** CPU of the server processes per message (separate processes only). */
  cpuMsPerMessage?: number | null;
  /** The design's floor only: messages its store holds at the end, every round's. */
  stored?: number;
}

export interface FanoutOptions {
  clients?: number;
  channels?: number;
  rate?: number;
  seconds?: number;
  /** Unmeasured seconds at the same rate before the measured run. */
  warmup?: number;
  /** `processes`: services and gateways as built processes (needs `npm run build`); `inprocess`: the test harness. */
  mode?: 'processes' | 'inprocess';
  floor?: boolean;
  /**
   * The design's floor instead of the bare relay: the relays make each message a NATS request to store.mjs, which
   * inserts it into a `chat.message` migrated as the chat service's, and publish the stored frame it answers with.
   */
  storedFloor?: boolean;
  /** Runs of the product, each followed by one of the floor (default 1); the report adds their medians. */
  pairs?: number;
}

export interface FanoutPair {
  product: FanoutFigures;
  floor: FanoutFigures | null;
  /** ISO time the pair started, and the 1-minute load average then. */
  startedAt: string;
  load: number;
}

export declare const runFanoutBench: (options?: FanoutOptions) => Promise<{
  options: Required<FanoutOptions>;
  /** The first pair's. */
  product: FanoutFigures;
  floor: FanoutFigures | null;
  /** Every pair, in order. */
  pairs: FanoutPair[];
  report: string;
}>;

export interface SocketsOptions {
  socketMode: 'idle' | 'storm';
  sockets: number;
  socketsPerChannel?: number;
  idleSeconds?: number;
  /** Storms one after another (default 3): the first meets a process that never replayed, the others one that has. */
  storms?: number;
  floor?: boolean;
}

export interface SocketsFigures {
  sockets: number;
  connectMs: number;
  rssPerSocket: number;
  /** idle */
  pings?: number;
  closed?: number;
  /** storm: the first one */
  storm?: Storm;
  /** every storm, in order */
  storms?: Storm[];
}

export interface Storm {
  sockets: number;
  ms: number;
  rejoined: number;
  failed: number;
  errors: number;
  errorKinds: Record<string, number>;
}

export declare const runSocketsBench: (options: SocketsOptions) => Promise<{
  options: SocketsOptions;
  product: SocketsFigures;
  floor: SocketsFigures | null;
  report: string;
}>;

export interface OverloadFigures {
  offered: number;
  offeredPerSecond: number;
  acknowledged: number;
  ackedPerSecond: number;
  unacknowledged: number;
  refusals: number;
  refusedForGood: number;
  refusalKinds: Record<string, number>;
  ackP50: number;
  ackP99: number;
  stored: number;
  storedTwice: number;
  lost: number;
  cpuMsPerMessage: number | null;
}

export declare const runOverloadBench: (options: {
  rate: number;
  clients?: number;
  channels?: number;
  seconds?: number;
  drainSeconds?: number;
}) => Promise<{ options: Record<string, unknown>; result: OverloadFigures; report: string }>;
