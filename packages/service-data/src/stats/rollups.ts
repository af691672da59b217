import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

/**
 * One rollup table and the view of the service's migration that recomputes it from the raw rows:
 * both have the `keys` and `values` columns. Rows whose values are all zero count as absent (a
 * rollup row that went back to zero stays). A rollup may spread one key's figures over several
 * rows (shards that spare concurrent writers one hot row): they are summed before comparing.
 */
export interface RollupDefinition {
  table: string;
  recomputed: string;
  keys: readonly string[];
  values: readonly string[];
}

export interface RollupDifference {
  table: string;
  key: Record<string, string>;
  stored: Record<string, string>;
  recomputed: Record<string, string>;
}

const identifier = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
const list = (names: readonly string[], alias: string) =>
  sql.join(
    names.map((name) => sql`${sql.raw(alias)}.${identifier(name)}`),
    sql`, `,
  );

const summed = (names: readonly string[], alias: string) =>
  sql.join(
    names.map((name) => sql`sum(${sql.raw(alias)}.${identifier(name)}) as ${identifier(name)}`),
    sql`, `,
  );

/** The rows where a rollup and its recomputation from raw rows differ (none: they agree), at most `limit` per table. */
export async function rollupDifferences(db: Db, rollups: readonly RollupDefinition[], limit = 100): Promise<RollupDifference[]> {
  const differences: RollupDifference[] = [];
  for (const rollup of rollups) {
    const joined = sql.join(
      rollup.keys.map((key) => sql`s.${identifier(key)} = r.${identifier(key)}`),
      sql` and `,
    );
    const differs = sql.join(
      rollup.values.map((value) => sql`coalesce(s.${identifier(value)}, 0) <> coalesce(r.${identifier(value)}, 0)`),
      sql` or `,
    );
    const keys = sql.join(
      rollup.keys.map((key) => sql`coalesce(s.${identifier(key)}, r.${identifier(key)})::text as ${identifier(`key:${key}`)}`),
      sql`, `,
    );
    const values = sql.join(
      rollup.values.flatMap((value) => [
        sql`coalesce(s.${identifier(value)}, 0)::text as ${identifier(`stored:${value}`)}`,
        sql`coalesce(r.${identifier(value)}, 0)::text as ${identifier(`recomputed:${value}`)}`,
      ]),
      sql`, `,
    );
    const result = await db.execute(sql`
      select ${keys}, ${values}
      from (select ${list(rollup.keys, 't')}, ${summed(rollup.values, 't')} from ${identifier(rollup.table)} t group by ${list(rollup.keys, 't')}) s
      full join (select ${list([...rollup.keys, ...rollup.values], 'v')} from ${identifier(rollup.recomputed)} v) r on ${joined}
      where ${differs}
      limit ${limit}`);
    for (const row of (result as unknown as { rows: Array<Record<string, string>> }).rows) {
      const part = (prefix: string) => Object.fromEntries(Object.entries(row).flatMap(([name, value]) => (name.startsWith(prefix) ? [[name.slice(prefix.length), value]] : [])));
      differences.push({ table: rollup.table, key: part('key:'), stored: part('stored:'), recomputed: part('recomputed:') });
    }
  }
  return differences;
}
