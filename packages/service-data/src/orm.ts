// Services reach drizzle only through the kit so every service shares one drizzle instance and
// one version (operators such as eq/and/sql and the query builder types). Named one by one so the
// surface services rely on is visible here; add an operator when a service needs it.
export {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
