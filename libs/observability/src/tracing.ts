// OpenTelemetry tracing of one process: the provider, the instrumented libraries (HTTP, Express, pg, ioredis), the
// W3C trace-context propagator, and what exports (OTLP over HTTP/protobuf when an endpoint is configured, nothing
// otherwise). Bus and socket spans are made by the code that owns those seams (libs/bus, gateway/src/realtime).
import { isBuiltin, register } from 'node:module';
import { context, propagation, trace, type Sampler } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations, type InstrumentationBase } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { TRACES_SAMPLERS } from '@teamchat/config';
import { processResource, type KubernetesEnv } from './resource.js';
import { extractTraceContext, SpanKind, tracer, withSpan } from './trace-context.js';

export { TRACES_SAMPLERS };
export type TracesSampler = (typeof TRACES_SAMPLERS)[number];

/** The variables tracing reads, as the validated environment (@teamchat/config's Env) gives them. */
export interface TracingEnv extends KubernetesEnv {
  /** Which root and child spans are recorded (default `parentbased_always_on`). */
  OTEL_TRACES_SAMPLER?: TracesSampler;
  /** The ratio of the `*traceidratio` samplers, 0 to 1 (default 1). */
  OTEL_TRACES_SAMPLER_ARG?: number;
}

/** The sampler OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG describe. */
export const samplerFromEnv = (name: TracesSampler = 'parentbased_always_on', arg = 1): Sampler => {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(arg);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(arg) });
  }
};

export interface TracingOptions {
  /** `service.name` of every span: `gateway`, a service's name, or `teamchat` for the all-in-one process. */
  serviceName: string;
  /** `OTEL_EXPORTER_OTLP_ENDPOINT`: the collector's base URL (spans go to `<endpoint>/v1/traces`); unset exports nothing. */
  otlpEndpoint?: string;
  /** Where finished spans go instead, synchronously (tests pass an in-memory exporter). */
  exporter?: SpanExporter;
  /** The sampler and the pod's identity (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG, K8S_*). */
  env?: TracingEnv;
  /**
   * Patch ES modules through import-in-the-middle's loader hook (Express and ioredis are reached through `import`,
   * which the CommonJS require hook never sees). Only modules imported after `startTracing` resolves are patched, so
   * entry points import the application afterwards. Off under jest, whose module runtime bypasses Node's loader.
   */
  esmHook?: boolean;
}

export interface Tracing {
  /** What receives finished spans: `otlp`, the caller's `exporter`, or `none` (spans only carry ids into the logs). */
  readonly exporting: 'otlp' | 'custom' | 'none';
  readonly provider: NodeTracerProvider;
  /** Flushes what is still buffered and unpatches the instrumented libraries. */
  shutdown(): Promise<void>;
}

/** Requests nobody needs traced: probes and scrapes, every few seconds on every pod. */
const UNTRACED_PATHS = new Set(['/metrics', '/health', '/health/ready', '/api/health', '/api/health/ready']);

/**
 * `node:http` is loaded before tracing starts (this library's ops server imports it) and an ES module graph may never
 * `require` it afterwards, which is when the require hook would patch it: patch the built-in modules the
 * instrumentations name now. A later require patches them again, which replaces rather than stacks the wrappers.
 */
const patchBuiltins = (instrumentations: InstrumentationBase[]): void => {
  for (const instrumentation of instrumentations) {
    for (const definition of instrumentation.getModuleDefinitions()) {
      if (!isBuiltin(definition.name) || definition.moduleExports || typeof definition.patch !== 'function') continue;
      const exports = process.getBuiltinModule(definition.name);
      if (!exports) continue;
      definition.moduleExports = exports;
      definition.patch(exports);
    }
  }
};

let running: Tracing | undefined;
let loaderHookRegistered = false;

