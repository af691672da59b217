import type { AccessTokenClaims, AdminLesson, CourseDefinition, CourseOutline, Lesson, LessonInput, LessonPatch, LessonSummary } from '@agentdock/contracts';
import { errorText } from '@agentdock/contracts';
import { type AdminActor, type Db, recordAdminAction } from '@agentdock/service-data';
import { and, asc, eq, max } from '@agentdock/service-data/orm';
import { type CatalogSchema, courseLessons, type LessonRow } from '../db/schema';
import { getCourse } from './courses';
import { isEnrolled } from './enrolments';
import { CatalogError } from './errors';
import { withoutUndefined } from './patch';
import { renderContent } from './sanitise';
import type { CatalogWriter } from './writer';

export const MEMBERS_ONLY_LESSON = errorText('not_enrolled');

const courseOrder = [asc(courseLessons.moduleIndex), asc(courseLessons.position), asc(courseLessons.createdAt)] as const;

function toSummary(row: LessonRow): LessonSummary {
  return { id: row.id, moduleIndex: row.moduleIndex, title: row.title, estimatedMinutes: row.estimatedMinutes, isPreview: row.isPreview };
}

function toAdminLesson(row: LessonRow): AdminLesson {
  return {
    id: row.id,
    courseId: row.courseId,
    moduleIndex: row.moduleIndex,
    position: row.position,
    title: row.title,
    body: row.body,
    html: row.html,
    videoUrl: row.videoUrl,
    estimatedMinutes: row.estimatedMinutes,
    exercisePrompt: row.exercisePrompt,
    isPreview: row.isPreview,
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The published lessons of a course in reading order: module by module, then by position. */
export async function publishedLessons(db: Db, courseId: string): Promise<LessonRow[]> {
  return db
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.isPublished, true)))
    .orderBy(...courseOrder);
}

/** The course's modules with their published lessons. */
export async function getOutline(db: Db<CatalogSchema>, courseId: string): Promise<CourseOutline> {
  const course = await getCourse(db, courseId);
  const lessons = await publishedLessons(db, courseId);
  return {
    courseId,
    modules: course.modules.map((module, index) => ({ title: module.title, lessons: lessons.filter((row) => row.moduleIndex === index).map(toSummary) })),
  };
}

/** A course as pages show it: its modules list the lesson titles the operator has published. */
export async function courseWithLessons<T extends CourseDefinition>(db: Db<CatalogSchema>, course: T): Promise<T> {
  const outline = await getOutline(db, course.id);
  return { ...course, modules: outline.modules.map((module) => ({ title: module.title, lessons: module.lessons.map((lesson) => lesson.title) })) };
}

/**
 * Whether the caller may read a lesson: anyone for a published preview, members and admins for
 * the rest. Visitors get 401 (sign in first), signed-in non-members 403 "Members Only".
 */
export async function assertLessonAccess(db: Db<CatalogSchema>, row: LessonRow, claims: AccessTokenClaims | undefined): Promise<void> {
  if (row.isPreview) return;
  if (!claims) throw new CatalogError('sign_in_required', MEMBERS_ONLY_LESSON);
  if (claims.admin || (await isEnrolled(db, row.courseId, claims.sub))) return;
  throw new CatalogError('not_enrolled');
}

/** A published lesson of the course, or lesson_not_found (also for an unpublished one). */
export async function findPublishedLesson(db: Db<CatalogSchema>, courseId: string, lessonId: string): Promise<LessonRow> {
  await getCourse(db, courseId);
  const [row] = await db
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.id, lessonId), eq(courseLessons.courseId, courseId), eq(courseLessons.isPublished, true)));
  if (!row) throw new CatalogError('lesson_not_found');
  return row;
}

/** One lesson with its neighbours in reading order, if the caller may read it. */
export async function getLesson(db: Db<CatalogSchema>, courseId: string, lessonId: string, claims: AccessTokenClaims | undefined): Promise<Lesson> {
  const row = await findPublishedLesson(db, courseId, lessonId);
  await assertLessonAccess(db, row, claims);
  const ordered = await publishedLessons(db, courseId);
  const index = ordered.findIndex((candidate) => candidate.id === row.id);
  return {
    ...toSummary(row),
    courseId,
    moduleTitle: (await getCourse(db, courseId)).modules[row.moduleIndex]?.title ?? '',
    html: row.html,
    videoUrl: row.videoUrl,
    exercisePrompt: row.exercisePrompt,
    previousLessonId: ordered[index - 1]?.id ?? null,
    nextLessonId: ordered[index + 1]?.id ?? null,
  };
}

/** Every lesson of a course, published or not, in reading order (admin console). */
export async function listAllLessons(db: Db<CatalogSchema>, courseId: string): Promise<AdminLesson[]> {
  await getCourse(db, courseId);
  const rows = await db
    .select()
    .from(courseLessons)
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(...courseOrder);
  return rows.map(toAdminLesson);
}

