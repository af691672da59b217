import { type CourseDefinition, type CourseInput, type CoursePatch, coursePublishedV1 } from '@agentdock/contracts';
import { type AdminActor, type Db, recordAdminAction, type Tx } from '@agentdock/service-data';
import { asc, eq, ilike, isNull, max } from '@agentdock/service-data/orm';
import { type CatalogSchema, type CourseRow, courses } from '../db/schema';
import { CatalogError } from './errors';
import { withoutUndefined } from './patch';
import type { CatalogWriter } from './writer';

const displayOrder = [asc(courses.sortOrder), asc(courses.createdAt)] as const;

export function toCourse(row: CourseRow): CourseDefinition {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fullDescription: row.fullDescription,
    estimatedDuration: row.estimatedDuration,
    level: row.level,
    priceMinor: row.priceMinor,
    currency: row.currency,
    billing: row.billing,
    archived: row.archivedAt !== null,
    image: row.image,
    instructor: row.instructor,
    // The lessons under each module are the published ones, added where a page needs them.
    modules: row.modules.map((title) => ({ title, lessons: [] })),
    whatYouGet: row.whatYouGet,
  };
}

/** Courses in display order: the public list leaves archived ones out, the console shows them all. */
export async function listCourses(db: Db, options: { includeArchived: boolean }): Promise<CourseDefinition[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(options.includeArchived ? undefined : isNull(courses.archivedAt))
    .orderBy(...displayOrder);
  return rows.map(toCourse);
}

/**
 * The course with this id, archived or not (its members keep their lessons, discussion and
 * certificate), or CatalogError `course_not_found` (the page shows 'Course Not Found').
 */
export async function getCourse(db: Db, id: string): Promise<CourseDefinition> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  if (!row) throw new CatalogError('course_not_found');
  return toCourse(row);
}

/** What billing needs to sell the course, in the caller's transaction. */
async function publishCourse(writer: CatalogWriter, tx: Tx<CatalogSchema>, course: CourseDefinition): Promise<void> {
  const { id: courseId, title, priceMinor, currency, billing, archived } = course;
  await writer.enqueue(tx, coursePublishedV1, { courseId, title, priceMinor, currency, billing, archived });
}

/** A course page's address from its title: "AI for Sales (2027)" → "ai-for-sales-2027". */
export function courseSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug || 'course';
}

/** The slug, or the slug with the first free number (`-2`, `-3`, …) when a course already uses it. */
async function freeId(tx: Tx<CatalogSchema>, slug: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ id: courses.id })
        .from(courses)
        .where(ilike(courses.id, `${slug}%`))
    ).map((row) => row.id),
  );
  if (!taken.has(slug)) return slug;
  let suffix = 2;
  while (taken.has(`${slug}-${suffix}`)) suffix += 1;
  return `${slug}-${suffix}`;
}

function toColumns(input: CoursePatch): Partial<typeof courses.$inferInsert> {
  return withoutUndefined({
    title: input.title,
    description: input.description,
    fullDescription: input.fullDescription,
    level: input.level,
    estimatedDuration: input.estimatedDuration,
    priceMinor: input.priceMinor,
    currency: input.currency,
    billing: input.billing,
    image: input.image,
    instructor: input.instructor,
    modules: input.modules,
    whatYouGet: input.whatYouGet,
  });
}

async function nextSortOrder(tx: Tx<CatalogSchema>): Promise<number> {
  const [last] = await tx.select({ sortOrder: max(courses.sortOrder) }).from(courses);
  return (last?.sortOrder ?? -1) + 1;
}

