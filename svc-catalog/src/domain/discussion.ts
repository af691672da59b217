import type { AccessTokenClaims, DiscussionComment } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, asc, count, eq, gt, sql } from '@agentdock/service-data/orm';
import { type CatalogSchema, type CommentRow, courseComments } from '../db/schema';
import { getCourse } from './courses';
import { isEnrolled } from './enrolments';
import { CatalogError } from './errors';

/** Posting limit per author across all courses: enough for a conversation, not for a flood. */
export const COMMENT_LIMIT = { count: 10, windowSeconds: 60 };

function toComment(row: CommentRow): DiscussionComment {
  return { id: row.id, courseId: row.courseId, authorId: row.authorId, authorName: row.authorName, body: row.body, createdAt: row.createdAt.toISOString() };
}

/** The name shown on a comment: the user's full name, else the local part of their email. */
export function authorNameOf(claims: Pick<AccessTokenClaims, 'name' | 'email'>): string {
  return claims.name?.trim() || claims.email.split('@')[0]!;
}

/**
 * Members only: the caller must be enrolled in the course. Admins may read and post
 * without enrolment, to moderate. Throws course_not_found for an unknown course first.
 */
export async function assertDiscussionAccess(db: Db<CatalogSchema>, courseId: string, claims: AccessTokenClaims): Promise<void> {
  await getCourse(db, courseId);
  if (claims.admin) return;
  if (await isEnrolled(db, courseId, claims.sub)) return;
  throw new CatalogError('not_enrolled', 'Members Only: You need to be enrolled in this course to access the discussion forum.');
}

/** The course's comments, oldest first. */
export async function listComments(db: Db<CatalogSchema>, courseId: string): Promise<DiscussionComment[]> {
  const rows = await db.select().from(courseComments).where(eq(courseComments.courseId, courseId)).orderBy(asc(courseComments.createdAt), asc(courseComments.id));
  return rows.map(toComment);
}

/** Stores a plain-text comment as typed; refuses with discussion_rate_limited past COMMENT_LIMIT. */
export async function postComment(db: Db<CatalogSchema>, courseId: string, author: { id: string; name: string }, body: string): Promise<DiscussionComment> {
  // The database's clock, the one that stamps created_at, decides what is recent.
  const windowStart = sql`now() - make_interval(secs => ${COMMENT_LIMIT.windowSeconds})`;
  const [recent] = await db
    .select({ count: count() })
    .from(courseComments)
    .where(and(eq(courseComments.authorId, author.id), gt(courseComments.createdAt, windowStart)));
  if ((recent?.count ?? 0) >= COMMENT_LIMIT.count) {
    throw new CatalogError('discussion_rate_limited', undefined, {
      headers: { 'Retry-After': String(COMMENT_LIMIT.windowSeconds) },
    });
  }
  const [row] = await db.insert(courseComments).values({ courseId, authorId: author.id, authorName: author.name, body }).returning();
  return toComment(row!);
}
