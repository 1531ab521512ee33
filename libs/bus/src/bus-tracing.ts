// Trace context across the bus: the caller's span travels in the message headers (`traceparent`, `tracestate`, over
// NATS and in process alike), and the handling side continues it, so a trace runs gateway → bus → service → Postgres.
import { extractTraceContext, injectTraceContext, SpanKind, type SpanOptions } from '@teamchat/observability';
import { ErrorCodes } from '@teamchat/contracts';
import { DomainError, isDomainErrorPayload } from './domain-error.js';

/** Domain errors are answers (404, 409 …), not failures of the bus or the handler: they only annotate the span. */
export const domainErrorCode = (err: unknown): string | undefined =>
  err instanceof DomainError ? err.code : isDomainErrorPayload(err) ? err.code : undefined;

const attributes = (subject: string, operation: 'send' | 'process', group?: string) => ({
  'messaging.system': 'nats',
  'messaging.destination.name': subject,
  'messaging.operation.type': operation,
  ...(group ? { 'messaging.consumer.group.name': group } : {}),
});

/**
 * What a handler's failure was, for its span: a domain error's code is an answer and only annotates it; INTERNAL —
 * what the exception filter makes of anything unexpected — marks it failed.
 */
const answeredWith = (err: unknown): string | undefined => {
  const code = domainErrorCode(err);
  return code === ErrorCodes.internal ? undefined : code;
};

/** The caller's span of a request (CLIENT: it awaits the reply) or an event (PRODUCER). */
export const sendSpan = (subject: string, event: boolean): [string, SpanOptions] => [
  `send ${subject}`,
  {
    kind: event ? SpanKind.PRODUCER : SpanKind.CLIENT,
    attributes: attributes(subject, 'send'),
    expected: domainErrorCode,
  },
];

/** Trace headers of the active span, to add to a message's headers. */
export const traceHeaders = (): Record<string, string> => {
  const headers: Record<string, string> = {};
  injectTraceContext((name, value) => (headers[name] = value));
  return headers;
};

interface HeaderBag {
  get(name: string): string | undefined;
}

/** The handling side's span (SERVER for a request, CONSUMER for an event), child of the span the headers carry. */
export const processSpan = (
  subject: string,
  event: boolean,
  headers: HeaderBag | undefined,
  group?: string,
): [string, SpanOptions] => [
  `process ${subject}`,
  {
    kind: event ? SpanKind.CONSUMER : SpanKind.SERVER,
    attributes: attributes(subject, 'process', group),
    parent: extractTraceContext((name) => headers?.get?.(name)),
    expected: answeredWith,
  },
];
