import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCodes, type HttpErrorBody } from '@teamchat/contracts';
import { DomainError } from '@teamchat/bus';
import { httpStatusFor } from './status-map.js';

const BUS_UNAVAILABLE_MESSAGE = 'Service unavailable';

/** Maps every failure to `{ error, code, issues? }`: domain codes by table, framework errors by status, never a stack. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const [status, body] = this.describe(exception);
    if (status >= 500 && status !== 503)
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    res.status(status).json(body);
  }

  private describe(exception: unknown): [number, HttpErrorBody | Record<string, unknown>] {
    if (exception instanceof DomainError) {
      const status = httpStatusFor(exception.code);
      const error = exception.code === ErrorCodes.busUnavailable ? BUS_UNAVAILABLE_MESSAGE : exception.message;
      return [
        status,
        exception.issues ? { error, code: exception.code, issues: exception.issues } : { error, code: exception.code },
      ];
    }
    // body-parser errors (Nest wraps them, keeping the original as `cause`): malformed JSON, too large, bad charset
    const parserError = ((exception as { cause?: unknown })?.cause ?? exception) as { status?: number; type?: string };
    if (typeof parserError?.type === 'string' && typeof parserError.status === 'number' && parserError.status < 500) {
      const error =
        parserError.type === 'entity.too.large'
          ? 'Request body too large'
          : parserError.type === 'entity.parse.failed'
            ? 'Malformed JSON body'
            : 'Bad request body';
      return [parserError.status, { error, code: ErrorCodes.validation }];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const own =
        typeof response === 'object' && response !== null && 'code' in response
          ? (response as HttpErrorBody)
          : undefined;
      if (own) return [status, own];
      // terminus' readiness report (`{ status, info, error, details }`) is the body load balancers and operators read
      if (typeof response === 'object' && response !== null && 'details' in response)
        return [status, response as Record<string, unknown>];
      return [
        status,
        {
          error: status === 404 ? 'Not found' : exception.message,
          code: status === 404 ? ErrorCodes.notFound : ErrorCodes.validation,
        },
      ];
    }
    return [500, { error: 'Internal error', code: ErrorCodes.internal }];
  }
}
