export interface BusRequestRow {
  round: number;
  side: 'nats.js request' | 'ReplyInbox';
  /** CPU (user + system) of this process per request, µs: the sender's work and the in-process responder's. */
  cpuUs: number;
  wallUs: number;
}

export interface BusRequestOptions {
  requests?: number;
  concurrency?: number;
  rounds?: number;
  log?: (line: string) => void;
}

export function parseArgs(argv: string[]): Required<Omit<BusRequestOptions, 'log'>>;
export function runBusRequestBench(options?: BusRequestOptions): Promise<{ rows: BusRequestRow[]; report: string }>;
