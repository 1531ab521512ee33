// The configuration table of the root README.md, made from the env schema (defaults) and env.docs.ts (meanings), so
// the README never states a default the code does not have. `node scripts/config-table.mjs` writes it.
import { z } from 'zod';
import { ENV_DOCS, type EnvVariable } from './env.docs.js';
import { EnvSchema } from './env.schema.js';

export const CONFIG_TABLE_START =
  '<!-- config-table:start (generated from libs/config/src/env.docs.ts and env.schema.ts by `node scripts/config-table.mjs`: edit those, not this) -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

const INTRO = 'Each variable is shown with its default (`NAME=value`); a name alone has none.';

/** The schema's own default for each variable, as a string (the input side, before any transform). */
const schemaDefaults = (): Partial<Record<EnvVariable, string>> => {
  const json = z.toJSONSchema(EnvSchema, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, { default?: unknown }>;
  };
  const defaults: Partial<Record<EnvVariable, string>> = {};
  for (const name of Object.keys(EnvSchema.shape) as EnvVariable[]) {
    let value = json.properties[name]?.default;
    // a default given after a transform (`bool.default(true)`) has no input-side form: parse nothing to read it
    if (value === undefined) value = EnvSchema.shape[name].safeParse(undefined).data;
    if (value !== undefined) defaults[name] = String(value);
  }
  return defaults;
};

const named = (name: EnvVariable, fromSchema: string | undefined, override: string | undefined): string => {
  if (override !== undefined) return `\`${name}\` (default ${override})`;
  if (fromSchema === undefined) return `\`${name}\``;
  if (fromSchema === '') return `\`${name}\` (empty)`;
  return `\`${name}=${fromSchema}\``;
};

/** Every schema variable that no entry of ENV_DOCS names, and every name documented twice. */
export const undocumentedVariables = (): { missing: string[]; repeated: string[] } => {
  const seen = ENV_DOCS.flatMap((doc) => doc.variables);
  return {
    missing: Object.keys(EnvSchema.shape).filter((name) => !seen.includes(name as EnvVariable)),
    repeated: seen.filter((name, i) => seen.indexOf(name) !== i),
  };
};

/** The markdown between the markers (markers included). */
export const renderConfigTable = (): string => {
  const defaults = schemaDefaults();
  const lines = ENV_DOCS.map(
    (doc) =>
      `- ${doc.variables.map((name) => named(name, defaults[name], doc.defaults?.[name])).join(', ')}: ${doc.meaning}`,
  );
  return [CONFIG_TABLE_START, '', INTRO, '', ...lines, '', CONFIG_TABLE_END].join('\n');
};

/** README text with the generated table put between its markers; throws when the markers are missing. */
export const spliceConfigTable = (readme: string, table: string): string => {
  const start = readme.indexOf('<!-- config-table:start');
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${CONFIG_TABLE_END} block to fill`);
  return readme.slice(0, start) + table + readme.slice(end + CONFIG_TABLE_END.length);
};
