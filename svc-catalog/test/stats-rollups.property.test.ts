import { randomUUID } from 'node:crypto';
import { rollupDifferences } from '@agentdock/service-data';
import { and, eq } from '@agentdock/service-data/orm';
import fc from 'fast-check';
import request from 'supertest';
import { catalogRollups, courseEnrolments, courseLessons, lessonCompletions } from '../src/db/schema';
import { catalogStatsFor } from '../src/domain/admin-stats';
import { CatalogHarness, DRIVER, type User } from './harness';

/**
 * Random histories of course members and lesson completions: enrolments and removals by an admin and lessons
 * marked and un-marked through the API, rows written, re-dated and deleted straight in the tables
 * (imports, fixtures): after each, every rollup equals its recomputation and the stats of a random
 * range equal the raw rows' figures.
 */
type Step =
  | { kind: 'enrol'; learner: number }
  | { kind: 'complete'; learner: number; lesson: number; undo: boolean }
  | { kind: 'import'; course: number; daysAgo: number }
  | { kind: 'import-completion'; lesson: number; daysAgo: number }
  | { kind: 'move'; pick: number; daysAgo: number }
  | { kind: 'delete'; pick: number };

const LEARNERS = 3;
const COURSE = 'customer-service';
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('enrol' as const), learner: fc.nat(LEARNERS - 1) }),
  fc.record({ kind: fc.constant('complete' as const), learner: fc.nat(LEARNERS - 1), lesson: fc.nat(3), undo: fc.boolean() }),
  fc.record({ kind: fc.constant('import' as const), course: fc.nat(2), daysAgo: fc.nat(10) }),
  fc.record({ kind: fc.constant('import-completion' as const), lesson: fc.nat(3), daysAgo: fc.nat(10) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), daysAgo: fc.nat(10) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000);

describe(`catalog stats rollups equal the raw rows on ${DRIVER}`, () => {
  let catalog: CatalogHarness;
  let admin: User;
  let lessons: Array<{ id: string; courseId: string }>;

  beforeAll(async () => {
    catalog = await CatalogHarness.start();
    admin = await catalog.user({ admin: true });
    lessons = await catalog.service.context.db.select({ id: courseLessons.id, courseId: courseLessons.courseId }).from(courseLessons).where(eq(courseLessons.courseId, COURSE));
  });
  afterAll(() => catalog.close());

  it('keeps the member and completion rollups equal to their recomputation over random histories', async () => {
    const db = catalog.service.context.db;
    const courses = ['ai-fundamentals', 'build-ai-agents', 'a-course-no-longer-listed'];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat(10), fc.nat(10), async (steps, first, length) => {
        const learners = await Promise.all(Array.from({ length: LEARNERS }, () => catalog.user()));
        const enrolled = new Set<number>();
        const imported: Array<{ courseId: string; userId: string }> = [];
        for (const current of steps) {
          if (current.kind === 'enrol' && !enrolled.has(current.learner)) {
            await request(catalog.url).post(`/api/catalog/admin/courses/${COURSE}/enrolments`).set(admin.auth).send({ userId: learners[current.learner]!.id }).expect(201);
            enrolled.add(current.learner);
          } else if (current.kind === 'enrol') {
            // Enrolled already: the admin takes them off the course.
            await request(catalog.url).delete(`/api/catalog/admin/courses/${COURSE}/enrolments/${learners[current.learner]!.id}`).set(admin.auth).expect(204);
            enrolled.delete(current.learner);
          } else if (current.kind === 'complete' && enrolled.has(current.learner)) {
            const path = `/api/catalog/courses/${COURSE}/lessons/${lessons[current.lesson % lessons.length]!.id}/completion`;
            const { auth } = learners[current.learner]!;
            await request(catalog.url).put(path).set(auth).expect(200);
            if (current.undo) await request(catalog.url).delete(path).set(auth).expect(200);
          } else if (current.kind === 'import') {
            const row = { courseId: courses[current.course]!, userId: randomUUID() };
            await db.insert(courseEnrolments).values({ ...row, source: 'admin', createdAt: daysAgo(current.daysAgo) });
            imported.push(row);
          } else if (current.kind === 'import-completion') {
            const lesson = lessons[current.lesson % lessons.length]!;
            await db.insert(lessonCompletions).values({ userId: randomUUID(), lessonId: lesson.id, courseId: lesson.courseId, completedAt: daysAgo(current.daysAgo) });
          } else if (current.kind === 'move' && imported.length > 0) {
            const row = imported[current.pick % imported.length]!;
            await db
              .update(courseEnrolments)
              .set({ createdAt: daysAgo(current.daysAgo) })
              .where(and(eq(courseEnrolments.courseId, row.courseId), eq(courseEnrolments.userId, row.userId)));
          } else if (current.kind === 'delete' && imported.length > 0) {
            const row = imported.splice(current.pick % imported.length, 1)[0]!;
            await db.delete(courseEnrolments).where(and(eq(courseEnrolments.courseId, row.courseId), eq(courseEnrolments.userId, row.userId)));
          }
        }
        expect(await rollupDifferences(db, catalogRollups)).toEqual([]);
        const range = { from: dayOf(daysAgo(first + length)), to: dayOf(daysAgo(first)) };
        const inRange = (date: Date) => dayOf(date) >= range.from && dayOf(date) <= range.to;
        const enrolments = await db.select().from(courseEnrolments);
        const stats = await catalogStatsFor(db, range);
        for (const course of stats.courses) {
          const of = enrolments.filter((row) => row.courseId === course.courseId);
          expect(course).toEqual({ courseId: course.courseId, members: of.length, newMembers: of.filter((row) => inRange(row.createdAt)).length });
        }
        expect(new Set(stats.courses.map((course) => course.courseId))).toEqual(
          new Set([...stats.courses.map((course) => course.courseId), ...enrolments.map((row) => row.courseId)]),
        );
        expect(stats.lessonCompletions).toBe((await db.select().from(lessonCompletions)).filter((row) => inRange(row.completedAt)).length);
        const { body } = await request(catalog.url).get('/api/catalog/admin/stats').query(range).set(admin.auth).expect(200);
        expect(body).toEqual(stats);
      }),
      { numRuns: Number(process.env.STATS_PROPERTY_RUNS ?? 15) },
    );
  }, 300_000);
});
