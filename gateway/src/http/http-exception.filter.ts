import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCodes, type HttpErrorBody } from '@teamchat/contracts';
import { DomainError } from '@teamchat/bus';
import { httpStatusFor } from './status-map.js';

const BUS_UNAVAILABLE_MESSAGE = 'Service unavailable';

/** What a body body-parser refused is answered with, by the error's `type`. */
const BODY_ERRORS: Partial<Record<string, string>> = {
  'entity.too.large': 'Request body too large',
  'entity.parse.failed': 'Malformed JSON body',
  'encoding.unsupported': 'Unsupported Content-Encoding',
};

/**
 * The status and message a body body-parser refused is answered with, or undefined for any other failure. Its errors
 * come wrapped by Nest inside a route (the original kept as `cause`) and as they are from the middleware before Nest's
 * routing, so both answer alike: each has a 4xx `status` and a `type` (malformed JSON, too large, a bad charset or Content-Encoding),
 * except a body that does not decompress, which is zlib's own error (with its `errno`) given a 400.
 */
const bodyRefusal = (exception: unknown): [status: number, error: string] | undefined => {
  const err = ((exception as { cause?: unknown } | null)?.cause ?? exception) as {
    status?: unknown;
    type?: unknown;
    errno?: unknown;
  } | null;
  if (typeof err?.status !== 'number' || err.status >= 500) return undefined;
  if (typeof err.type === 'string') return [err.status, BODY_ERRORS[err.type] ?? 'Bad request body'];
  if (err.status === 400 && typeof err.errno === 'number') return [400, 'Request body could not be decompressed'];
  return undefined;
};

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
    const refused = bodyRefusal(exception);
    if (refused) return [refused[0], { error: refused[1], code: ErrorCodes.validation }];
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
