import { Body, Query, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseClientInput } from '@teamchat/bus';

class ZodHttpPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    return parseClientInput(this.schema, value ?? {});
  }
}

/** The request body parsed with a shared contract schema; the first issue's message is the error text. */
export const ZodBody = (schema: z.ZodType): ParameterDecorator => Body(new ZodHttpPipe(schema));
/** The query string parsed with a shared contract schema. */
export const ZodQuery = (schema: z.ZodType): ParameterDecorator => Query(new ZodHttpPipe(schema));
