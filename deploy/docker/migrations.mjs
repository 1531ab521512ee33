// Runs every service's committed migrations once, ahead of a rollout (the Kubernetes Job, the compose `migrate`
// service), and lets replicas wait until their schema is current (the Deployments' init container), so migrations
// never run concurrently from every replica.
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate } from '@teamchat/database';
import { SERVICES } from './processes.mjs';

/**
 * The committed migration classes of one service, from its built `migrations/index.js` (whose only export is the
 * ordered list).
 * @param {string} service
 * @returns {Promise<Function[]>}
 */
export const loadBuiltMigrations = async (service) => {
  const mod = await import(new URL(`../../services/${service}/dist/migrations/index.js`, import.meta.url).href);
  const list = Object.values(mod).find(Array.isArray);
  if (!list) throw new Error(`services/${service}/dist/migrations/index.js exports no migration list`);
  return list;
};

/**
 * @typedef {{ databaseUrl: string, services?: string[], load?: (service: string) => Promise<Function[]>,
 *   log?: (line: string) => void }} MigrationOptions
 */

/**
 * Two connections: `migrate` holds its advisory lock on one while TypeORM migrates on the other.
 * @param {string} url @param {string} service @param {Function[]} migrations
 */
const openDataSource = (url, service, migrations) =>
  new DataSource(dataSourceOptions({ schema: service, url, entities: [], migrations, poolSize: 2 })).initialize();

/**
 * Migrates every service's schema (under the same advisory lock the services take when they migrate themselves).
 * @param {MigrationOptions} options
 * @returns {Promise<Record<string, string[]>>} the migrations applied now, per service
 */
export const runAllMigrations = async ({
  databaseUrl,
  services = SERVICES,
  load = loadBuiltMigrations,
  log = () => {},
}) => {
  /** @type {Record<string, string[]>} */
  const applied = {};
  for (const service of services) {
    const ds = await openDataSource(databaseUrl, service, await load(service));
    try {
      const before = new Set(await executedNames(ds, service));
      await migrate(ds, service);
      applied[service] = (await executedNames(ds, service)).filter((name) => !before.has(name));
      log(`${service}: ${applied[service].length ? `applied ${applied[service].join(', ')}` : 'up to date'}`);
    } finally {
      await ds.destroy();
    }
  }
  return applied;
};

/** @param {DataSource} ds @param {string} schema @returns {Promise<string[]>} */
const executedNames = async (ds, schema) => {
  const [{ exists }] = await ds.query('SELECT to_regclass($1) IS NOT NULL AS exists', [`"${schema}"."migrations"`]);
  if (!exists) return [];
  const rows = await ds.query(`SELECT name FROM "${schema}"."migrations" ORDER BY id`);
  return rows.map((/** @type {{ name: string }} */ r) => r.name);
};

/** @param {object} m */
const migrationName = (m) => /** @type {{ name?: string }} */ (m).name ?? m.constructor.name;

/**
 * Names of the service's committed migrations that its schema does not record yet (read-only: creates nothing).
 * @param {{ databaseUrl: string, service: string, load?: MigrationOptions['load'] }} options
 * @returns {Promise<string[]>}
 */
export const pendingMigrations = async ({ databaseUrl, service, load = loadBuiltMigrations }) => {
  const ds = await openDataSource(databaseUrl, service, await load(service));
  try {
    const done = new Set(await executedNames(ds, service));
    return ds.migrations.map(migrationName).filter((name) => !done.has(name));
  } finally {
    await ds.destroy();
  }
};

/**
 * Resolves once the service's schema has every committed migration; rejects after `timeoutMs`.
 * @param {{ databaseUrl: string, service: string, load?: MigrationOptions['load'], timeoutMs?: number,
 *   intervalMs?: number, log?: (line: string) => void }} options
 */
export const waitForMigrations = async ({ timeoutMs = 600_000, intervalMs = 2000, log = () => {}, ...options }) => {
  const deadline = Date.now() + timeoutMs;
  let lastReason = '';
  for (;;) {
    try {
      const pending = await pendingMigrations(options);
      if (pending.length === 0) return;
      lastReason = `waiting for ${pending.join(', ')}`;
    } catch (err) {
      lastReason = err instanceof Error ? err.message : String(err);
    }
    log(`${options.service}: ${lastReason}`);
    if (Date.now() + intervalMs > deadline) {
      throw new Error(`${options.service} migrations not applied after ${timeoutMs} ms (${lastReason})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
