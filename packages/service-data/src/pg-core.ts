// Table and column builders for service schemas, re-exported for the same reason as ./orm.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// Named one by one, like ./orm: the column and table builders service schemas use.
export { bigint, bigserial, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A check constraint's condition that a text column holds one of `values`, built from the same
 * list the column's enum and the contracts use, so the database rule cannot drift from them.
 */
export function isOneOf(column: SQLWrapper, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(literals)})`;
}
