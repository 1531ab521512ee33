import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Fixed SQL under a name. Run through `PreparedStatements`, each pooled connection parses and plans it once and
 * afterwards only binds values: the hot paths skip both query building and parsing.
 */
export class PreparedStatement<Row extends QueryResultRow> {
  /** Only carries the row type. */
  declare readonly row: Row;

  constructor(
    /** Unique among the statements of one data source (pg refuses one name with two texts). */
    readonly name: string,
    readonly text: string,
  ) {}
}

/**
 * Runs a prepared statement on `on`: a pool (any free connection) or one connection, such as a query runner's when
 * several statements must share it.
 */
export const preparedRows = async <Row extends QueryResultRow>(
  on: Pool | PoolClient,
  statement: PreparedStatement<Row>,
  values: unknown[],
): Promise<Row[]> => (await on.query<Row>({ name: statement.name, text: statement.text, values })).rows;

/** Runs prepared statements on the pg pool underneath a TypeORM Postgres data source, outside any transaction. */
export class PreparedStatements {
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    // the Postgres driver's pool (`master`): TypeORM's own queries go through it too
    const pool = (dataSource.driver as unknown as { master?: Pool }).master;
    if (!pool) throw new Error('Prepared statements need an initialised Postgres data source');
    this.pool = pool;
  }

  rows<Row extends QueryResultRow>(statement: PreparedStatement<Row>, values: unknown[]): Promise<Row[]> {
    return preparedRows(this.pool, statement, values);
  }
}

/** Nest's provider of {@link PreparedStatements} on the service's data source, for a module's `providers`. */
export const preparedStatementsProvider: Provider = {
  provide: PreparedStatements,
  inject: [getDataSourceToken()],
  useFactory: (dataSource: DataSource) => new PreparedStatements(dataSource),
};
