import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { PreparedStatement, preparedRows } from '@teamchat/database';

/** `:name` in a statement's text, but not a `::type` cast. */
const PARAMETER = /(?<![:\w]):([A-Za-z_]\w*)/g;

/**
 * A statement of the store under a unique name, written with named parameters (`:channelId`). The names are compiled
 * once into pg's positional `$n` (each name one position, however often it appears), so no statement numbers its
 * parameters by hand and a call passes an object, not an array whose order must match the text.
 */
export class NamedStatement<Params extends Record<string, unknown>, Row extends QueryResultRow> {
  /** Only carries the types. */
  declare readonly params: Params;
  declare readonly row: Row;
  /** The parameter names, in the order of their positions. */
  readonly names: (keyof Params & string)[];
  readonly prepared: PreparedStatement<Row>;

  constructor(
    readonly name: string,
    readonly source: string,
  ) {
    const names: string[] = [];
    const text = source.replace(PARAMETER, (_, key: string) => {
      if (!names.includes(key)) names.push(key);
      return `$${names.indexOf(key) + 1}`;
    });
    this.names = names as (keyof Params & string)[];
    this.prepared = new PreparedStatement<Row>(name, text);
    if (STATEMENTS.has(name)) throw new Error(`Two statements are named ${name}`);
    STATEMENTS.set(name, this);
  }

  get text(): string {
    return this.prepared.text;
  }

  /** The positional values of `params`; a missing parameter is a programming error, not a null. */
  values(params: Params): unknown[] {
    return this.names.map((key) => {
      if (!(key in params)) throw new Error(`${this.name}: parameter ${key} is missing`);
      return params[key];
    });
  }
}

/** Any statement, as the snapshot lists them. */
export interface AnyStatement {
  readonly name: string;
  readonly text: string;
  readonly names: string[];
}

/** Declares a statement: `statement<{ id: string }, Row>('chat.message.x', 'SELECT … WHERE "id" = :id')`. */
export const statement = <Params extends Record<string, unknown>, Row extends QueryResultRow>(
  name: string,
  text: string,
): NamedStatement<Params, Row> => new NamedStatement<Params, Row>(name, text);

/** Every statement declared so far, by name (the queries.sql snapshot reads them). */
const STATEMENTS = new Map<string, AnyStatement>();
export const declaredStatements = (): AnyStatement[] => [...STATEMENTS.values()];

/**
 * Runs named statements on a pool (any free connection, prepared once per connection) or on one connection, such
 * as a transaction's.
 */
export class StatementRunner {
  constructor(private readonly on: Pool | PoolClient) {}

  rows<P extends Record<string, unknown>, R extends QueryResultRow>(s: NamedStatement<P, R>, params: P): Promise<R[]> {
    return preparedRows(this.on, s.prepared, s.values(params));
  }
}
