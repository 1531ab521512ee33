/** A process of the machine's Postgres, NATS or Redis at one reading: CPU seconds of its own and of children it reaped. */
export interface ServerProcess {
  server: 'postgres' | 'NATS' | 'Redis';
  own: number;
  reaped: number;
}

/** Every such process of the machine, by pid. */
export type ServerReading = Map<string, ServerProcess>;

export function serverCpu(): ServerReading;
export function serverCpuBetween(
  before: ServerReading,
  after: ServerReading,
): Record<'postgres' | 'NATS' | 'Redis', number>;
