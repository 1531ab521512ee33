// What each variable of env.schema.ts means, for the configuration table in the root README.md. A group is one line
// of that table; its defaults come from the schema (`defaults` only where the schema has none to give).
// After changing this file or the schema: `node scripts/config-table.mjs` rewrites the README's table.
import type { EnvSchema } from './env.schema.js';

export type EnvVariable = keyof typeof EnvSchema.shape;

export interface EnvDoc {
  readonly variables: readonly EnvVariable[];
  readonly meaning: string;
  /** Markdown for a default the schema cannot state (a generated secret, another variable's value). */
  readonly defaults?: Partial<Record<EnvVariable, string>>;
}

export const ENV_DOCS: readonly EnvDoc[] = [
  {
    variables: ['NODE_ENV'],
    meaning:
      '`production` in every deployment: the session and upload signing secrets must then be set instead of generated into `DATA_DIR`',
  },
  { variables: ['PORT', 'HOST'], meaning: 'where the gateway listens' },
  { variables: ['DATA_DIR'], meaning: 'embedded Postgres, local uploads, generated local secrets' },
  { variables: ['DATABASE_URL'], meaning: 'Postgres; unset in standalone means embedded' },
  {
    variables: ['EMBEDDED_PG_PORT'],
    meaning:
      "port of the embedded Postgres (started with memory and planner settings for message search: `shared_buffers=512MB`, `work_mem=16MB`…; see `services/chat/README.md`, which also says what a cluster's own Postgres needs)",
  },
  {
    variables: ['DB_POOL_SIZE', 'DB_POOL_IDLE_SECONDS', 'MIGRATIONS_RUN'],
    meaning:
      "per-service pool, and how long an idle Postgres connection is kept (every pool of the process, the gateway's too; `0`: until it fails; probed with TCP keepalive after a minute idle); run committed migrations at start",
  },
  {
    variables: ['BUS_TRANSPORT', 'NATS_URL', 'BUS_NAMESPACE', 'BUS_TIMEOUT_MS'],
    meaning:
      'service bus (standalone always uses `inprocess`); NATS must run with JetStream (`-js`): domain events are durable (`libs/bus/README.md`)',
  },
  {
    variables: ['TENANT_CONCURRENCY', 'USER_CONCURRENCY', 'TENANT_QUEUE_MAX'],
    meaning:
      "each workspace's and each user's share of one service process: requests of theirs handled at once, and how many more may wait; past that a request answers 429 `BUS.TENANT_BUSY` at once, so one tenant's burst never takes all of a service's pooled connections (`libs/bus/README.md`)",
  },
  {
    variables: ['EVENT_MAX_DELIVERIES', 'EVENT_RETRY_BACKOFF_MS'],
    meaning:
      'a domain event whose handler fails is retried after these delays, and after this many deliveries sent to the dead-letter subject `deadletter.<service>.<event>` (counted in `bus_events_dead_lettered_total`)',
  },
  {
    variables: [
      'EVENT_STREAM_REPLICAS',
      'EVENT_STREAM_MAX_AGE_DAYS',
      'DEAD_LETTER_STREAM_REPLICAS',
      'DEAD_LETTER_STREAM_MAX_AGE_DAYS',
    ],
    meaning:
      "replicas (3 or 5 on a clustered NATS for durable events that survive a server's loss; a single server holds 1) and days kept of the JetStream event stream and dead-letter stream, used when a process creates them; an existing stream keeps its own (change it with `nats stream edit`): a difference is logged at start, never reset",
  },
  { variables: ['REDIS_URL'], meaning: 'Redis for fan-out and rate limits; unset means in-memory' },
  {
    variables: ['SESSION_SECRET', 'SESSION_MAX_AGE_SECONDS'],
    defaults: { SESSION_SECRET: 'generated into `DATA_DIR`' },
    meaning: 'session cookie signing (required in production)',
  },
  {
    variables: ['SESSION_TOUCH_INTERVAL_SECONDS', 'SESSION_POOL_SIZE'],
    meaning:
      "sessions and callers are kept in each gateway's memory (ended or changed on every node through Redis); a session in use has its sliding expiry written at most this often; the gateway's own Postgres pool",
  },
  {
    variables: ['PUBLIC_URL'],
    meaning:
      "public origin: links (password resets, upload URLs) are built on it alone, never on a request's Host or `X-Forwarded-Host`; required when `NODE_ENV=production` (the gateway and `npm start` exit 78 without it), else where the gateway listens (`http://localhost:PORT`). Origin checks; `https` makes the session cookie `Secure` (the proxy must send `X-Forwarded-Proto`)",
  },
  {
    variables: ['TRUST_PROXY'],
    meaning:
      "the peers whose `X-Forwarded-For`/`-Proto` are believed: addresses, CIDRs, `loopback`, `uniquelocal` (10/8, 172.16/12, 192.168/16, fc00::/7), `linklocal`, comma-separated, or `false`. A client's own `X-Forwarded-For` from any other peer is ignored, so it cannot dodge the per-IP sign-in limit. On Kubernetes, list the Ingress controller's pod CIDR if it is not private",
  },
  {
    variables: ['SMTP_URL', 'MAIL_FROM'],
    meaning:
      "outgoing mail (password reset links), `smtp://` or `smtps://user:password@host:port`, sent through nodemailer. Unset: the link is written to the identity service's log as one line starting `NOT EMAILED (no SMTP_URL) PASSWORD RESET LINK`. Links point at `PUBLIC_URL` (without it, where the gateway listens), never at a request's Host",
  },
  {
    variables: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'],
    meaning: 'Stripe; unset means the local payment provider',
  },
  {
    variables: ['STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'],
    meaning: "where the Stripe client sends its calls instead of Stripe's API (tests point it at a fake Stripe)",
  },
  {
    variables: [
      'STORAGE_DRIVER',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'S3_BUCKET',
      'UPLOAD_SIGNING_SECRET',
    ],
    defaults: { UPLOAD_SIGNING_SECRET: 'generated into `DATA_DIR`' },
    meaning: 'object storage',
  },
  {
    variables: ['S3_PUBLIC_ENDPOINT'],
    defaults: { S3_PUBLIC_ENDPOINT: '`S3_ENDPOINT`' },
    meaning:
      "where browsers reach the bucket (scheme, host, port): presigned upload URLs name it; the services' own calls use `S3_ENDPOINT`",
  },
  {
    variables: ['METRICS_PORT'],
    meaning:
      '`/metrics` and health of the standalone process (its site port answers no `/metrics`) and of a service process in cluster mode',
  },
  {
    variables: ['GATEWAY_METRICS_PORT'],
    defaults: { GATEWAY_METRICS_PORT: 'unset: `/metrics` on `PORT`' },
    meaning:
      "a cluster gateway's `/metrics`, `/health` and `/health/ready` on this port of their own, and no `/metrics` on `PORT`: the Kubernetes manifests set it (9464), so no public route can reach the metrics",
  },
  {
    variables: ['AUTH_RATE_LIMIT_PER_IP', 'AUTH_RATE_LIMIT_PER_EMAIL'],
    meaning:
      'login/register/invite-accept attempts per client address per 10 minutes (raise it for load tests from one machine); failed sign-ins per email address within 10 minutes before each further attempt for it waits 1 s, 2 s, 4 s … up to 60 s (a sign-in or a password reset forgets them)',
  },
  {
    variables: ['LISTEN_BACKLOG'],
    meaning:
      "the gateway's listen queue, sized for every client reconnecting at once (capped by the kernel's `net.core.somaxconn`)",
  },
  {
    variables: ['WS_SEND_QUEUE_MAX'],
    meaning: 'frames queued for one slow socket before it is closed with 1013 (typing frames are dropped first)',
  },
  {
    variables: ['WS_FRAMES_PENDING_MAX'],
    meaning:
      "frames received from all of a gateway's sockets and not yet handled: at this many it stops reading its sockets (TCP slows the senders) until half are handled",
  },
  {
    variables: ['PRESENCE_TTL_MS'],
    meaning: 'how long a gateway node that stopped heartbeating keeps its users online in Redis',
  },
  {
    variables: ['PRESENCE_OFFLINE_GRACE_MS'],
    meaning:
      "how long a user's last socket still counts after it closed: a reconnect within it (a reload, a network blip) announces nothing, after it the user is announced offline; `0` announces at once. A removed member and a stopping gateway's users are announced at once",
  },
  {
    variables: ['LOG_LEVEL', 'SHUTDOWN_GRACE_MS'],
    meaning:
      'JSON logs on standard output (pino; every line written while handling a request, socket frame or bus message carries `trace_id` and `span_id`; lines go out in writes of up to 4 KB, at most 250 ms after they are logged, and all at exit); time allowed for a clean stop',
  },
  {
    variables: ['LOG_FORMAT'],
    meaning:
      "how `npm start` writes its logs: `auto` one readable line each (time, level, message) when standard output is a terminal, JSON when it is a pipe or a file; `json` or `pretty` always. Under `npm start` a line per request is logged at `debug` (`LOG_LEVEL=debug` shows them). The cluster's processes always log JSON, a line per request at `info`",
  },
  {
    variables: ['SHUTDOWN_DRAIN_MS'],
    meaning:
      'how long a stopping gateway keeps answering before it stops accepting: it reports not ready, refuses new live sockets with 503 and closes each HTTP connection after its answer, so no request in flight is cut off',
  },
  {
    variables: ['OTEL_EXPORTER_OTLP_ENDPOINT'],
    meaning:
      'OpenTelemetry collector (OTLP over HTTP/protobuf, spans to `<endpoint>/v1/traces`): traces of each request across the gateway, the bus, the services, Postgres and Redis. Unset: nothing is exported',
  },
  {
    variables: ['OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG'],
    defaults: { OTEL_TRACES_SAMPLER_ARG: '`1`' },
    meaning:
      "which traces are recorded when they are exported, OpenTelemetry's names: `parentbased_traceidratio` with `0.1` records a tenth of new traces and follows an incoming `traceparent`'s decision; `always_off` none",
  },
  {
    variables: ['OTEL_RESOURCE_ATTRIBUTES'],
    meaning:
      "attributes added to every span's resource, or replacing detected ones (`deployment.environment.name=staging,service.namespace=teamchat`); the process (`process.pid`, runtime), host (`host.name`, `host.arch`) and, in Kubernetes, pod are detected",
  },
  {
    variables: ['K8S_POD_NAME', 'K8S_POD_UID', 'K8S_NAMESPACE_NAME', 'K8S_NODE_NAME'],
    meaning:
      "the pod's name, uid, namespace and node, handed down by the Kubernetes manifests (downward API): every span's `k8s.pod.name`, `k8s.pod.uid`, `k8s.namespace.name`, `k8s.node.name`. Unset outside a cluster",
  },
  {
    variables: ['WEB_DIST'],
    defaults: { WEB_DIST: '`web/dist`' },
    meaning: 'the built web app the gateway serves',
  },
];
