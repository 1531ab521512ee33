import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL (trust auth on 127.0.0.1); override with TEST_DATABASE_URL. */
export const adminDatabaseUrl = (): string =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, uniquely named database for one test file, dropped afterwards. */
export const createTestDatabase = async (prefix = 't'): Promise<TestDatabase> => {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminDatabaseUrl() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
};

/**
 * A pool on a test database for a test's own queries. A test database is dropped WITH (FORCE) when its suite ends, which
 * terminates whatever connection is still open (57P01); a pool without an 'error' listener would turn that into an
 * uncaught error in whichever test the jest worker runs next.
 */
export const testPool = (connectionString: string, max = 2): pg.Pool => {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') throw err;
  });
  return pool;
};
