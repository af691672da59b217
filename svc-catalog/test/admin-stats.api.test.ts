import { randomUUID } from 'node:crypto';
import { catalogStats } from '@agentdock/contracts';
import { asc } from '@agentdock/service-data/orm';
import request from 'supertest';
import { courseEnrolments, courseLessons, lessonCompletions } from '../src/db/schema';
import { SEED_COURSES } from '../src/domain/course-catalogue';
import { CatalogHarness, DRIVER } from './harness';

const STATS = '/api/catalog/admin/stats';
const DAY_MS = 86_400_000;

describe(`svc-catalog admin stats (${DRIVER})`, () => {
  let catalog: CatalogHarness;
  beforeAll(async () => {
    catalog = await CatalogHarness.start();
    const { db } = catalog.service.context;
    const member = (courseId: string, createdAt: string) => ({ courseId, userId: randomUUID(), source: 'admin' as const, createdAt: new Date(createdAt) });
    await db
      .insert(courseEnrolments)
      .values([
        member('ai-fundamentals', '2026-02-27T10:00:00Z'),
        member('ai-fundamentals', '2026-03-01T00:00:00Z'),
        member('ai-fundamentals', '2026-03-02T23:59:59Z'),
        member('build-ai-agents', '2026-03-02T12:00:00Z'),
        member('build-ai-agents', '2026-03-03T00:00:00Z'),
      ]);
    // Completions of the seeded lessons at known instants, two of them just outside 1–2 March.
    const [first, second, third] = await db.select().from(courseLessons).orderBy(asc(courseLessons.courseId), asc(courseLessons.moduleIndex), asc(courseLessons.position));
    const [ada, grace, alan] = [randomUUID(), randomUUID(), randomUUID()];
    const completion = (userId: string, lesson: typeof first, completedAt: string) => ({
      userId,
      lessonId: lesson!.id,
      courseId: lesson!.courseId,
      completedAt: new Date(completedAt),
    });
    await db
      .insert(lessonCompletions)
      .values([
        completion(ada, first, '2026-02-28T23:59:59.999Z'),
        completion(grace, first, '2026-03-01T00:00:00Z'),
        completion(grace, second, '2026-03-02T12:00:00Z'),
        completion(alan, third, '2026-03-02T23:59:59.999Z'),
        completion(alan, first, '2026-03-03T00:00:00Z'),
      ]);
  });
  afterAll(() => catalog.close());

  it('counts each course’s members and those who joined in the range, and the lessons completed, per day', async () => {
    const admin = await catalog.user({ admin: true });
    const { body } = await request(catalog.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-02' }).set(admin.auth).expect(200);
    expect(catalogStats.safeParse(body).success).toBe(true);
    expect(body.courses).toHaveLength(SEED_COURSES.length);
    // Every course of the catalogue is listed, those without members with zeros.
    expect(body.courses.filter((course: { members: number }) => course.members > 0)).toEqual([
      { courseId: 'ai-fundamentals', members: 3, newMembers: 2 },
      { courseId: 'build-ai-agents', members: 2, newMembers: 1 },
    ]);
    expect(body.lessonCompletions).toBe(3);
    expect(body.days).toEqual([
      { date: '2026-03-01', newMembers: 1, lessonCompletions: 1 },
      { date: '2026-03-02', newMembers: 2, lessonCompletions: 2 },
    ]);
  });

  it('counts a lesson marked complete through the API, and no longer once the learner un-marks it', async () => {
    const admin = await catalog.user({ admin: true });
    const learner = await catalog.user();
    await request(catalog.url).post('/api/catalog/admin/courses/customer-service/enrolments').set(admin.auth).send({ userId: learner.id }).expect(201);
    const outline = (await request(catalog.url).get('/api/catalog/courses/customer-service/outline').expect(200)).body as { modules: Array<{ lessons: Array<{ id: string }> }> };
    const [kept, undone] = outline.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id));
    const completion = (lessonId: string) => `/api/catalog/courses/customer-service/lessons/${lessonId}/completion`;
    await request(catalog.url).put(completion(kept!)).set(learner.auth).expect(200);
    await request(catalog.url).put(completion(undone!)).set(learner.auth).expect(200);
    await request(catalog.url).delete(completion(undone!)).set(learner.auth).expect(200);
    // Yesterday and today (UTC), so a run across midnight still sees the completion.
    const now = Date.now();
    const range = { from: new Date(now - DAY_MS).toISOString().slice(0, 10), to: new Date(now).toISOString().slice(0, 10) };
    const { body } = await request(catalog.url).get(STATS).query(range).set(admin.auth).expect(200);
    expect(body.lessonCompletions).toBe(1);
    expect(body.days.reduce((sum: number, day: { lessonCompletions: number }) => sum + day.lessonCompletions, 0)).toBe(1);
  });

  it('is for admins only and refuses a range that is not one', async () => {
    const customer = await catalog.user();
    await request(catalog.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-02' }).set(customer.auth).expect(403);
    const admin = await catalog.user({ admin: true });
    await request(catalog.url).get(STATS).query({ from: '2026-03-01' }).set(admin.auth).expect(400);
  });
});
