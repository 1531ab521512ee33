import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Carries the request id of whatever work is running so logs and onward bus calls share it. */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';

export const currentRequestId = (): string => requestContext.getStore()?.requestId ?? randomUUID();
