export interface MigrationOptions {
  databaseUrl: string;
  services?: readonly string[];
  load?: (service: string) => Promise<unknown[]>;
  log?: (line: string) => void;
}
export declare const loadBuiltMigrations: (service: string) => Promise<unknown[]>;
export declare const runAllMigrations: (options: MigrationOptions) => Promise<Record<string, string[]>>;
export declare const pendingMigrations: (options: {
  databaseUrl: string;
  service: string;
  load?: MigrationOptions['load'];
}) => Promise<string[]>;
export declare const waitForMigrations: (options: {
  databaseUrl: string;
  service: string;
  load?: MigrationOptions['load'];
  timeoutMs?: number;
  intervalMs?: number;
  log?: (line: string) => void;
}) => Promise<void>;
