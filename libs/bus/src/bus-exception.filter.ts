import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { ErrorCodes, type DomainErrorPayload } from '@teamchat/contracts';
import { recordOnActiveSpan } from '@teamchat/observability';
import { DomainError } from './domain-error.js';

/** Sends domain errors back over the bus with their code; anything unexpected becomes INTERNAL and is logged. */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('BusExceptionFilter');

  catch(exception: unknown): Observable<never> {
    if (exception instanceof DomainError) return throwError(() => exception.toPayload());
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    // the handler's span (runBusHandler) keeps what really failed; the caller only hears INTERNAL
    recordOnActiveSpan(exception);
    const payload: DomainErrorPayload = { code: ErrorCodes.internal, message: 'Internal error' };
    return throwError(() => payload);
  }
}
