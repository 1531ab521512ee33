import proxyaddr from 'proxy-addr';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(0)
  .max(65535, 'must be a port number');

export const DEFAULT_TRUSTED_PROXIES = 'loopback, uniquelocal';
const TRUSTED_PROXIES_HINT = 'addresses, CIDRs, loopback, uniquelocal or linklocal, comma-separated (or false)';

/** `TRUST_PROXY`: a list for Express's `trust proxy` (proxy-addr), or `false`; an empty list trusts no one. */
const trustedProxies = z
  .string()
  .default(DEFAULT_TRUSTED_PROXIES)
  .transform((value, ctx): string[] => {
    const v = value.trim();
    if (v === '' || v === 'false' || v === 'none') return [];
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `must name the trusted proxies (${TRUSTED_PROXIES_HINT}): true would let any client pick its own address`,
      });
      return z.NEVER;
    }
    const entries = v
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    try {
      proxyaddr.compile(entries);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `must be ${TRUSTED_PROXIES_HINT} (${(err as Error).message})` });
      return z.NEVER;
    }
    return entries;
  });

/** Every environment variable any process reads, validated once at start. */
/** The samplers OTEL_TRACES_SAMPLER names (OpenTelemetry's SDK environment variables; no remote ones). */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url({ error: 'must be a postgres:// URL' }).optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  // at least 2: migrations hold one connection for their advisory lock while running on another
  DB_POOL_SIZE: z.coerce.number().int().min(2, 'must be at least 2').max(100).default(5),
  // how long an idle pooled connection is kept (0: until it fails); every Postgres pool of the process
  DB_POOL_IDLE_SECONDS: z.coerce.number().int().min(0).max(86400).default(600),
  MIGRATIONS_RUN: bool.default(true),
  BUS_TRANSPORT: z.enum(['inprocess', 'nats']).default('nats'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  BUS_NAMESPACE: z.string().default(''),
  BUS_TIMEOUT_MS: z.coerce.number().int().min(50).max(120000).default(5000),
  // each workspace's and each user's share of one service process: requests handled at once, and waiting beyond that
  TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  USER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(3),
  TENANT_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(200),
  // durable events: deliveries of one event to one service before it is dead-lettered, and the delays between them
  EVENT_MAX_DELIVERIES: z.coerce.number().int().min(1).max(100).default(5),
  EVENT_RETRY_BACKOFF_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated milliseconds, e.g. 1000,5000,30000')
    .default('1000,5000,30000,60000')
    .transform((v) => v.split(',').map(Number)),
  // the JetStream streams, when a process creates them (an existing stream keeps what it has): copies of each message on
  // a clustered NATS, and days kept
  EVENT_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  EVENT_STREAM_MAX_AGE_DAYS: z.coerce.number().positive().max(3650).default(7),
  DEAD_LETTER_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  DEAD_LETTER_STREAM_MAX_AGE_DAYS: z.coerce.number().positive().max(3650).default(30),
  REDIS_URL: z.url({ error: 'must be a redis:// URL' }).optional(),
  // with Redis: a gateway node that stops renewing its presence counts this long is taken for dead, its users offline
  PRESENCE_TTL_MS: z.coerce.number().int().min(300).max(3_600_000).default(30000),
  // a user's last socket still counts this long after it closed: a reconnect (a reload, a flaky network) within it
  // announces nothing, so the workspace sees no offline/online flicker; 0 announces offline at once
  PRESENCE_OFFLINE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  // frames a live socket may have waiting behind its 64 unflushed ones before it is closed with 1013 (a reader that
  // fell behind reconnects with since); 500 replayed messages are queued at once, so below 436 a long replay takes
  // several reconnects
  // the gateway's listen queue: reconnect storms arrive all at once (the kernel caps it at net.core.somaxconn)
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
  WS_SEND_QUEUE_MAX: z.coerce.number().int().min(1).max(100000).default(1000),
  // frames received from all of a gateway's sockets and not yet handled: at this many it stops reading until half are
  WS_FRAMES_PENDING_MAX: z.coerce.number().int().min(1).max(1000000).default(5000),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(2).default(604800),
  // a session in use has its sliding expiry written at most this often (the expiry may end up this much early)
  SESSION_TOUCH_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
  // the gateway's own connections (sessions): cold session reads, sign-ins, logouts and touches
  SESSION_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  WEB_DIST: z.string().optional(),
  // outgoing mail (password reset links): smtp:// or smtps://user:pass@host:port; without it links go to the log
  SMTP_URL: z
    .url({ error: 'must be an smtp:// or smtps:// URL' })
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('TeamChat <no-reply@teamchat.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // `npm start`'s log lines: for a person on a terminal, JSON when piped (`auto`); a cluster process always logs JSON
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // the peers whose X-Forwarded-For / -Proto are believed: a client's own header from anywhere else is ignored
  TRUST_PROXY: trustedProxies,
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: port.optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ error: 'must be an absolute URL' }).optional(),
  // where browsers reach the same store (presigned upload URLs name it); S3_ENDPOINT when unset
  S3_PUBLIC_ENDPOINT: z.url({ error: 'must be an absolute URL' }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z.string().default('teamchat'),
  UPLOAD_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10000),
  // how long a stopping gateway keeps answering (not ready, `Connection: close`) before it stops accepting
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(1000),
  METRICS_PORT: port.default(9464),
  // a cluster gateway's /metrics and health on a port of their own instead of /metrics on PORT; unset: on PORT
  GATEWAY_METRICS_PORT: port.optional(),
  // OpenTelemetry collector (OTLP over HTTP/protobuf, spans to <endpoint>/v1/traces); unset or empty: no exporter
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ error: 'must be an http:// or https:// URL' })
    .refine((v) => /^https?:\/\//.test(v), 'must be an http:// or https:// URL')
    .optional(),
  // which traces are recorded when spans are exported (OpenTelemetry's names; the ratio of the *traceidratio ones)
  OTEL_TRACES_SAMPLER: z.enum(TRACES_SAMPLERS).default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  // resource attributes added to (or overriding) every span's: `key=value,key=value`, values percent-encoded
  OTEL_RESOURCE_ATTRIBUTES: z
    .string()
    .regex(/^\s*$|^[^=,\s]+=[^,]*(,[^=,\s]+=[^,]*)*$/, 'must be key=value pairs separated by commas')
    .optional(),
  // the pod's identity, handed down by the Kubernetes manifests (fieldRef): the k8s.* attributes of every span
  K8S_POD_NAME: z.string().optional(),
  K8S_POD_UID: z.string().optional(),
  K8S_NAMESPACE_NAME: z.string().optional(),
  K8S_NODE_NAME: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * What a process that serves the site (the gateway, the standalone process) must have beyond the schema: in production,
 * `PUBLIC_URL`, the one origin links in emails are built on, since no request's Host may choose it.
 */
export const siteProblems = (env: Env): string[] =>
  env.NODE_ENV === 'production' && !env.PUBLIC_URL
    ? ["PUBLIC_URL must be set in production: password reset links point at it, never at a request's Host"]
    : [];
