import { type AccessTokenClaims, type Certificate, type CourseProgress, courseCompletedV1, type ExerciseAnswer, type LearningSummary } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, eq } from '@agentdock/service-data/orm';
import { type CatalogSchema, courseCertificates, courseEnrolments, exerciseAnswers, lessonCompletions, type LessonRow } from '../db/schema';
import { issueCertificate, toCertificate } from './certificates';
import { getCourse, listCourses } from './courses';
import { assertLessonAccess, findPublishedLesson, publishedLessons } from './lessons';
import type { CatalogWriter } from './writer';

function summarise(courseId: string, lessons: LessonRow[], completedIds: Set<string>) {
  const completed = lessons.filter((lesson) => completedIds.has(lesson.id));
  const total = lessons.length;
  const next = lessons.find((lesson) => !completedIds.has(lesson.id)) ?? lessons[0];
  return {
    courseId,
    completedLessonIds: completed.map((lesson) => lesson.id),
    completed: completed.length,
    total,
    percent: total === 0 ? 0 : Math.floor((completed.length * 100) / total),
    nextLessonId: next?.id ?? null,
  };
}

async function completedLessonIds(db: Db<CatalogSchema>, userId: string, courseId: string): Promise<Set<string>> {
  const rows = await db
    .select({ lessonId: lessonCompletions.lessonId })
    .from(lessonCompletions)
    .where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.courseId, courseId)));
  return new Set(rows.map((row) => row.lessonId));
}

async function certificateOf(db: Db<CatalogSchema>, userId: string, courseId: string): Promise<Certificate | null> {
  const [row] = await db
    .select()
    .from(courseCertificates)
    .where(and(eq(courseCertificates.userId, userId), eq(courseCertificates.courseId, courseId)));
  return row ? toCertificate(row) : null;
}

/** The learner's progress through the course's published lessons (only theirs). */
export async function getProgress(db: Db<CatalogSchema>, courseId: string, userId: string): Promise<CourseProgress> {
  await getCourse(db, courseId);
  const lessons = await publishedLessons(db, courseId);
  return { ...summarise(courseId, lessons, await completedLessonIds(db, userId, courseId)), certificate: await certificateOf(db, userId, courseId) };
}

/**
 * Marks a lesson complete or not for the caller, who must be allowed to read it. Completing the
 * last unfinished lesson issues the course's certificate in the same transaction, with the event
 * that has the learner congratulated; un-marking a lesson later keeps a certificate once issued.
 */
export async function setLessonCompletion(
  { db, writer }: { db: Db<CatalogSchema>; writer: CatalogWriter },
  courseId: string,
  lessonId: string,
  claims: AccessTokenClaims,
  complete: boolean,
): Promise<CourseProgress> {
  const lesson = await findPublishedLesson(db, courseId, lessonId);
  await assertLessonAccess(db, lesson, claims);
  await writer.transaction(async (tx) => {
    if (!complete) {
      await tx.delete(lessonCompletions).where(and(eq(lessonCompletions.userId, claims.sub), eq(lessonCompletions.lessonId, lessonId)));
      return;
    }
    await tx.insert(lessonCompletions).values({ userId: claims.sub, lessonId, courseId }).onConflictDoNothing();
    const lessons = await publishedLessons(tx, courseId);
    const done = await completedLessonIds(tx, claims.sub, courseId);
    if (!lessons.every((row) => done.has(row.id))) return;
    const issued = await issueCertificate(tx, claims, await getCourse(tx, courseId));
    if (issued) {
      await writer.enqueue(tx, courseCompletedV1, {
        userId: claims.sub,
        courseId,
        courseTitle: issued.courseTitle,
        certificateCode: issued.code,
        completedAt: issued.completedAt,
      });
    }
  });
  return getProgress(db, courseId, claims.sub);
}

/** The caller's own answer to a lesson's exercise (empty until they write one). */
export async function getExerciseAnswer(db: Db<CatalogSchema>, courseId: string, lessonId: string, claims: AccessTokenClaims): Promise<ExerciseAnswer> {
  const lesson = await findPublishedLesson(db, courseId, lessonId);
  await assertLessonAccess(db, lesson, claims);
  const [row] = await db
    .select()
    .from(exerciseAnswers)
    .where(and(eq(exerciseAnswers.userId, claims.sub), eq(exerciseAnswers.lessonId, lessonId)));
  return { answer: row?.answer ?? '', updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** Stores the caller's answer as typed (plain text, shown back to them only). */
export async function saveExerciseAnswer(db: Db<CatalogSchema>, courseId: string, lessonId: string, claims: AccessTokenClaims, answer: string): Promise<ExerciseAnswer> {
  const lesson = await findPublishedLesson(db, courseId, lessonId);
  await assertLessonAccess(db, lesson, claims);
  const updatedAt = new Date();
  await db
    .insert(exerciseAnswers)
    .values({ userId: claims.sub, lessonId, answer, updatedAt })
    .onConflictDoUpdate({ target: [exerciseAnswers.userId, exerciseAnswers.lessonId], set: { answer, updatedAt } });
  return { answer, updatedAt: updatedAt.toISOString() };
}

/**
 * For the dashboard: courses the learner is a member of or has started, not yet finished, and
 * their certificates.
 */
export async function getLearningSummary(db: Db<CatalogSchema>, userId: string): Promise<LearningSummary> {
  const completions = await db.select({ courseId: lessonCompletions.courseId }).from(lessonCompletions).where(eq(lessonCompletions.userId, userId));
  const memberships = await db.select({ courseId: courseEnrolments.courseId }).from(courseEnrolments).where(eq(courseEnrolments.userId, userId));
  const started = new Set([...completions, ...memberships].map((row) => row.courseId));
  const certificates = (await db.select().from(courseCertificates).where(eq(courseCertificates.userId, userId))).map(toCertificate);
  const courses: LearningSummary['courses'] = [];
  for (const course of (await listCourses(db, { includeArchived: true })).filter((candidate) => started.has(candidate.id))) {
    const lessons = await publishedLessons(db, course.id);
    const progress = summarise(course.id, lessons, await completedLessonIds(db, userId, course.id));
    if (progress.completed < progress.total) {
      courses.push({
        courseId: course.id,
        title: course.title,
        completed: progress.completed,
        total: progress.total,
        percent: progress.percent,
        nextLessonId: progress.nextLessonId,
      });
    }
  }
  return { courses, certificates };
}
