import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const API_METADATA = 'teamchat:api';

export interface ApiDescription {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /** Headers a successful answer may carry, with what each means. */
  responseHeaders?: Record<string, string>;
  /** Public routes need no session. */
  public?: boolean;
}

/** Describes a route for the OpenAPI document at /api/docs, with the same zod contracts the route validates with. */
export const Api = (description: ApiDescription) => SetMetadata(API_METADATA, description);
