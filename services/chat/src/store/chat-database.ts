import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import { PreparedStatements } from '@teamchat/database';
import { StatementRunner, type NamedStatement } from './named-statement.js';

/** Runs the store's named statements: outside a transaction on any pooled connection, or in one transaction. */
@Injectable()
export class ChatDatabase {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statements: PreparedStatements,
  ) {}

  /** One statement on any free connection, prepared once per connection. */
  rows<P extends Record<string, unknown>, R extends QueryResultRow>(s: NamedStatement<P, R>, params: P): Promise<R[]> {
    return this.statements.rows(s.prepared, s.values(params));
  }

  /** `work` on one connection inside one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: StatementRunner) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    const connection = (await runner.connect()) as PoolClient;
    try {
      await runner.startTransaction();
      try {
        const result = await work(new StatementRunner(connection));
        await runner.commitTransaction();
        return result;
      } catch (err) {
        await runner.rollbackTransaction();
        throw err;
      }
    } finally {
      await runner.release();
    }
  }
}
