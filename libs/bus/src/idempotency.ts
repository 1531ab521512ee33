// Idempotency keys (IETF draft `idempotency-key-header`): a client's key travels from the gateway to the service
// that handles the request, which answers a repeat of the same request with the first answer instead of doing the
// work again. The ledger that remembers answers lives in the handling service's own schema (service kit).
import { requestContext } from '@teamchat/observability';

/** The bus header carrying the key, as the HTTP header `Idempotency-Key` gave it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** What a key may look like: 1–255 visible ASCII characters (a UUID, a ULID, any client's own scheme). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 visible ASCII characters.';

/** One request under a key: who handles it and what it carries (the caller's actor is inside `data`). */
export interface KeyedRequest {
  subject: string;
  key: string;
  data: unknown;
}

/**
 * Runs a keyed request at most once: the first call runs `handle` and keeps its answer; a repeat with the same
 * request answers that answer (or refuses while the first is still running, or when the key came with another
 * request). A failed first call is forgotten, so its retry runs again.
 */
export interface IdempotencyLedger {
  once(request: KeyedRequest, handle: () => Promise<unknown>): Promise<unknown>;
}

/** The key of the work running now (the HTTP request being handled), if its client sent one. */
export const currentIdempotencyKey = (): string | undefined => requestContext.getStore()?.idempotencyKey;
