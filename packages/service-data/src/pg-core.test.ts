import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { isOneOf } from './pg-core';

describe('isOneOf', () => {
  it('lists the allowed values as SQL literals, quotes escaped', () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(isOneOf(sql.identifier('tier'), ['free', "o'brien"]));
    expect(text).toBe(`"tier" in ('free', 'o''brien')`);
    expect(params).toEqual([]);
  });
});
