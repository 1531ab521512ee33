import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorCodes, type ValidationIssue } from '@teamchat/contracts';
import { DomainError } from './domain-error.js';

export const toIssues = (error: z.ZodError): ValidationIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** Parses with a shared zod schema; the first issue's message (the spec's text) becomes the error message. */
export const parseOrThrow = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error);
  throw new DomainError(ErrorCodes.validation, issues[0]?.message ?? 'Invalid request', issues);
};

/** `@Payload(new ZodPipe(Schema))`: validation at the boundary of every handler. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    return parseOrThrow(this.schema, value);
  }
}
