import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { courseEnrolments } from '../src/db/schema';
import { COURSES } from '../src/domain/course-catalogue';
import { CatalogHarness, DRIVER } from './harness';

const STATS = '/api/catalog/admin/stats';

describe(`svc-catalog admin stats (${DRIVER})`, () => {
  let catalog: CatalogHarness;
  beforeAll(async () => {
    catalog = await CatalogHarness.start();
    const member = (courseId: string, createdAt: string) => ({ courseId, userId: randomUUID(), source: 'admin' as const, createdAt: new Date(createdAt) });
    await catalog.service.context.db
      .insert(courseEnrolments)
      .values([
        member('ai-fundamentals', '2026-02-27T10:00:00Z'),
        member('ai-fundamentals', '2026-03-01T00:00:00Z'),
        member('ai-fundamentals', '2026-03-02T23:59:59Z'),
        member('build-ai-agents', '2026-03-02T12:00:00Z'),
        member('build-ai-agents', '2026-03-03T00:00:00Z'),
      ]);
  });
  afterAll(() => catalog.close());

  it('counts each course’s members and those who joined in the range, per day', async () => {
    const admin = await catalog.user({ admin: true });
    const { body } = await request(catalog.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-02' }).set(admin.auth).expect(200);
    expect(body.courses).toHaveLength(COURSES.length);
    // Every course of the catalogue is listed, those without members with zeros.
    expect(body.courses.filter((course: { members: number }) => course.members > 0)).toEqual([
      { courseId: 'ai-fundamentals', members: 3, newMembers: 2 },
      { courseId: 'build-ai-agents', members: 2, newMembers: 1 },
    ]);
    expect(body.days).toEqual([
      { date: '2026-03-01', newMembers: 1 },
      { date: '2026-03-02', newMembers: 2 },
    ]);
  });

  it('is for admins only and refuses a range that is not one', async () => {
    const customer = await catalog.user();
    await request(catalog.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-02' }).set(customer.auth).expect(403);
    const admin = await catalog.user({ admin: true });
    await request(catalog.url).get(STATS).query({ from: '2026-03-01' }).set(admin.auth).expect(400);
  });
});
