import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing';
import { openDataSource } from './data-source.js';
import { PreparedStatement, PreparedStatements } from './prepared-statements.js';

const ECHO = new PreparedStatement<{ n: number; at: Date }>('test.echo', `SELECT $1::int AS n, $2::timestamptz AS at`);

describe(PreparedStatements.name, () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('prepared');
    // one connection, so the statements it holds can be looked at
    ds = await openDataSource({
      schema: 'prepared',
      url: db.url,
      entities: [],
      migrations: [],
      poolSize: 1,
      migrationsRun: false,
    });
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('runs a statement by name, parsed once per connection, with the usual type parsing', async () => {
    const statements = new PreparedStatements(ds);
    const at = new Date('2024-05-01T10:00:00.123Z');
    expect(await statements.rows(ECHO, [1, at])).toEqual([{ n: 1, at }]);
    expect(await statements.rows(ECHO, [2, at])).toEqual([{ n: 2, at }]);
    const held = (await ds.query(`SELECT name, statement FROM pg_prepared_statements`)) as { name: string }[];
    expect(held).toEqual([{ name: 'test.echo', statement: ECHO.text }]);
  });

  it('needs an initialised Postgres data source', () => {
    expect(() => new PreparedStatements(new DataSource({ type: 'postgres', url: db.url }))).toThrow(
      'Prepared statements need an initialised Postgres data source',
    );
  });
});
