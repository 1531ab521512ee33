import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { endSpan, REQUEST_ID_HEADER, requestContext, tracer, withSpan } from '@teamchat/observability';
import { processSpan } from './bus-tracing.js';

interface HeaderBag {
  get(name: string): string | undefined;
}

// Nest's metadata of @MessagePattern/@EventPattern handlers (@nestjs/microservices constants)
const PATTERN_METADATA = 'microservices:pattern';
const PATTERN_HANDLER_METADATA = 'microservices:handler_type';
const EVENT_HANDLER = 2;

/** Runs each bus handler inside the caller's request id and trace (a span per message), and logs failures with it. */
@Injectable()
export class RequestIdInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Bus');

  /** @param group the handling service (its queue group), named on its spans */
  constructor(private readonly group?: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const args = context.switchToRpc().getContext<{ getArgs(): unknown[] }>()?.getArgs?.() ?? [];
    const headers = args[1] as HeaderBag | undefined;
    const requestId = headers?.get?.(REQUEST_ID_HEADER) || randomUUID();
    const subject = String(args[0] ?? 'unknown');
    const started = performance.now();
    const handler = context.getHandler();
    // the subject as the handler declares it (over NATS args[0] carries the namespace prefix)
    const pattern = (Reflect.getMetadata(PATTERN_METADATA, handler) as unknown[] | undefined)?.[0];
    const event = Reflect.getMetadata(PATTERN_HANDLER_METADATA, handler) === EVENT_HANDLER;
    const [name, options] = processSpan(typeof pattern === 'string' ? pattern : subject, event, headers, this.group);
    return new Observable((subscriber) => {
      const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, options.parent);
      return withSpan(
        span,
        () =>
          requestContext.run({ requestId }, () =>
            next.handle().subscribe({
              next: (value) => subscriber.next(value),
              error: (err: unknown) => {
                this.logger.debug({
                  requestId,
                  subject,
                  ms: performance.now() - started,
                  err: (err as Error)?.message ?? err,
                });
                endSpan(span, err, options.expected);
                subscriber.error(err);
              },
              complete: () => {
                endSpan(span);
                subscriber.complete();
              },
            }),
          ),
        options.parent,
      );
    });
  }
}
