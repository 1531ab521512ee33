import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { controlCharacterIssue, ErrorCodes, wellFormedText, type ValidationIssue } from '@teamchat/contracts';
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

/**
 * What a client sends (HTTP bodies and queries, socket frames): a control character is refused in every field alike,
 * before the schema and whatever the field's own rules; a lone surrogate becomes U+FFFD (see wellFormedText); then
 * the schema. Bus payloads between services, which may carry text stored before this rule, are parsed with
 * `parseOrThrow` alone.
 */
export const parseClientInput = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const control = controlCharacterIssue(value);
  if (control) throw new DomainError(ErrorCodes.validation, control.message, [control]);
  return parseOrThrow(schema, wellFormedText(value));
};

/** `@Payload(new ZodPipe(Schema))`: validation at the boundary of every handler. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    return parseOrThrow(this.schema, value);
  }
}
