import { DrizzleQueryError, fillPlaceholders, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './database';
import { type NamedStatementRunner, runNamedStatement } from './pglite-named-statements';

/** A hot statement written in SQL, with `sql.placeholder` for its values. */
export interface NamedStatement {
  /** Runs it on `db` (the root handle or a transaction's) and gives the rows as the database returns them. */
  run(db: Db<Record<string, unknown>>, values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
  /**
   * Sends it on one PostgreSQL connection, as `run` would: on a pipelined one, several statements
   * go out together without waiting for each other's answers (`GroupCommits`).
   */
  send(client: pg.ClientBase, values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}

/**
 * Compiles `statement` once and runs it as a named prepared statement. For a statement on every
 * request's path: building a long query costs more CPU than running it, and a named statement is
 * parsed and planned once per connection (on PGlite, once per instance, through the runner its
 * handles carry) rather than on every call. Rows come back raw: snake_case columns, and the
 * driver's values. Name the columns it returns (`prefixedColumns`) rather than `*`: PostgreSQL
 * refuses to run a prepared statement whose result changed shape, as it would once a migration
 * adds a column while an instance runs.
 */
export function namedStatement(name: string, statement: SQL): NamedStatement {
  const query = new PgDialect().sqlToQuery(statement);
  // What drizzle's node-postgres driver sends for a named query, made once rather than per call
  // (its prepared query is a new object with new type-parser closures each time, run in tracing spans).
  const pgQuery: pg.QueryConfig = { name, text: query.sql, types: drizzleTextTypes };
  async function send(client: pg.Pool | pg.ClientBase, values: Record<string, unknown>) {
    const params = fillPlaceholders(query.params, values);
    try {
      return (await client.query<Record<string, unknown>>(pgQuery, params)).rows;
    } catch (error) {
      // As drizzle's driver throws it: the driver's error is the cause.
      throw new DrizzleQueryError(query.sql, params, error as Error);
    }
  }
  return {
    async run(db, values) {
      const client = sessionClient(db);
      const runner = client?.[runNamedStatement];
      if (runner) return runner(name, query.sql, fillPlaceholders(query.params, values));
      if (client instanceof pg.Pool || client instanceof pg.Client) return send(client, values);
      // openDatabase gives only these two kinds of handle.
      throw new Error(`named statement ${name}: not a handle of openDatabase (a PostgreSQL pool or client, or PGlite with its runner)`);
    },
    send,
  };
}

const { builtins } = pg.types;
// The types drizzle's node-postgres driver reads as text and converts itself (dates, times,
// intervals, and arrays of them: 1115, 1182, 1185, 1187, 1231), as its own queries read them.
const DRIZZLE_TEXT_TYPES: ReadonlySet<number> = new Set([builtins.TIMESTAMP, builtins.TIMESTAMPTZ, builtins.DATE, builtins.INTERVAL, 1231, 1115, 1185, 1187, 1182]);
const asDriverText = (value: string) => value;
const drizzleTextTypes: pg.CustomTypesConfig = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    DRIZZLE_TEXT_TYPES.has(typeId) ? asDriverText : pg.types.getTypeParser(typeId, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** The driver's client under a handle: a pool, a pooled client (a transaction's), or PGlite with its runner. */
export function sessionClient(db: Db<Record<string, unknown>>): { [runNamedStatement]?: NamedStatementRunner } | undefined {
  return (db._.session as unknown as { client?: { [runNamedStatement]?: NamedStatementRunner } }).client;
}

/** Whether `db` (a root handle or a transaction's) is on the embedded database, PGlite. */
export function runsEmbedded(db: Db<Record<string, unknown>>): boolean {
  return sessionClient(db)?.[runNamedStatement] !== undefined;
}

/**
 * A drizzle query built once per database handle (the root one, or a transaction's) instead of on
 * every call: `build` ends in `.prepare(name)` with `sql.placeholder` for its values. Building a
 * query is most of the CPU a short one costs on the embedded database.
 */
export function preparedPerHandle<TDb extends object, TPrepared>(build: (db: TDb) => TPrepared): (db: TDb) => TPrepared {
  const built = new WeakMap<TDb, TPrepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) built.set(db, (prepared = build(db)));
    return prepared;
  };
}

/**
 * The select list of `table`'s columns as they come out of `relation` (a CTE or alias), each
 * renamed `${prefix}${column}`: several tables' rows in one result row, for `rawRowReader`.
 * Names come from the schema, never from input.
 */
export function prefixedColumns(table: Table, relation: string, prefix: string): SQL {
  return sql.raw(
    Object.values(getTableColumns(table))
      .map((column) => `"${relation}"."${column.name}" as "${prefix}${column.name}"`)
      .join(', '),
  );
}

/**
 * Reads `table`'s row out of a raw statement row (as `NamedStatement.run` gives it), from the
 * columns named `${prefix}${column}`: drizzle's keys and values, as a query through the schema
 * would give them. `null` when the row holds none (its first column is null, as a left join leaves it).
 */
export function rawRowReader<TTable extends Table>(table: TTable, prefix = ''): (raw: Record<string, unknown>) => TTable['$inferSelect'] | null {
  // The raw names are made once: a row read on every request's path looks up each of them.
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, column, raw: `${prefix}${column.name}` }));
  const first = columns[0]!.raw;
  return (raw) => {
    if (raw[first] == null) return null;
    const row: Record<string, unknown> = {};
    for (const { key, column, raw: name } of columns) {
      const value = raw[name];
      row[key] = value == null ? null : column.mapFromDriverValue(value);
    }
    return row as TTable['$inferSelect'];
  };
}
