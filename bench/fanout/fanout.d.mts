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
  /** The same per delivery, one message to one socket of its room (separate processes only). */
  cpuMsPerDelivery?: number | null;
  /** Messages that reached a socket outside their room (a non-member of a private channel): must be 0. */
  nonMemberDeliveries: number;
  /** Sockets that heard no message of the measured window. */
  silentSockets: number;
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
  /**
   * Instead of the floor, a second run of the product where, of the K channels, half are private (`privateMembers`
   * members each) in workspaces whose other people also hold sockets: p99 and CPU against the public run, and the
   * deliveries to non-members (must be 0).
   */
  private?: boolean;
  /** Members of each private channel (default 20), one socket each. */
  privateMembers?: number;
}

export interface FanoutPair {
  /** With `private`: the public run. */
  product: FanoutFigures;
  /** With `private`: the run with private channels. */
  private?: FanoutFigures;
  floor: FanoutFigures | null;
  /** ISO time the pair started, and the 1-minute load average then. */
  startedAt: string;
  load: number;
}

export declare const runFanoutBench: (options?: FanoutOptions) => Promise<{
  options: Required<FanoutOptions>;
  /** The first pair's (with `private`, its public run). */
  product: FanoutFigures;
  floor: FanoutFigures | null;
  /** With `private`: the first pair's run with private channels. */
  private?: FanoutFigures;
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
