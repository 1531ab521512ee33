// The small tracing vocabulary the rest of the code uses: spans around work, trace context in and out of message
// headers, and the ids every log line carries. All of it is a no-op until startTracing (tracing.ts) has run.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

export { SpanKind, type Span, type Context } from '@opentelemetry/api';

/**
 * The tracer of the product's own spans (bus, fan-out, socket frames), from the provider registered now (a proxy
 * tracer would keep the first provider it saw, also after that one was shut down).
 */
export const tracer = () => trace.getTracer('teamchat');

/** `trace_id`, `span_id` and `trace_flags` (OpenTelemetry's log field names) of the active span, for a log line. */
export const traceLogFields = (): { trace_id?: string; span_id?: string; trace_flags?: string } => {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!trace.isSpanContextValid(span.spanContext())) return {};
  return { trace_id: traceId, span_id: spanId, trace_flags: traceFlags.toString(16).padStart(2, '0') };
};

/** W3C `traceparent` (and `tracestate`) of the active context, through `set`; nothing when no span is active. */
export const injectTraceContext = (
  set: (name: string, value: string) => void,
  ctx: Context = context.active(),
): void => {
  if (!trace.getSpan(ctx)) return;
  propagation.inject(ctx, undefined, { set: (_carrier, name, value) => set(name, value) });
};

/** The trace context a message's headers carry (a fresh root when they carry none). */
export const extractTraceContext = (get: (name: string) => string | undefined): Context =>
  propagation.extract(ROOT_CONTEXT, undefined, {
    get: (_carrier, name) => get(name) || undefined,
    keys: () => ['traceparent', 'tracestate'],
  });

/** Ends a span with the outcome of its work: an unexpected error marks it failed; `expected` ones only annotate it. */
export const endSpan = (span: Span, err?: unknown, expected?: (err: unknown) => string | undefined): void => {
  if (err !== undefined) {
    const code = expected?.(err);
    if (code) span.setAttribute('teamchat.error.code', code);
    else {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    }
  }
  span.end();
};

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent (default: the active context). */
  parent?: Context;
  /** Names the errors that are answers rather than failures (domain errors): they do not mark the span failed. */
  expected?: (err: unknown) => string | undefined;
}

/** Runs `work` inside a new active span, ended when it settles. */
export const inSpan = async <T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> => {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
  );
  try {
    const result = await context.with(trace.setSpan(parent, span), () => work(span));
    endSpan(span);
    return result;
  } catch (err) {
    endSpan(span, err, options.expected);
    throw err;
  }
};

/** Runs `work` (synchronous) inside a new active span. */
export const inSpanSync = <T>(name: string, options: SpanOptions, work: (span: Span) => T): T => {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
  );
  try {
    const result = context.with(trace.setSpan(parent, span), () => work(span));
    endSpan(span);
    return result;
  } catch (err) {
    endSpan(span, err, options.expected);
    throw err;
  }
};

/** Records an exception on the active span (if any) without ending it: a failure caught where its span is not known. */
export const recordOnActiveSpan = (err: unknown): void => {
  trace.getActiveSpan()?.recordException(err instanceof Error ? err : String(err));
};

/** Runs `work` with `span` active. */
export const withSpan = <T>(span: Span, work: () => T, parent: Context = context.active()): T =>
  context.with(trace.setSpan(parent, span), work);

/** The parent of work that starts a trace of its own whatever context it was scheduled from (a socket frame). */
export const rootContext: Context = ROOT_CONTEXT;
