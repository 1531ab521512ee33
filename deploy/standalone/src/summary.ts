import type { Env } from '@teamchat/config';

export interface SummaryFacts {
  env: Env;
  url: string;
  metricsUrl?: string;
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** How long the start took. */
  ms: number;
}

/** Where DATABASE_URL points, without its user or password. */
const databaseOf = (databaseUrl: string): string => {
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.host}${url.pathname} (DATABASE_URL)`;
  } catch {
    return 'PostgreSQL at DATABASE_URL';
  }
};

/**
 * What `npm start` prints once the product answers: the address first, then where its data lives, how it runs and
 * where to look next. A few lines a newcomer reads at a glance; the same facts are in the `started` log line.
 */
export const startupSummary = ({ env, url, metricsUrl, dataDir, ms }: SummaryFacts): string => {
  const rows: [string, string][] = [
    ['Data directory', dataDir],
    [
      'Database',
      env.DATABASE_URL ? databaseOf(env.DATABASE_URL) : `embedded PostgreSQL on port ${env.EMBEDDED_PG_PORT}`,
    ],
    [
      'Mode',
      `standalone (the whole product in one process), ${env.NODE_ENV}${env.REDIS_URL ? ', fan-out through Redis' : ''}`,
    ],
  ];
  if (metricsUrl) rows.push(['Metrics', `${metricsUrl}/metrics`]);
  rows.push([
    'Logs',
    `${env.LOG_LEVEL} and above${env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? ', a line per request' : '; LOG_LEVEL=debug adds a line per request'}`,
  ]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    `Team chat is running at ${url} (started in ${ms} ms)`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    '',
    'Stop it with Ctrl-C.',
    '',
    '',
  ].join('\n');
};
