import { afterCursor, type CsvCell, cursorTime, type Db, type ExportRange, inPages } from '@agentdock/service-data';
import { and, asc, gte, lt } from '@agentdock/service-data/orm';
import { type IdentitySchema, users } from '../db/schema';

/** The customers who signed up in the range, oldest first, one CSV row each (columns: ADMIN_EXPORT_COLUMNS.customers). */
export async function* customerRows(db: Db<IdentitySchema>, range: ExportRange): AsyncGenerator<CsvCell[]> {
  const pages = inPages((after, limit) =>
    db
      .select({ user: users, cursor: { at: cursorTime(users.createdAt), id: users.id } })
      .from(users)
      .where(and(gte(users.createdAt, range.start), lt(users.createdAt, range.end), afterCursor(users.createdAt, users.id, after)))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(limit),
  );
  for await (const { user } of pages) {
    yield [user.id, user.email, user.fullName, user.subscriptionTier, user.isSuspended ? 'suspended' : 'active', user.emailConfirmedAt !== null, user.createdAt];
  }
}
