import type { SQL } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** A hot statement written in SQL, with `sql.placeholder` for its values. */
export interface NamedStatement {
  /** Runs it on `db` (the root handle or a transaction's) and gives the rows as the database returns them. */
  run(db: Db<Record<string, unknown>>, values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}

/**
 * Compiles `statement` once and runs it as a named prepared statement. For a statement on every
 * request's path: building a long query costs more CPU than running it, and on PostgreSQL a named
 * statement is parsed and planned once per connection rather than on every call (PGlite ignores
 * the name). Rows come back raw: snake_case columns, and the driver's values.
 */
export function namedStatement(name: string, statement: SQL): NamedStatement {
  const query = new PgDialect().sqlToQuery(statement);
  return {
    async run(db, values) {
      const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Record<string, unknown>[] } }>(query, undefined, name, false);
      const { rows } = await prepared.execute(values);
      return rows;
    },
  };
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
