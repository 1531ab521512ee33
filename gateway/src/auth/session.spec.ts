import pg from 'pg';
import { createTestDatabase, type TestDatabase, testPool } from '@teamchat/testing';
import { ClusterSignals } from '../cluster/cluster-signals.js';
import { createSessionKit, ensureSessionTable } from './session.js';

describe(createSessionKit.name, () => {
  let db: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase('session');
    pool = testPool(db.url, 1);
    await ensureSessionTable(pool);
  });
  afterAll(async () => {
    await pool.end().catch(() => undefined);
    await db.drop();
  });

  describe('close', () => {
    it('stops the pruning of expired sessions, so nothing runs on the pool once it has ended', async () => {
      const kit = createSessionKit(pool, new ClusterSignals(null, ''), {
        secret: 'session-spec-secret-that-is-long-enough',
        maxAgeSeconds: 60,
        touchIntervalSeconds: 300,
      });
      const stored = { cookie: { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) }, userId: 'u1' };
      // storing a session schedules the next pruning
      await new Promise<void>((resolve, reject) =>
        kit.store.set('sid-1', stored as never, (err) => (err ? reject(err) : resolve())),
      );
      // the Postgres store behind the in-memory one holds the timer
      const pruning = () => (kit.store as unknown as { backing: { pruneTimer?: NodeJS.Timeout } }).backing.pruneTimer;
      expect(pruning()).toBeDefined();
      await kit.close();
      expect(pruning()).toBeUndefined();
    });
  });
});
