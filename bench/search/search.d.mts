export interface Figures {
  /** Samples behind the percentiles. */
  n: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface ClassRow {
  class: string;
  queries: string[];
  /** Median over the class's queries of the searcher's workspace's messages matching the query's text part. */
  hits: number;
  /** Median over the class's queries of the results the product returned (at most 50). */
  results: number;
  product: Figures;
  /** The search route's floor (`FLOOR_QUERY`, an empty search), timed right after each of the class's searches. */
  floor: Figures;
  /** Product p50 − floor p50: what the search itself adds to the route. */
  ownP50: number;
  ilikeLimit: Figures;
  seqIlike: Figures;
  /** ILIKE+LIMIT p95 ÷ product p95 (≥ 1: the product is not slower). */
  vsLimit: number;
  /**
   * Each ILIKE+LIMIT run plus the route floor timed in the same turn: ILIKE+LIMIT as if answered through the product's
   * route (without its rows' way out).
   */
  routedLimit: Figures;
  /** That p95 ÷ product p95. */
  vsRoutedLimit: number;
  /** Sequential ILIKE p95 ÷ product p95. */
  vsSeq: number;
  /** Product requests that did not answer 200 with a JSON array. */
  failures: number;
  /** Results from channels the searcher may not read, over every search of the class: must be 0. */
  unreadable: number;
}

export interface QueryRow {
  class: string;
  q: string;
  hits: number;
  results: number;
  product: Figures;
  floor: Figures;
  ilikeLimit: Figures;
  seqIlike: Figures;
  /** Scan nodes of the ILIKE+LIMIT baseline's plan. */
  limitPlan: string;
  failures: string[];
  /** Results from channels the searcher may not read, over every search of the query (the warm-up's too). */
  unreadable: number;
  /** Membership mode: messages matching the query in private channels the searcher is not in (capped); else null. */
  hiddenHits: number | null;
}

export interface SeedSlot {
  name: string;
  workspaceId: string;
  channelId: string;
  users: { id: string; weight: number }[];
  weight: number;
}

export interface LoadFigures {
  rows: number;
  perWorkspace: Record<string, number>;
  /** Seconds: the whole seeding, the API part, the inserts, the index builds, VACUUM (ANALYZE). */
  seedS: number;
  apiS: number;
  insertS: number;
  indexS: number;
  analyzeS: number;
  indexes: string[];
  tableSize: string;
  indexesSize: string;
  start: Date;
  end: Date;
}

export interface SearchBenchOptions {
  /** Messages to seed (default 1,000,000). */
  messages?: number;
  rounds?: number;
  /** Product and ILIKE+LIMIT runs of each query per round. */
  repeat?: number;
  /** Sequential-ILIKE runs of each query per round. */
  seqRepeat?: number;
  /** One unmeasured run of every query on all three before round 1 (default true). */
  warmup?: boolean;
  /** Then this many unmeasured product searches (each with the floor) and ILIKE+LIMIT runs (default 2,000). */
  warmupSearches?: number;
  /** Connections inserting and building indexes in parallel. */
  concurrency?: number;
  logLevel?: string;
  /** On the embedded Postgres `npm start` uses instead of the machine's. */
  embedded?: boolean;
  /** The product's HTTP client: one kept-alive `node:http` connection (default) or `fetch`. */
  client?: 'http' | 'fetch';
  /** Searches timed after a pause of `PAUSE_MS` each (default 0). */
  pauses?: number;
  /** The pause before each of them (default `PAUSE_MS`). */
  pauseMs?: number;
  /** Runs of each query, back to back, in the CPU pass after the rounds (default 40; 0: no CPU pass). */
  cpuRepeat?: number;
  /**
   * The membership mode (issue 62): `true`, or some of its fields (the rest `MEMBERSHIP`'s): the searcher's workspace
   * grows to `channels` regular channels, half private, of which the searcher belongs to `memberOf`.
   */
  membership?: boolean | Partial<MembershipOptions> | null;
  log?: (line: string) => void;
}

export interface MembershipOptions {
  /** Regular channels of the searcher's workspace in all (default 5,000). */
  channels: number;
  /** Of them, the searcher's (default 50). */
  memberOf: number;
  /** Share of the channels beyond the four named ones that are private (default 0.5). */
  privateShare: number;
  /** Share of the messages spread over those channels (default 0.5). */
  messageShare: number;
}

/** The membership mode's seed, as the result reports it. */
export interface MembershipFigures {
  channels: number;
  private: number;
  /** The searcher's channels, as their sidebar lists them. */
  memberOf: number;
  /** The channels the searcher may read. */
  readable: number;
  /** Private channels the searcher is not in. */
  hidden: number;
}

/** CPU milliseconds per search, from /proc, over `n` searches run back to back. */
export interface CpuPerSearch {
  n: number;
  /** The product's one process (gateway and services). */
  node: number;
  /** Every Postgres process of the machine. */
  postgres: number;
}

export interface CpuFigures {
  /** Runs of each query. */
  repeat: number;
  /** Per class: the product's searches, and the Postgres CPU per ILIKE+LIMIT query of the same texts. */
  classes: { class: string; product: CpuPerSearch; limitPostgres: number; limitN: number }[];
  mix: { product: CpuPerSearch; limitPostgres: number };
  /** The route floor (`FLOOR_QUERY`) alone. */
  floor: CpuPerSearch;
}

export declare const TARGETS: { mixP95Ms: number; classP95Ms: number; vsSeq: number; vsLimit: number };

export declare const runSearchBench: (options?: SearchBenchOptions) => Promise<{
  options: Required<SearchBenchOptions>;
  seed: {
    workspaceId: string;
    otherWorkspaceId: string;
    searcher: string;
    usernames: string[];
    channels: string[];
    slots: SeedSlot[];
    /** The membership mode's seed, or null without it. */
    membership: MembershipFigures | null;
  };
  load: LoadFigures;
  rows: ClassRow[];
  mix: ClassRow;
  queries: QueryRow[];
  /** The first search after each pause, the same search right after it, and the slowest first one. */
  /** The product's times over the first and the last tenth of the warm-up searches (null without them). */
  warmup: { searches: number; first: Figures; last: Figures } | null;
  pauses: { first: Figures; next: Figures; max: number };
  /** The CPU pass (null with `cpuRepeat: 0`). */
  cpu: CpuFigures | null;
  /** Failed product requests over the whole run. */
  failures: number;
  /** Results from channels the searcher may not read, over every search of the run: must be 0. */
  unreadable: number;
  version: { commit: string; dirty: boolean; built: string };
  loadStart: number[];
  loadEnd: number[];
  report: string;
}>;

/** The pause before each of `--pauses` searches, and the query they time. */
export declare const PAUSE_MS: number;
export declare const PAUSE_QUERY: string;

/** An empty search (an excluded word alone): the search route's floor. */
export declare const FLOOR_QUERY: string;

export declare const ilikeTerms: (q: string) => { must: string[]; mustNot: string[] };
/** The searcher's channels and a query's filters as a naive search's SQL conditions (`add` places a parameter). */
export declare const ilikeFilters: (
  q: string,
  scope: {
    workspaceId: string;
    readable: { id: string; name: string | null; partner?: string }[];
    people: { id: string; username: string }[];
  },
  add: (value: unknown) => string,
) => string[];

export declare const parseArgs: (argv: string[]) => SearchBenchOptions;
