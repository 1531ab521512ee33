// What each deployed process must be given: every variable its code reads (found by following its imports), except
// those whose schema default is right inside a container, for the reason given here.
import { EnvSchema } from '@teamchat/config';
import { PROCESSES, SERVICES } from '../../docker/processes.mjs';
import { envReads, importClosure, sourceOfBuiltEntry } from './env-usage.js';

/** Variables whose default in libs/config/src/env.schema.ts is right for a containerised process, and why. */
export const DEFAULT_IS_RIGHT: Record<string, string> = {
  HOST: 'listens on every interface of the container (0.0.0.0)',
  DATA_DIR: 'only the local storage driver and generated secrets use it; containers use S3 and are given every secret',
  EMBEDDED_PG_PORT: 'embedded Postgres never starts when DATABASE_URL is set',
  BUS_TRANSPORT: 'the cluster entry points always use NATS',
  BUS_NAMESPACE: 'one deployment per NATS account needs no subject prefix',
  BUS_TIMEOUT_MS: 'the 5 s bus timeout of the code',
  TENANT_CONCURRENCY: "each workspace's share of a service process (4 at once), sized for the default pool of 5",
  USER_CONCURRENCY: "each user's share of a service process (3 at once)",
  TENANT_QUEUE_MAX: 'up to 200 requests of a tenant wait their turn before one is refused with 429',
  DB_POOL_IDLE_SECONDS: 'idle Postgres connections kept 10 minutes, within the pool size the deployment budgets',
  EVENT_MAX_DELIVERIES: 'five deliveries of a failing event before its dead letter, as the code says',
  EVENT_RETRY_BACKOFF_MS: 'the retry delays of the code (1 s, 5 s, 30 s, then every minute)',
  EVENT_STREAM_REPLICAS: 'one copy on a single NATS server; the services of a clustered one are given 3 (prod overlay)',
  DEAD_LETTER_STREAM_REPLICAS: 'as EVENT_STREAM_REPLICAS',
  EVENT_STREAM_MAX_AGE_DAYS: 'events kept 7 days when the stream is created; an operator changes a running stream',
  DEAD_LETTER_STREAM_MAX_AGE_DAYS: 'dead letters kept 30 days when the stream is created',
  SESSION_MAX_AGE_SECONDS: "the spec's default credential validity (604800 s)",
  WEB_DIST: 'the image ships the SPA in web/dist, where the gateway looks by default',
  OTEL_TRACES_SAMPLER: 'every trace recorded (when exported) unless a deployment samples fewer',
  OTEL_TRACES_SAMPLER_ARG: 'the ratio of the *traceidratio samplers only',
  K8S_POD_NAME: 'unset outside Kubernetes (no k8s.* resource attributes); the manifests hand it down',
  K8S_POD_UID: 'as K8S_POD_NAME',
  K8S_NAMESPACE_NAME: 'as K8S_POD_NAME',
  K8S_NODE_NAME: 'as K8S_POD_NAME',
  STRIPE_SECRET_KEY: 'unset selects the offline payment provider',
  STRIPE_PUBLISHABLE_KEY: 'only with STRIPE_SECRET_KEY',
  STRIPE_WEBHOOK_SECRET: 'only with STRIPE_SECRET_KEY',
  STRIPE_PRICE_ID: 'only with STRIPE_SECRET_KEY',
  STRIPE_API_HOST: 'points Stripe at a mock in tests only',
  STRIPE_API_PORT: 'points Stripe at a mock in tests only',
  STRIPE_API_PROTOCOL: 'points Stripe at a mock in tests only',
};

/**
 * Reads the import scan finds in code a process loads but never runs, per process, and why. The gateway imports only
 * the transport (@teamchat/bus), not the service kit whose defineService and runServiceProcess read MIGRATIONS_RUN and
 * METRICS_PORT. Every process loads @teamchat/config, whose site rules read PUBLIC_URL, but only the processes that
 * serve the site run them (`loadConfigOrExit({}, { servesSite: true })`: the gateway, the standalone process).
 */
const SITE_ONLY = { PUBLIC_URL: 'read by the site rules of @teamchat/config, which only the gateway runs' };
export const LOADED_NOT_RUN: Partial<Record<string, Record<string, string>>> = Object.fromEntries(
  [...SERVICES, 'migrate'].map((name) => [name, SITE_ONLY]),
);

/** `migrate --wait <service>` (the init container of service pods) only reads the schema and never migrates. */
export const WAIT_MODE_NOT_READ = { MIGRATIONS_RUN: 'the --wait mode checks the schema and never applies migrations' };

/** The processes a cluster deployment runs (the standalone all-in-one is not one of them). */
export const DEPLOYED = ['gateway', ...SERVICES, 'migrate'] as const;
export type Deployed = (typeof DEPLOYED)[number];

export const SCHEMA_KEYS = new Set(Object.keys(EnvSchema.shape));

export const readsOf = (process: Deployed): Map<string, string> =>
  envReads(importClosure(sourceOfBuiltEntry(PROCESSES[process].entry)));

/** Variables the deployment must set for this process, with the file that reads each. */
export const requiredFor = (process: Deployed): Map<string, string> =>
  new Map(
    [...readsOf(process)].filter(([name]) => !(name in DEFAULT_IS_RIGHT) && !(name in (LOADED_NOT_RUN[process] ?? {}))),
  );

/** Problems with the environment a deployment gives a process: missing variables, unknown names, values the schema
 *  refuses, and values that contradict how the deployment runs it. */
export const envProblems = (
  process: Deployed,
  env: Record<string, string | undefined>,
  { notRead = {} }: { notRead?: Record<string, string> } = {},
): string[] => {
  const problems: string[] = [];
  for (const [name, file] of requiredFor(process)) {
    if (env[name] === undefined && !(name in notRead))
      problems.push(`${process}: ${name} (read by ${file}) is not provided`);
  }
  for (const name of Object.keys(env)) {
    if (!SCHEMA_KEYS.has(name)) problems.push(`${process}: ${name} is not a variable of EnvSchema`);
  }
  const values = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(values);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${process}: ${i.path.join('.')} ${i.message}`));
  const spec = PROCESSES[process];
  if (spec.kind === 'service') {
    if (env.MIGRATIONS_RUN !== 'false')
      problems.push(`${process}: MIGRATIONS_RUN must be "false" (the migration job runs them)`);
    if (env.METRICS_PORT !== String(spec.port)) problems.push(`${process}: METRICS_PORT must be ${spec.port}`);
  }
  if (spec.kind === 'gateway' && env.PORT !== String(spec.port)) problems.push(`${process}: PORT must be ${spec.port}`);
  if (process === 'migrate' && env.MIGRATIONS_RUN === 'false')
    problems.push('migrate: MIGRATIONS_RUN must not be "false"');
  if (spec.kind !== 'job' && env.NODE_ENV !== 'production') problems.push(`${process}: NODE_ENV must be "production"`);
  return problems;
};
