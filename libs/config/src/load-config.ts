import { EnvSchema, siteProblems, type Env } from './env.schema.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

export interface ConfigOptions {
  /** The process serves the site (gateway, standalone): `siteProblems` apply too. */
  servesSite?: boolean;
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export const parseEnv = (
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<keyof Env, string>> = {},
  options: ConfigOptions = {},
): Env => {
  const input: Record<string, string | undefined> = { ...env, ...overrides };
  for (const key of Object.keys(input)) if (input[key] === '') delete input[key];
  const result = EnvSchema.safeParse(input);
  if (!result.success) throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  const problems = options.servesSite ? siteProblems(result.data) : [];
  if (problems.length > 0) throw new ConfigError(problems);
  return result.data;
};

/** For entry points: on bad env print the reason and exit non-zero (78) instead of starting half-configured. */
export const loadConfigOrExit = (
  overrides: Partial<Record<keyof Env, string>> = {},
  options: ConfigOptions = {},
): Env => {
  try {
    return parseEnv(process.env, overrides, options);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
};
