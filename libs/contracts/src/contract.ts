import type { z } from 'zod';

/** A request/reply subject with the schema of what it takes and what it answers. */
export interface RequestContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
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

export const defineEvent = <P extends z.ZodType>(subject: `${string}.${string}.${string}`, payload: P): EventContract<P> => ({
  kind: 'event',
  subject,
  payload,
});

export type RequestOf<C> = C extends RequestContract<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<C> = C extends RequestContract<z.ZodType, infer Res> ? z.output<Res> : never;
export type EventPayloadOf<C> = C extends EventContract<infer P> ? z.input<P> : never;
