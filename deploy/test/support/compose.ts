// docker-compose.yml as Docker Compose reads it: YAML merge keys, and `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
// `$$` interpolation from a given environment (empty by default, so the file's own defaults apply).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string };
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] | string };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
  read_only?: boolean;
  init?: boolean;
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export const interpolate = (value: string, env: Record<string, string> = {}): string =>
  value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g,
    (match, name: string | undefined, op?: string, fallback?: string) => {
      if (match === '$$') return '$';
      const v = env[name!];
      if (op === ':-') return v ? v : (fallback ?? '');
      if (op === '-') return v !== undefined ? v : (fallback ?? '');
      return v ?? '';
    },
  );

export const readCompose = (path: string): ComposeFile =>
  parse(readFileSync(path, 'utf8'), { merge: true }) as ComposeFile;

/** A service's environment after interpolation, as strings (Compose passes every value as text). */
export const serviceEnv = (service: ComposeService, env: Record<string, string> = {}): Record<string, string> =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, v === null ? '' : interpolate(String(v), env)]),
  );

/** Seconds of a Compose duration such as `20s`, `1m30s`. */
export const durationSeconds = (d: string): number => {
  let total = 0;
  for (const [, n, unit] of d.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
  }
  return total;
};
