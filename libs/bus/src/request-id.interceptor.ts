import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { REQUEST_ID_HEADER, requestContext } from '@teamchat/observability';

interface HeaderBag {
  get(name: string): string | undefined;
}

/** Runs each bus handler inside the caller's request id, and logs failures with it. */
@Injectable()
export class RequestIdInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Bus');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const args = context.switchToRpc().getContext<{ getArgs(): unknown[] }>()?.getArgs?.() ?? [];
    const headers = args[1] as HeaderBag | undefined;
    const requestId = headers?.get?.(REQUEST_ID_HEADER) || randomUUID();
    const subject = String(args[0] ?? 'unknown');
    const started = performance.now();
    return new Observable((subscriber) =>
      requestContext.run({ requestId }, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (err: unknown) => {
            this.logger.debug({ requestId, subject, ms: performance.now() - started, err: (err as Error)?.message ?? err });
            subscriber.error(err);
          },
          complete: () => subscriber.complete(),
        }),
      ),
    );
  }
}
