import type { ServiceName } from '@teamchat/contracts';

export declare const SERVICES: readonly ServiceName[];
export declare const GATEWAY_PORT: 3000;
export declare const METRICS_PORT: 9464;
/** The flags `node` runs every process of the product with. */
export declare const NODE_FLAGS: readonly string[];
export interface ProcessSpec {
  entry: string;
  kind: 'gateway' | 'service' | 'standalone' | 'job';
  port?: number;
}
export declare const PROCESSES: Record<string, ProcessSpec>;
