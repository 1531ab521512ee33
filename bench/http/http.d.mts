export interface RunFigures {
  /** Completed requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  completed: number;
  /** Requests sent, including those still in flight when the run ended. */
  sent: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers by HTTP status. */
  statusCodes: Record<string, number>;
}

export interface OverloadRound {
  round: number;
  phase: 'quiet' | 'overload';
  /** W2 signing in and reading. */
  w2: RunFigures;
  /** W1 at 3× its sustainable rate (overload rounds only). */
  w1?: RunFigures;
}

export interface OverloadSummary {
  quietP50: number;
  quietP99: number;
  overloadP50: number;
  overloadP99: number;
  /** W2's p99 under overload ÷ its quiet p99 (medians of rounds). */
  ratio: number;
  quietErrors: number;
  overloadErrors: number;
  /** W1's answers over the overload rounds. */
  w1Mix: { 200: number; 429: number; 503: number; other: number };
  /** Ratio within the target and no W2 error. */
  held: boolean;
}

export interface RouteRow {
  route: string;
  round: number;
  product: RunFigures;
  bare: RunFigures;
  /** product req/s ÷ bare req/s of the run right after it. */
  ratio: number;
  /** Postgres transactions (commits + rollbacks) of the product's database per request sent; NaN when not measured. */
  transactions: number;
}

export interface RouteSummary {
  route: string;
  productRps: number;
  bareRps: number;
  ratio: number;
  transactions: number;
  target: { ratio?: number; transactions?: number };
}

export interface UsersStep {
  users: number;
  joined: number;
  seconds?: number;
  httpRps?: number;
  httpP95?: number;
  /** The route with the highest p95 in the window, and that p95. */
  slowestRoute?: [string, number] | null;
  deliveryP95?: number;
  deliveries?: number;
  errorRate?: number;
  /** CPU cores the gateway process used over the window (standalone: the whole product process). */
  gatewayCores?: number;
  usersPerCore?: number;
  /** CPU cores every process of the product used over the window (cluster: the gateway and the six services). */
  productCores?: number;
  usersPerProductCore?: number;
  loadGeneratorCores?: number;
  /** Thresholds that failed; empty when the step held. */
  failed: string[];
}

export interface UsersRamp {
  rows: UsersStep[];
  held: UsersStep | null;
  stoppedBy: string;
}

export interface HttpBenchOptions {
  mode?: 'standalone' | 'cluster';
  rounds?: number;
  /** Seconds per autocannon run. */
  duration?: number;
  connections?: number;
  /** Unmeasured seconds per route before the first round. */
  warmup?: number;
  /** Count Postgres transactions per request (waits for the statistics to be published between product runs). */
  transactions?: boolean;
  /** Ramp the k6 chat users instead of the autocannon alternation. */
  users?: boolean;
  /** One tenant at 3× its sustainable rate while another signs in and reads (overload.mjs). */
  overload?: boolean;
  /** W2's requests a second in the overload mode. */
  w2Rate?: number;
  w2Connections?: number;
  /** W1's connections while it overloads. */
  overloadConnections?: number;
  usersSteps?: number[];
  /** Seconds measured per step. */
  usersWindow?: number;
  /** No new step starts after this many seconds. */
  usersBudget?: number;
  usersPerWorkspace?: number;
  thinkMinMs?: number;
  thinkMaxMs?: number;
  logLevel?: string;
  log?: (line: string) => void;
}

export interface LoadAverages {
  loadStart: number[];
  loadEnd: number[];
}

export declare const runHttpBench: (options?: HttpBenchOptions) => Promise<
  LoadAverages & {
    options: Required<HttpBenchOptions>;
    rows?: RouteRow[];
    summary?: RouteSummary[];
    /** What the idle product commits of its own, a second (taken off each run's count); NaN when not measured. */
    backgroundTransactions?: number;
    ramp?: UsersRamp;
    /** Overload mode: W1's sustainable rate (awards answered 200 a second), what was offered, and the rounds. */
    sustainable?: { rps: number; run: RunFigures };
    offeredRate?: number;
    rounds?: OverloadRound[];
    overloadSummary?: OverloadSummary;
    report: string;
  }
>;

export declare const parseArgs: (argv: string[], env?: Record<string, string | undefined>) => HttpBenchOptions;
