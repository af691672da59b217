import { fillPlaceholders, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { type NamedStatementRunner, runNamedStatement } from './pglite-named-statements';

/** A hot statement written in SQL, with `sql.placeholder` for its values. */
export interface NamedStatement {
  /** Runs it on `db` (the root handle or a transaction's) and gives the rows as the database returns them. */
  run(db: Db<Record<string, unknown>>, values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
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
  return {
    async run(db, values) {
      const runner = embeddedRunner(db);
      if (runner) return runner(name, query.sql, fillPlaceholders(query.params, values));
      const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Record<string, unknown>[] } }>(query, undefined, name, false);
      const { rows } = await prepared.execute(values);
      return rows;
    },
  };
}

function embeddedRunner(db: Db<Record<string, unknown>>): NamedStatementRunner | undefined {
  return (db._.session as unknown as { client?: { [runNamedStatement]?: NamedStatementRunner } }).client?.[runNamedStatement];
}

/** Whether `db` (a root handle or a transaction's) is on the embedded database, PGlite. */
export function runsEmbedded(db: Db<Record<string, unknown>>): boolean {
  return embeddedRunner(db) !== undefined;
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
  const columns = Object.entries(getTableColumns(table));
  const [, first] = columns[0]!;
  return (raw) =>
    raw[`${prefix}${first.name}`] == null
      ? null
      : (Object.fromEntries(
          columns.map(([key, column]) => {
            const value = raw[`${prefix}${column.name}`];
            return [key, value == null ? null : column.mapFromDriverValue(value)];
          }),
        ) as TTable['$inferSelect']);
}
