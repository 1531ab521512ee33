import type { z } from 'zod';

/** A request/reply subject with the schema of what it takes and what it answers. */
export interface RequestContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
  /**
   * The request writes to the content of the actor's current workspace (see `workspaceWrite`): while that workspace
   * is read-only it is refused with BILLING.WORKSPACE_READ_ONLY before its handler runs. A test of the request, not
   * yet validated, for a contract that writes only sometimes (an upload for a message, not for a profile image).
   */
  readonly workspaceWrite?: true | ((request: Record<string, unknown>) => boolean);
}

/** An event subject (past tense) with the schema of its payload. */
export interface EventContract<P extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: string;
  readonly payload: P;
}

export const defineRequest = <Req extends z.ZodType, Res extends z.ZodType>(
  subject: `${string}.${string}.${string}`,
  request: Req,
  response: Res,
): RequestContract<Req, Res> => ({ kind: 'request', subject, request, response });

/**
 * Marks a request as a write to workspace content, refused while the workspace is read-only (an unpaid trial's end, a
 * lapsed subscription). Reads, the reader's own state (read marks, notification settings), the account and profile,
 * billing and membership administration are not marked: a read-only workspace can still be read and paid for.
 */
export const workspaceWrite = <C extends RequestContract>(
  contract: C,
  when?: (request: Record<string, unknown>) => boolean,
): C => ({ ...contract, workspaceWrite: when ?? true });

export const defineEvent = <P extends z.ZodType>(
  subject: `${string}.${string}.${string}`,
  payload: P,
): EventContract<P> => ({
  kind: 'event',
  subject,
  payload,
});

export type RequestOf<C> = C extends RequestContract<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<C> = C extends RequestContract<z.ZodType, infer Res> ? z.output<Res> : never;
export type EventPayloadOf<C> = C extends EventContract<infer P> ? z.input<P> : never;
