import { type Enrolment, type EnrolmentStatus, enrolmentChangedV1 } from '@agentdock/contracts';
import { type AdminActor, type Db, recordAdminAction } from '@agentdock/service-data';
import { and, desc, eq } from '@agentdock/service-data/orm';
import { z } from 'zod';
import { type CatalogSchema, courseEnrolments, type EnrolmentRow } from '../db/schema';
import { getCourse } from './courses';
import { CatalogError } from './errors';
import type { CatalogWriter } from './writer';

function toEnrolment(row: EnrolmentRow): Enrolment {
  return { courseId: row.courseId, userId: row.userId, source: row.source, createdAt: row.createdAt.toISOString() };
}

const accountId = z.uuid();

export async function isEnrolled(db: Db<CatalogSchema>, courseId: string, userId: string): Promise<boolean> {
  // Account ids are UUIDs; anything else cannot hold an enrolment (and must not reach a uuid column).
  if (!accountId.safeParse(userId).success) return false;
  const rows = await db
    .select({ userId: courseEnrolments.userId })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId)));
  return rows.length > 0;
}

/** Whether the caller is a member of the course; course_not_found for an unknown course. */
export async function getEnrolmentStatus(db: Db<CatalogSchema>, courseId: string, userId: string): Promise<EnrolmentStatus> {
  await getCourse(db, courseId);
  return { courseId, enrolled: await isEnrolled(db, courseId, userId) };
}

/** Members of one course, newest first (admin console). */
export async function listEnrolments(db: Db<CatalogSchema>, courseId: string): Promise<Enrolment[]> {
  await getCourse(db, courseId);
  const rows = await db.select().from(courseEnrolments).where(eq(courseEnrolments.courseId, courseId)).orderBy(desc(courseEnrolments.createdAt));
  return rows.map(toEnrolment);
}

/**
 * Makes the user a member of the course. Idempotent: granting an existing membership returns it
 * unchanged (`created: false`) and publishes nothing.
 */
export async function grantEnrolment(
  writer: CatalogWriter,
  grant: { courseId: string; userId: string; source: Enrolment['source'] },
  /** The admin who granted it, recorded in the audit; none when a purchase granted it. */
  actor?: AdminActor,
): Promise<{ enrolment: Enrolment; created: boolean }> {
  return writer.transaction(async (tx) => {
    await getCourse(tx, grant.courseId);
    const [inserted] = await tx.insert(courseEnrolments).values(grant).onConflictDoNothing().returning();
    if (inserted) {
      const enrolment = toEnrolment(inserted);
      await writer.enqueue(tx, enrolmentChangedV1, { change: 'granted', enrolment });
      if (actor) {
        await recordAdminAction(tx, {
          actor,
          action: 'enrolment.grant',
          subjectUserId: grant.userId,
          target: `course:${grant.courseId}`,
          after: enrolment,
        });
      }
      return { enrolment, created: true };
    }
    const [existing] = await tx
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.courseId, grant.courseId), eq(courseEnrolments.userId, grant.userId)));
    return { enrolment: toEnrolment(existing!), created: false };
  });
}

export async function revokeEnrolment(writer: CatalogWriter, actor: AdminActor, courseId: string, userId: string): Promise<void> {
  await writer.transaction(async (tx) => {
    await getCourse(tx, courseId);
    const [row] = await tx
      .delete(courseEnrolments)
      .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId)))
      .returning();
    if (!row) throw new CatalogError('enrolment_not_found', `User "${userId}" is not enrolled in this course`);
    await writer.enqueue(tx, enrolmentChangedV1, { change: 'revoked', enrolment: toEnrolment(row) });
    await recordAdminAction(tx, { actor, action: 'enrolment.revoke', subjectUserId: userId, target: `course:${courseId}`, before: toEnrolment(row) });
  });
}
