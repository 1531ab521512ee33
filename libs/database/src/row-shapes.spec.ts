import { createRequire } from 'node:module';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing';
import { shareRowShapes } from './row-shapes.js';

const require = createRequire(import.meta.url);

describe('rows of one shape built from one shared empty row', () => {
  let db: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    shareRowShapes();
    db = await createTestDatabase('rowshapes');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('is installed once on pg’s Result, whichever way pg is loaded', () => {
    const Result = require('pg/lib/result.js') as { prototype: { sharesRowShapes?: true; addFields: unknown } };
    const before = Result.prototype.addFields;
    shareRowShapes();
    expect(Result.prototype.sharesRowShapes).toBe(true);
    expect(Result.prototype.addFields).toBe(before);
  });

  it('gives every row its own object, with the columns and values of its own result', async () => {
    const first = await client.query(`SELECT $1::int AS n, $2::text AS label`, [1, 'one']);
    const second = await client.query(`SELECT $1::int AS n, $2::text AS label`, [2, 'two']);
    expect(first.rows).toEqual([{ n: 1, label: 'one' }]);
    expect(second.rows).toEqual([{ n: 2, label: 'two' }]);
    // the results are those of the Result class the patch is on
    expect((Object.getPrototypeOf(first) as { sharesRowShapes?: true }).sharesRowShapes).toBe(true);
    const prebuilt = (r: object) => (r as { _prebuiltEmptyResultObject: object })._prebuiltEmptyResultObject;
    expect(prebuilt(second)).toBe(prebuilt(first));
    // a caller changing a row changes nothing else, now or later
    first.rows[0].n = 99;
    first.rows[0].extra = true;
    expect(second.rows[0]).toEqual({ n: 2, label: 'two' });
    const third = await client.query(`SELECT 3 AS n, 'three' AS label`);
    expect(third.rows).toEqual([{ n: 3, label: 'three' }]);
    // other names, other shapes; nulls stay null
    const other = await client.query(`SELECT 1 AS a, NULL::text AS b UNION ALL SELECT 2, 'x'`);
    expect(other.rows).toEqual([
      { a: 1, b: null },
      { a: 2, b: 'x' },
    ]);
    expect(Object.keys(other.rows[0])).toEqual(['a', 'b']);
  });

  it('looks the type parsers up for every result, so a parser set later applies to a shape seen before', async () => {
    const int8 = `SELECT 9007199254740993::int8 AS big`;
    expect((await client.query(int8)).rows).toEqual([{ big: '9007199254740993' }]);
    client.setTypeParser(20, (value: string) => BigInt(value));
    expect((await client.query(int8)).rows).toEqual([{ big: 9007199254740993n }]);
  });

  it('takes the last row description of a query of several statements, as pg does', async () => {
    const results = (await client.query(`SELECT 1 AS a; SELECT 'b' AS b, 2 AS c`)) as unknown as pg.QueryResult[];
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 'b', c: 2 }]]);
  });
});
