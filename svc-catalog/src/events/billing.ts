import { COMMUNITY_COURSE_ID, COURSES_PATH, courseAccessGrantedV1, courseAccessRevokedV1, courseWelcomeV1, enrolmentChangedV1 } from '@agentdock/contracts';
import { idempotentHandler, type ServiceContext, type SubscribeOptions, type Tx } from '@agentdock/service-data';
import { and, eq } from '@agentdock/service-data/orm';
import { type CatalogSchema, communityMembers, courseEnrolments, courses, type EnrolmentRow, endedCourseSubscriptions } from '../db/schema';
import { publishedLessons } from '../domain/lessons';

export const COURSE_ACCESS_CONSUMER = 'svc-catalog-course-access';

const toEnrolment = (row: EnrolmentRow) => ({ courseId: row.courseId, userId: row.userId, source: row.source, createdAt: row.createdAt.toISOString() });

/** The course's title, archived or not; null for an id the catalog has no course for. */
async function courseTitle(tx: Tx<CatalogSchema>, courseId: string): Promise<string | null> {
  const [row] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  return row?.title ?? null;
}

/**
 * The community box is not a catalog course: its subscriptions are counted as members (the offer
 * shows how many), never enrolled. Every other course access maps to an enrolment: source
 * 'subscription' for a monthly subscription (revoked when it ends), 'purchase' for a one-time
 * payment (its checkout session stands in for the subscription id, and never ends).
 */
const tracked = async (tx: Tx<CatalogSchema>, courseId: string) => courseId === COMMUNITY_COURSE_ID || (await courseTitle(tx, courseId)) !== null;

/**
 * Paid course access enrols the user; the end of a subscription revokes that enrolment but never
 * an admin's grant, and a grant of a subscription already ended is ignored.
 */
export function courseAccessConsumers(context: ServiceContext<CatalogSchema>): SubscribeOptions[] {
  return [
    {
      durable: `${COURSE_ACCESS_CONSUMER}-granted`,
      subject: courseAccessGrantedV1.subject,
      handler: idempotentHandler({
        transaction: context.transaction,
        consumer: `${COURSE_ACCESS_CONSUMER}-granted`,
        event: courseAccessGrantedV1,
        apply: async (tx, { courseId, userId, subscriptionId, oneTime }) => {
          if (!(await tracked(tx, courseId))) return;
          const ended = await tx
            .select({ id: endedCourseSubscriptions.subscriptionId })
            .from(endedCourseSubscriptions)
            .where(eq(endedCourseSubscriptions.subscriptionId, subscriptionId));
          if (ended.length > 0) return;
          if (courseId === COMMUNITY_COURSE_ID) {
            await tx.insert(communityMembers).values({ subscriptionId, userId }).onConflictDoNothing();
            return;
          }
          const [row] = await tx
            .insert(courseEnrolments)
            .values({ courseId, userId, source: oneTime ? 'purchase' : 'subscription' })
            .onConflictDoNothing()
            .returning();
          if (!row) return;
          await context.enqueue(tx, enrolmentChangedV1, { change: 'granted', enrolment: toEnrolment(row) });
          // The learner just paid: identity emails them the way in (it owns the address).
          const [first] = await publishedLessons(tx, courseId);
          await context.enqueue(tx, courseWelcomeV1, {
            userId,
            courseId,
            courseTitle: (await courseTitle(tx, courseId))!,
            firstLessonTitle: first?.title ?? null,
            firstLessonPath: first ? `${COURSES_PATH}/${courseId}/lessons/${first.id}` : `${COURSES_PATH}/${courseId}`,
          });
        },
      }),
    },
    {
      durable: `${COURSE_ACCESS_CONSUMER}-revoked`,
      subject: courseAccessRevokedV1.subject,
      handler: idempotentHandler({
        transaction: context.transaction,
        consumer: `${COURSE_ACCESS_CONSUMER}-revoked`,
        event: courseAccessRevokedV1,
        apply: async (tx, { courseId, userId, subscriptionId }) => {
          if (!(await tracked(tx, courseId))) return;
          await tx.insert(endedCourseSubscriptions).values({ subscriptionId, courseId, userId }).onConflictDoNothing();
          if (courseId === COMMUNITY_COURSE_ID) {
            await tx.delete(communityMembers).where(eq(communityMembers.subscriptionId, subscriptionId));
            return;
          }
          const [row] = await tx
            .delete(courseEnrolments)
            .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId), eq(courseEnrolments.source, 'subscription')))
            .returning();
          if (row) await context.enqueue(tx, enrolmentChangedV1, { change: 'revoked', enrolment: toEnrolment(row) });
        },
      }),
    },
  ];
}
