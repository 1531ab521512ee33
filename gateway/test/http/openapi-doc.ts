// The parts of the gateway's OpenAPI document (GET /api/docs/openapi.json) that the table-driven route suites read.

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethodName = (typeof HTTP_METHODS)[number];

export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  $ref?: string;
}

export interface Operation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDoc {
  paths: Record<string, Partial<Record<HttpMethodName, Operation>>>;
  components?: { schemas?: Record<string, Schema> };
}

/** The schema itself, or the component a `$ref` names. */
export const resolveSchema = (doc: OpenApiDoc, schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
