import type { Env } from '@teamchat/config';
import type { BusOptions, InProcessBroker } from '@teamchat/bus';
import type { LoggerService } from '@nestjs/common';

/** What the gateway needs to boot, decided by the runner (standalone, cluster process, or a test). */
export interface GatewayRuntime {
  env: Env;
  databaseUrl: string;
  bus: BusOptions;
  broker?: InProcessBroker;
  sessionSecret: string;
  /** Built SPA to serve with history fallback; absent in API-only tests. */
  webDist?: string;
  logger?: LoggerService | false;
  /**
   * `/metrics` on the site's port (default): a cluster gateway's, which Prometheus scrapes on the pod and the Ingress
   * refuses to the public. `false` when the runner serves it on a port of its own (the standalone process).
   */
  metricsOnSitePort?: boolean;
  /** The level of the one line logged per request: `info` (default, a cluster's) or `debug` (`npm start`'s). */
  accessLogLevel?: 'info' | 'debug';
}

export const GATEWAY_RUNTIME = Symbol('GATEWAY_RUNTIME');
