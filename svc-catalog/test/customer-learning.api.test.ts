import { courseOutline, courseProgress, customerLearning } from '@agentdock/contracts';
import request from 'supertest';
import { SEED_COURSES } from '../src/domain/course-catalogue';
import { CatalogHarness, DRIVER, type User } from './harness';

const learningOf = (userId: string) => `/api/catalog/admin/users/${userId}/learning`;
const titleOf = (courseId: string) => SEED_COURSES.find((course) => course.id === courseId)!.title;

describe(`svc-catalog customer learning for the admin console (${DRIVER})`, () => {
  let catalog: CatalogHarness;
  let admin: User;
  let learner: User;
  const lessonsOf = new Map<string, string[]>();

  beforeAll(async () => {
    catalog = await CatalogHarness.start();
    admin = await catalog.user({ admin: true });
    learner = await catalog.user({ name: 'Grace Hopper' });
    for (const courseId of ['ai-fundamentals', 'build-ai-agents', 'customer-service']) {
      const outline = courseOutline.parse((await request(catalog.url).get(`/api/catalog/courses/${courseId}/outline`).expect(200)).body);
      lessonsOf.set(
        courseId,
        outline.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id)),
      );
    }
  });
  afterAll(() => catalog.close());

  const grant = (courseId: string, user: User) =>
    request(catalog.url).post(`/api/catalog/admin/courses/${courseId}/enrolments`).set(admin.auth).send({ userId: user.id }).expect(201);
  const complete = (user: User, courseId: string, lessonId: string) =>
    request(catalog.url).put(`/api/catalog/courses/${courseId}/lessons/${lessonId}/completion`).set(user.auth).expect(200);

  it('lists the courses a customer can open or has started, lessons done of the published total, and certificate codes', async () => {
    const fundamentals = lessonsOf.get('ai-fundamentals')!;
    const agents = lessonsOf.get('build-ai-agents')!;
    const service = lessonsOf.get('customer-service')!;
    // A member halfway through one course, done with another (a certificate), and a preview lesson of a third.
    await grant('ai-fundamentals', learner);
    await grant('build-ai-agents', learner);
    for (const lessonId of fundamentals.slice(0, 3)) await complete(learner, 'ai-fundamentals', lessonId);
    for (const lessonId of agents) await complete(learner, 'build-ai-agents', lessonId);
    await complete(learner, 'customer-service', service[0]!);
    // An unpublished lesson no longer counts, neither done nor in the total.
    await request(catalog.url).patch(`/api/catalog/admin/courses/ai-fundamentals/lessons/${fundamentals[2]}`).set(admin.auth).send({ isPublished: false }).expect(200);
    // Someone else's progress is not theirs.
    const other = await catalog.user();
    await grant('advanced-implementation', other);
    await complete(other, 'ai-fundamentals', fundamentals[0]!);

    const certificate = courseProgress.parse((await request(catalog.url).get('/api/catalog/courses/build-ai-agents/progress').set(learner.auth).expect(200)).body).certificate;
    expect(certificate?.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const body = customerLearning.parse((await request(catalog.url).get(learningOf(learner.id)).set(admin.auth).expect(200)).body);
    expect(body.courses).toEqual([
      {
        courseId: 'ai-fundamentals',
        title: titleOf('ai-fundamentals'),
        membership: { source: 'admin', since: expect.any(String) },
        completed: 2,
        total: fundamentals.length - 1,
        certificate: null,
      },
      {
        courseId: 'build-ai-agents',
        title: titleOf('build-ai-agents'),
        membership: { source: 'admin', since: expect.any(String) },
        completed: agents.length,
        total: agents.length,
        certificate: { code: certificate!.code, completedAt: certificate!.completedAt },
      },
      { courseId: 'customer-service', title: titleOf('customer-service'), membership: null, completed: 1, total: service.length, certificate: null },
    ]);
    expect(Date.parse(body.courses[0]!.membership!.since)).toBeLessThanOrEqual(Date.now());
  });

  it('answers an empty list for a customer without courses, 400 for a malformed id, and only to admins', async () => {
    const newcomer = await catalog.user();
    expect((await request(catalog.url).get(learningOf(newcomer.id)).set(admin.auth).expect(200)).body).toEqual({ courses: [] });
    expect((await request(catalog.url).get(learningOf('not-a-uuid')).set(admin.auth).expect(400)).body.error.code).toBe('validation_failed');
    await request(catalog.url).get(learningOf(newcomer.id)).set(newcomer.auth).expect(403);
    await request(catalog.url).get(learningOf(newcomer.id)).expect(401);
  });
});