async function assertModule(db: Db<CatalogSchema>, courseId: string, moduleIndex: number): Promise<void> {
  const { modules } = await getCourse(db, courseId);
  if (moduleIndex >= modules.length) {
    throw new CatalogError('module_not_found', `This course has ${modules.length} modules`, {
      fields: [{ path: 'moduleIndex', message: `Choose one of the course's ${modules.length} modules` }],
    });
  }
}

/** Inserts a lesson last in its module; used by the admin console and by seeding. */
export async function insertLesson(tx: Db<CatalogSchema>, courseId: string, input: LessonInput): Promise<AdminLesson> {
  await assertModule(tx, courseId, input.moduleIndex);
  const [last] = await tx
    .select({ position: max(courseLessons.position) })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.moduleIndex, input.moduleIndex)));
  const [row] = await tx
    .insert(courseLessons)
    .values({ ...input, courseId, position: (last?.position ?? -1) + 1, html: renderContent('markdown', input.body) })
    .returning();
  return toAdminLesson(row!);
}

export async function createLesson(writer: CatalogWriter, actor: AdminActor, courseId: string, input: LessonInput): Promise<AdminLesson> {
  return writer.transaction(async (tx) => {
    const lesson = await insertLesson(tx, courseId, input);
    await recordAdminAction(tx, { actor, action: 'lesson.create', target: `lesson:${lesson.id}`, after: lesson });
    return lesson;
  });
}

/** Applies a partial edit; a lesson moved to another module goes last there. */
export async function updateLesson(writer: CatalogWriter, actor: AdminActor, courseId: string, lessonId: string, patch: LessonPatch): Promise<AdminLesson> {
  return writer.transaction(async (tx) => {
    await getCourse(tx, courseId);
    if (patch.moduleIndex !== undefined) await assertModule(tx, courseId, patch.moduleIndex);
    const [current] = await tx
      .select()
      .from(courseLessons)
      .where(and(eq(courseLessons.id, lessonId), eq(courseLessons.courseId, courseId)))
      .for('update');
    if (!current) throw new CatalogError('lesson_not_found');
    const changes: Partial<LessonRow> = { ...withoutUndefined(patch), updatedAt: new Date() };
    if (patch.body !== undefined) changes.html = renderContent('markdown', patch.body);
    if (patch.moduleIndex !== undefined && patch.moduleIndex !== current.moduleIndex) {
      const [last] = await tx
        .select({ position: max(courseLessons.position) })
        .from(courseLessons)
        .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.moduleIndex, patch.moduleIndex)));
      changes.position = (last?.position ?? -1) + 1;
    }
    const [row] = await tx.update(courseLessons).set(changes).where(eq(courseLessons.id, lessonId)).returning();
    const lesson = toAdminLesson(row!);
    await recordAdminAction(tx, { actor, action: 'lesson.update', target: `lesson:${lessonId}`, before: toAdminLesson(current), after: lesson });
    return lesson;
  });
}

/**
 * Puts the course's lessons in the order given (positions follow the list; each lesson keeps its
 * module). The list must name every lesson of the course exactly once, so a stale console cannot
 * silently drop one from the order.
 */
export async function reorderLessons(writer: CatalogWriter, actor: AdminActor, courseId: string, lessonIds: string[]): Promise<AdminLesson[]> {
  return writer.transaction(async (tx) => {
    await getCourse(tx, courseId);
    const rows = await tx.select().from(courseLessons).where(eq(courseLessons.courseId, courseId)).for('update');
    const known = new Set(rows.map((row) => row.id));
    if (new Set(lessonIds).size !== lessonIds.length || lessonIds.length !== rows.length || !lessonIds.every((id) => known.has(id))) {
      throw new CatalogError('lesson_order_invalid', undefined, {
        fields: [{ path: 'lessonIds', message: 'List every lesson of this course exactly once' }],
      });
    }
    const before = rows.map((row) => ({ id: row.id, moduleIndex: row.moduleIndex, position: row.position }));
    for (const [position, id] of lessonIds.entries()) {
      await tx.update(courseLessons).set({ position, updatedAt: new Date() }).where(eq(courseLessons.id, id));
    }
    const reordered = await tx
      .select()
      .from(courseLessons)
      .where(eq(courseLessons.courseId, courseId))
      .orderBy(...courseOrder);
    const lessons = reordered.map(toAdminLesson);
    await recordAdminAction(tx, {
      actor,
      action: 'lesson.reorder',
      target: `course:${courseId}`,
      before,
      after: lessons.map(({ id, moduleIndex, position }) => ({ id, moduleIndex, position })),
    });
    return lessons;
  });
}
