import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { MessageHandler } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { endSpan, REQUEST_ID_HEADER, requestContext, tracer, withSpan } from '@teamchat/observability';
import { processSpan } from './bus-tracing.js';
import { IDEMPOTENCY_KEY_HEADER, type IdempotencyLedger } from './idempotency.js';
import type { TenantLimits } from './tenant-limits.js';

interface HeaderBag {
  get(name: string): string | undefined;
}

/** One bus message for a handler: its subject as the handler declares it (no namespace), and what came with it. */
export interface HandledMessage {
  subject: string;
  event: boolean;
  headers: HeaderBag | undefined;
  /** The handling service (its queue group), named on the span. */
  group?: string;
  /** What the handling service applies to requests (not events) besides the handler. */
  policies?: RequestPolicies;
}

/** A service's policies for requests: each tenant's share (tenant-limits.ts), then keyed requests once (idempotency.ts). */
export interface RequestPolicies {
  limits?: TenantLimits;
  ledger?: IdempotencyLedger;
}

/** A service's own transport, which applies the service's request policies once it is given them. */
export interface PolicedServer {
  useRequestPolicies(policies: RequestPolicies): void;
}

const logger = new Logger('Bus');

/** What a Nest handler answered — a value, a promise or an Observable (its last value) — as one promise. */
export const answerOf = async (handler: MessageHandler, data: unknown, context: unknown): Promise<unknown> => {
  const result: unknown = await handler(data, context);
  return isObservable(result) ? lastValueFrom(result, { defaultValue: undefined }) : result;
};

/**
 * Runs a service's bus handler — Nest's handler with its pipes and exception filter — inside the caller's request id
 * (its header, or a new one) and trace (a span per message, child of the `traceparent` it carries), and settles with
 * the handler's answer: its value, or what it failed with (the filter's error payload). A failure is logged at debug
 * level with the request id. The transports call it for every request and event, instead of a global Nest
 * interceptor: an interceptor turns each call into an RxJS pipeline, and Nest's server wraps the answer in two more
 * before it sends one reply — together about a tenth of a service's CPU under load.
 */
export const runBusHandler = (
  handler: MessageHandler,
  data: unknown,
  context: unknown,
  message: HandledMessage,
): Promise<unknown> => {
  const { subject, event, headers, group } = message;
  const { limits, ledger } = (!event && message.policies) || {};
  const key = ledger ? headers?.get?.(IDEMPOTENCY_KEY_HEADER) || undefined : undefined;
  // the tenant's turn first: a request waiting for it holds no pooled connection, not even the ledger's
  const answer = () =>
    key && ledger
      ? ledger.once({ subject, key, data }, () => answerOf(handler, data, context))
      : answerOf(handler, data, context);
  const requestId = headers?.get?.(REQUEST_ID_HEADER) || randomUUID();
  const [name, options] = processSpan(subject, event, headers, group);
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, options.parent);
  const started = performance.now();
  // the failure's log line inside the span and request id, like every line the handler writes
  return withSpan(
    span,
    () =>
      requestContext.run({ requestId }, async () => {
        try {
          const value = await (limits ? limits.run(data, answer) : answer());
          endSpan(span);
          return value;
        } catch (err) {
          logger.debug({ requestId, subject, ms: performance.now() - started, err: (err as Error)?.message ?? err });
          const code = options.expected?.(err);
          // the filter's payload of an unexpected failure, recorded as an exception with its message
          const failure =
            code || err instanceof Error ? err : new Error(String((err as { message?: unknown })?.message ?? err));
          endSpan(span, failure, () => code);
          throw err;
        }
      }),
    options.parent,
  );
};