/** Stores a course with the given id (seeding) and publishes it; undefined when the id is taken. */
export async function insertCourse(writer: CatalogWriter, tx: Tx<CatalogSchema>, id: string, input: CourseInput): Promise<CourseDefinition | undefined> {
  const [row] = await tx
    .insert(courses)
    .values({
      id,
      ...(toColumns(input) as Omit<typeof courses.$inferInsert, 'id' | 'sortOrder'>),
      // The course page falls back to the short description, so the long one is never blank.
      fullDescription: input.fullDescription || input.description,
      sortOrder: await nextSortOrder(tx),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  const course = toCourse(row);
  await publishCourse(writer, tx, course);
  return course;
}

/** A new course, last in the list, with an id made from its title. */
export async function createCourse(writer: CatalogWriter, actor: AdminActor, input: CourseInput): Promise<CourseDefinition> {
  return writer.transaction(async (tx) => {
    const course = (await insertCourse(writer, tx, await freeId(tx, courseSlug(input.title)), input))!;
    await recordAdminAction(tx, { actor, action: 'course.create', target: `course:${course.id}`, after: course });
    return course;
  });
}

/** Applies a partial edit; the id (the page's address, what members' rows refer to) never changes. */
export async function updateCourse(writer: CatalogWriter, actor: AdminActor, id: string, patch: CoursePatch): Promise<CourseDefinition> {
  return writer.transaction(async (tx) => {
    const [current] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!current) throw new CatalogError('course_not_found');
    if (patch.modules !== undefined && patch.modules.length < current.modules.length) {
      // Lessons point at a module by its index: a module removed from the end would orphan its lessons.
      throw new CatalogError('module_not_found', 'Modules can be renamed or added, not removed', {
        fields: [{ path: 'modules', message: `Keep at least the course's ${current.modules.length} modules` }],
      });
    }
    const [row] = await tx
      .update(courses)
      .set({ ...toColumns(patch), updatedAt: new Date() })
      .where(eq(courses.id, id))
      .returning();
    const course = toCourse(row!);
    await publishCourse(writer, tx, course);
    await recordAdminAction(tx, { actor, action: 'course.update', target: `course:${id}`, before: toCourse(current), after: course });
    return course;
  });
}

/**
 * Puts every course in the order given. The list must name each course (archived ones too)
 * exactly once, so a stale console cannot silently drop one from the order.
 */
export async function reorderCourses(writer: CatalogWriter, actor: AdminActor, courseIds: string[]): Promise<CourseDefinition[]> {
  return writer.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(courses)
      .orderBy(...displayOrder)
      .for('update');
    const known = new Set(rows.map((row) => row.id));
    if (new Set(courseIds).size !== courseIds.length || courseIds.length !== rows.length || !courseIds.every((id) => known.has(id))) {
      throw new CatalogError('course_order_invalid', undefined, { fields: [{ path: 'courseIds', message: 'List every course exactly once' }] });
    }
    for (const [sortOrder, id] of courseIds.entries()) await tx.update(courses).set({ sortOrder }).where(eq(courses.id, id));
    const titleOf = new Map(rows.map((row) => [row.id, row.title]));
    await recordAdminAction(tx, {
      actor,
      action: 'course.reorder',
      target: 'course:all',
      before: { order: rows.map((row) => row.title) },
      after: { order: courseIds.map((id) => titleOf.get(id)!) },
    });
    return (
      await tx
        .select()
        .from(courses)
        .orderBy(...displayOrder)
    ).map(toCourse);
  });
}

/** Takes the course off the list and out of sale; members keep access. Archiving again changes nothing. */
export function archiveCourse(writer: CatalogWriter, actor: AdminActor, id: string): Promise<CourseDefinition> {
  return setArchived(writer, actor, id, true);
}

/** Lists and sells an archived course again (an archive by mistake is undone). Restoring a listed course changes nothing. */
export function restoreCourse(writer: CatalogWriter, actor: AdminActor, id: string): Promise<CourseDefinition> {
  return setArchived(writer, actor, id, false);
}

async function setArchived(writer: CatalogWriter, actor: AdminActor, id: string, archived: boolean): Promise<CourseDefinition> {
  return writer.transaction(async (tx) => {
    const [current] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!current) throw new CatalogError('course_not_found');
    if ((current.archivedAt !== null) === archived) return toCourse(current);
    const [row] = await tx
      .update(courses)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(courses.id, id))
      .returning();
    const course = toCourse(row!);
    // Billing's copy of the price follows: an archived course is no longer sold, a restored one is again.
    await publishCourse(writer, tx, course);
    await recordAdminAction(tx, { actor, action: archived ? 'course.archive' : 'course.restore', target: `course:${id}`, before: toCourse(current), after: course });
    return course;
  });
}