/**
 * Starts tracing once per process (a second call returns the first one's handle). Without an exporter nothing is
 * recorded, but every span still gets its ids and carries them through the bus and into the logs (`trace_id`,
 * `span_id`), so a request's log lines can be found across processes; with one, spans are sampled as
 * OTEL_TRACES_SAMPLER says (by default every trace, an incoming `traceparent` continued as its caller sampled it).
 * Every span's resource names the service, the process, the host and the pod, plus OTEL_RESOURCE_ATTRIBUTES.
 */
export const startTracing = async (options: TracingOptions): Promise<Tracing> => {
  if (running) return running;
  const otlpEndpoint = options.otlpEndpoint?.trim();
  const spanProcessors: SpanProcessor[] = [];
  if (options.exporter) spanProcessors.push(new SimpleSpanProcessor(options.exporter));
  else if (otlpEndpoint)
    spanProcessors.push(
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/+$/, '')}/v1/traces` })),
    );
  const exporting = options.exporter ? 'custom' : otlpEndpoint ? 'otlp' : 'none';
  // the loader hook serves the libraries' instrumentations, which only load when something records their spans
  let waitForLoader: (() => Promise<void>) | undefined;
  if (exporting !== 'none' && options.esmHook && !loaderHookRegistered) {
    loaderHookRegistered = true;
    // only the modules the instrumentations name are intercepted, not every import of the process
    const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
    register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
    waitForLoader = waitForAllMessagesAcknowledged;
  }

  // nothing would read a recorded span: make non-recording ones, which still have ids and propagate
  const sampler: Sampler =
    exporting === 'none'
      ? new AlwaysOffSampler()
      : samplerFromEnv(options.env?.OTEL_TRACES_SAMPLER, options.env?.OTEL_TRACES_SAMPLER_ARG);

  const provider = new NodeTracerProvider({
    resource: processResource(options.serviceName, options.env),
    sampler,
    spanProcessors,
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });

  const instrumentations: InstrumentationBase[] = [];
  // the libraries' own spans only when something records them: unrecorded, they would cost every request and every
  // query work that nobody sees (log lines carry the request's, frame's or handler's span, never a query's). Without
  // an exporter the gateway makes each request's span itself (inRequestSpan): the HTTP instrumentation's wrapping of
  // every request cost a quarter of the request path's throughput for a span nobody records.
  if (exporting !== 'none')
    instrumentations.push(
      // the request's span carries its trace into the logs and continues an incoming `traceparent`
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]),
        // the OTLP exporter's own requests, and any outgoing call made outside traced work
        requireParentforOutgoingSpans: true,
      }),
      // one span per route handler: a span per middleware (sessions, compression, body parsing …) costs more than
      // it tells, and the HTTP span already carries the route
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
      // queries and commands of traced work only (not pool housekeeping, migrations, presence heartbeats)
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    );
  const disableInstrumentations = registerInstrumentations({ tracerProvider: provider, instrumentations });
  patchBuiltins(instrumentations);
  await waitForLoader?.();

  running = {
    exporting,
    provider,
    shutdown: async () => {
      disableInstrumentations();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
      running = undefined;
    },
  };
  return running;
};

/**
 * Runs `next` inside the span of an incoming HTTP request when no instrumentation makes one (nothing exports): a
 * non-recording span with its ids, continuing the request's `traceparent`, ended when the response is. Does nothing
 * but call `next` when the HTTP instrumentation is active, or for the health and metrics paths.
 */
export const inRequestSpan = (
  req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> },
  res: { once(event: 'close', listener: () => void): unknown },
  next: () => void,
): void => {
  if (running?.exporting !== 'none' || UNTRACED_PATHS.has((req.url ?? '').split('?')[0])) return next();
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const parent = extractTraceContext(header);
  const span = tracer().startSpan(req.method ?? 'HTTP', { kind: SpanKind.SERVER }, parent);
  res.once('close', () => span.end());
  withSpan(span, next, parent);
};

/** The running tracing of this process, if started. */
export const currentTracing = (): Tracing | undefined => running;
