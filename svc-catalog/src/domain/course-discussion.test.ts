import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type AccessTokenClaims, DEFAULT_PLANS } from '@agentdock/contracts';
import { type Database, enqueueEvent, inTransaction } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { type CatalogSchema, courseComments, courseEnrolments, plans, schema } from '../db/schema';
import { SEED_COURSES, seedCourseInput } from './course-catalogue';
import { insertCourse } from './courses';
import { assertDiscussionAccess, COMMENT_LIMIT, listComments, postComment } from './discussion';
import { PUBLIC_PLANS_MAX_AGE_MS, publicPlansCache } from './plan-cache';
import { seedPlansIfEmpty } from './plans';
import type { CatalogWriter } from './writer';

// The discussion's rules and the public plan list against a real database, opened once for the file.
describe(`course discussion and public plans (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database<CatalogSchema>;
  beforeAll(async () => {
    database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../../migrations', import.meta.url)) });
    const writer = testWriter();
    await inTransaction(database.db, async (tx) => {
      for (const seed of SEED_COURSES) await insertCourse(writer, tx, seed.id, seedCourseInput(seed));
    });
  });
  afterAll(() => database?.close());
  const db = () => database.db;
  const testWriter = (): CatalogWriter => ({
    transaction: (work) => inTransaction(db(), work),
    enqueue: (tx, event, data) => enqueueEvent(tx, 'svc-catalog', event, data),
  });
  const [course, otherCourse] = SEED_COURSES;
  const claims = (fields: Partial<AccessTokenClaims> = {}): AccessTokenClaims => ({ sub: randomUUID(), email: 'member@example.com', admin: false, tier: 'free', ...fields });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { code?: string; status?: number; message: string; headers?: Record<string, string> }) => error,
    );

  describe('who may take part', () => {
    it('lets a member of the course in', async () => {
      const member = claims();
      await db().insert(courseEnrolments).values({ courseId: course!.id, userId: member.sub, source: 'subscription' });
      await expect(assertDiscussionAccess(db(), course!.id, member)).resolves.toBeUndefined();
    });

    it('lets an admin in without enrolment, to moderate', async () => {
      await expect(assertDiscussionAccess(db(), course!.id, claims({ admin: true }))).resolves.toBeUndefined();
    });

    it('keeps out a member of another course, and a caller whose id is not an account id', async () => {
      const member = claims();
      await db().insert(courseEnrolments).values({ courseId: otherCourse!.id, userId: member.sub, source: 'subscription' });
      for (const caller of [member, claims({ sub: 'not-a-uuid' })]) {
        expect(await refusal(assertDiscussionAccess(db(), course!.id, caller))).toMatchObject({
          status: 403,
          code: 'not_enrolled',
          message: 'Members Only: You need to be enrolled in this course to access the discussion forum.',
        });
      }
    });

    it('says the course does not exist before anything else, even to an admin', async () => {
      expect(await refusal(assertDiscussionAccess(db(), 'no-such-course', claims({ admin: true })))).toMatchObject({ status: 404, code: 'course_not_found' });
    });
  });

  describe('comments', () => {
    it('lists a course’s comments oldest first, and only that course’s', async () => {
      const courseId = `course-${randomUUID()}`;
      const authorId = randomUUID();
      const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
      await db()
        .insert(courseComments)
        .values([
          { courseId, authorId, authorName: 'Ada', body: 'second', createdAt: at(2) },
          { courseId, authorId, authorName: 'Ada', body: 'first', createdAt: at(1) },
          { courseId: `${courseId}-other`, authorId, authorName: 'Ada', body: 'elsewhere', createdAt: at(0) },
        ]);
      const comments = await listComments(db(), courseId);
      expect(comments.map((comment) => comment.body)).toEqual(['first', 'second']);
      expect(comments[0]).toEqual({ id: expect.any(String), courseId, authorId, authorName: 'Ada', body: 'first', createdAt: '2026-01-01T00:00:01.000Z' });
    });

    it('stores a comment as typed and returns it', async () => {
      const author = { id: randomUUID(), name: 'Grace' };
      const comment = await postComment(db(), course!.id, author, '  <b>as typed</b>  ');
      expect(comment).toMatchObject({ courseId: course!.id, authorId: author.id, authorName: 'Grace', body: '  <b>as typed</b>  ' });
      expect(Date.now() - Date.parse(comment.createdAt)).toBeLessThan(60_000);
      expect((await listComments(db(), course!.id)).map((listed) => listed.id)).toContain(comment.id);
    });

    it(`takes ${COMMENT_LIMIT.count} comments a minute from one author and refuses the next with a retry time`, async () => {
      const author = { id: randomUUID(), name: 'Flood' };
      for (let index = 0; index < COMMENT_LIMIT.count; index += 1) await postComment(db(), course!.id, author, `comment ${index}`);
      expect(await refusal(postComment(db(), course!.id, author, 'one more'))).toMatchObject({
        status: 429,
        code: 'discussion_rate_limited',
        message: 'You are posting too fast. Please wait a minute and try again.',
        headers: { 'Retry-After': '60' },
      });
      // Another author is not held back by the first one's flood.
      await expect(postComment(db(), course!.id, { id: randomUUID(), name: 'Other' }, 'hello')).resolves.toMatchObject({ body: 'hello' });
    });

    it('counts only the last minute towards the limit', async () => {
      const author = { id: randomUUID(), name: 'Steady' };
      const earlier = new Date(Date.now() - 61_000);
      await db()
        .insert(courseComments)
        .values(
          Array.from({ length: COMMENT_LIMIT.count }, (_, index) => ({
            courseId: course!.id,
            authorId: author.id,
            authorName: 'Steady',
            body: `old ${index}`,
            createdAt: earlier,
          })),
        );
      await expect(postComment(db(), course!.id, author, 'fresh')).resolves.toMatchObject({ body: 'fresh' });
      expect(COMMENT_LIMIT).toEqual({ count: 10, windowSeconds: 60 });
    });
  });

  describe('the public plan list', () => {
    it('lists the active plans in their order, and serves the cached list for a few seconds', async () => {
      const writer = testWriter();
      expect(await seedPlansIfEmpty(writer, DEFAULT_PLANS)).toBe(DEFAULT_PLANS.length);
      const active = [...DEFAULT_PLANS].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
      const cache = publicPlansCache(db());
      expect((await cache.get()).map((plan) => plan.id)).toEqual(active.map((plan) => plan.id));
      const [first] = active;
      await db().update(plans).set({ isActive: false }).where(eq(plans.id, first!.id));
      // Within the age limit the list read before the change is served...
      expect((await cache.get()).map((plan) => plan.id)).toContain(first!.id);
      // ...and a cache without one reads the database every time, without the inactive plan.
      expect((await publicPlansCache(db(), 0).get()).map((plan) => plan.id)).not.toContain(first!.id);
      expect(PUBLIC_PLANS_MAX_AGE_MS).toBe(5_000);
    });
  });
});
