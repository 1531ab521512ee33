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
}

export declare const runFanoutBench: (options?: FanoutOptions) => Promise<{
  options: Required<FanoutOptions>;
  product: FanoutFigures;
  floor: FanoutFigures | null;
  report: string;
}>;
