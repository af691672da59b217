// Services reach drizzle only through the kit so every service shares one drizzle instance and
// one version (operators such as eq/and/sql and the query builder types).
export * from 'drizzle-orm';
