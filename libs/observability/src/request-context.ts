import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Carries the request id of whatever work is running so logs and onward bus calls share it. */
export interface RequestContext {
  requestId: string;
  /** The client's `Idempotency-Key` of the HTTP request being handled (a POST's), passed on with its bus calls. */
  idempotencyKey?: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';

export const currentRequestId = (): string => requestContext.getStore()?.requestId ?? randomUUID();
