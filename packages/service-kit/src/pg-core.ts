// Table and column builders for service schemas, re-exported for the same reason as ./orm.
export * from 'drizzle-orm/pg-core';
