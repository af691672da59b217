import {
  COURSE_IDS,
  communityOffer,
  coursePublishedV1,
  course,
  courseList,
  discussionComment,
  discussionCommentList,
  enrolment,
  enrolmentChangedV1,
  enrolmentList,
  enrolmentStatus,
} from '@agentdock/contracts';
import type { TestDatabase } from '@agentdock/service-data/testing';
import request from 'supertest';
import { COMMENT_LIMIT } from '../src/domain/discussion';
import { CatalogHarness, DRIVER, durableDatabase, type User } from './harness';

const MEMBERS_ONLY = 'Members Only: You need to be enrolled in this course to access the discussion forum.';
const UNKNOWN_USER = '00000000-0000-4000-8000-000000000000';

describe(`svc-catalog courses, enrolment and discussion API (${DRIVER})`, () => {
  let database: TestDatabase;
  let harness: CatalogHarness;
  let admin: User;
  let member: User;
  let outsider: User;

  beforeAll(async () => {
    database = await durableDatabase();
    harness = await CatalogHarness.start(database);
    admin = await harness.user({ admin: true });
    member = await harness.user({ email: 'ada.lovelace@example.com' });
    outsider = await harness.user({ tier: 'enterprise' });
  });
  afterAll(() => harness.close());

  const grant = (courseId: string, userId: string) => request(harness.url).post(`/api/catalog/admin/courses/${courseId}/enrolments`).set(admin.auth).send({ userId });
  const status = async (user: User, courseId: string) =>
    enrolmentStatus.parse((await request(harness.url).get(`/api/catalog/courses/${courseId}/enrolment`).set(user.auth).expect(200)).body);

  describe('courses', () => {
    it('lists the four courses in the spec order with their monthly prices', async () => {
      const { courses } = courseList.parse((await request(harness.url).get('/api/catalog/courses').expect(200)).body);
      expect(courses.map((entry) => entry.id)).toEqual([...COURSE_IDS]);
      expect(courses.map((entry) => entry.priceMinor)).toEqual([2_500, 15_000, 7_000, 10_000]);
      // Counted, never typed in: nobody is enrolled yet in this fresh catalogue.
      expect(courses.map((entry) => [entry.students, entry.completionRate])).toEqual(COURSE_IDS.map(() => [0, null]));
    });

    it('serves one course in full', async () => {
      const detail = course.parse((await request(harness.url).get('/api/catalog/courses/ai-fundamentals').expect(200)).body);
      expect(detail).toMatchObject({ id: 'ai-fundamentals', estimatedDuration: '2 weeks', level: 'Beginner', priceMinor: 2_500, currency: 'usd' });
      expect(detail.modules[0]?.lessons.length).toBeGreaterThan(0);
      expect(detail.instructor.name.length).toBeGreaterThan(0);
    });

    it('answers an unknown course with 404 Course Not Found', async () => {
      const response = await request(harness.url).get('/api/catalog/courses/quantum-cooking').expect(404);
      expect(response.body.error).toMatchObject({ code: 'course_not_found', message: 'Course Not Found' });
    });

    it('serves the course and instructor images it links to', async () => {
      const detail = course.parse((await request(harness.url).get('/api/catalog/courses/customer-service').expect(200)).body);
      for (const image of [detail.image, detail.instructor.image]) {
        const response = await request(harness.url).get(image).expect(200);
        expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      }
      await request(harness.url).get('/api/catalog/assets/courses/missing.svg').expect(404);
    });

    it('serves the $50/month community offer with its 8 learnings, invite link and member count', async () => {
      const offer = communityOffer.parse((await request(harness.url).get('/api/catalog/community').expect(200)).body);
      expect(offer).toMatchObject({ priceMinor: 5_000, currency: 'usd' });
      expect(offer.learnings).toHaveLength(8);
      expect(offer.inviteUrl).toBe('https://discord.gg/agentdock');
      expect(offer.members).toBe(0);
      expect(offer).not.toHaveProperty('stats');
    });
  });

  describe('courses from the console', () => {
    const salesCourse = {
      title: 'Sales with Agents',
      description: 'Close more deals with agents.',
      level: 'Beginner',
      estimatedDuration: '3 weeks',
      priceMinor: 9_900,
      billing: 'one_time',
      image: '/api/catalog/assets/courses/ai-fundamentals.svg',
      instructor: { name: 'Rita Ng', role: 'Sales Lead', image: 'https://images.example.com/rita.png' },
    };
    const admins = () => request(harness.url);

    it('creates a one-time course, lists it last with no members, and publishes it for billing', async () => {
      const events = await harness.collect(coursePublishedV1);
      const created = course.parse((await admins().post('/api/catalog/admin/courses').set(admin.auth).send(salesCourse).expect(201)).body);
      expect(created).toMatchObject({ id: 'sales-with-agents', billing: 'one_time', archived: false, students: 0, modules: [{ title: 'Lessons', lessons: [] }] });
      const { courses } = courseList.parse((await request(harness.url).get('/api/catalog/courses').expect(200)).body);
      expect(courses.at(-1)).toMatchObject({ id: 'sales-with-agents', priceMinor: 9_900, billing: 'one_time' });
      await events.waitFor((data) => data.courseId === 'sales-with-agents');
    });

    it('refuses a course that is not complete, naming each field in words', async () => {
      const response = await admins()
        .post('/api/catalog/admin/courses')
        .set(admin.auth)
        .send({ ...salesCourse, title: ' ', priceMinor: 10, billing: 'yearly', image: 'javascript:alert(1)' })
        .expect(400);
      const messages = Object.fromEntries(response.body.error.fields.map((field: { path: string; message: string }) => [field.path, field.message]));
      expect(messages).toMatchObject({
        title: 'Give the course a title',
        priceMinor: 'The price must be at least 0.50',
        billing: 'Choose one-time or monthly',
        image: 'Use an https:// image address or one of the catalog images',
      });
    });

    it('edits, reorders and archives: an archived course leaves the list, its page stays for members', async () => {
      const edited = course.parse((await admins().patch('/api/catalog/admin/courses/sales-with-agents').set(admin.auth).send({ estimatedDuration: '4 weeks' }).expect(200)).body);
      expect(edited).toMatchObject({ estimatedDuration: '4 weeks', title: 'Sales with Agents' });
      const all = courseList.parse((await admins().get('/api/catalog/admin/courses').set(admin.auth).expect(200)).body).courses.map((entry) => entry.id);
      const moved = [all.at(-1)!, ...all.slice(0, -1)];
      const reordered = courseList.parse((await admins().put('/api/catalog/admin/courses/order').set(admin.auth).send({ courseIds: moved }).expect(200)).body);
      expect(reordered.courses.map((entry) => entry.id)).toEqual(moved);
      await admins()
        .put('/api/catalog/admin/courses/order')
        .set(admin.auth)
        .send({ courseIds: moved.slice(1) })
        .expect(400);

      await admins().post('/api/catalog/admin/courses/sales-with-agents/archive').set(admin.auth).expect(200);
      const listed = courseList.parse((await request(harness.url).get('/api/catalog/courses').expect(200)).body).courses.map((entry) => entry.id);
      expect(listed).not.toContain('sales-with-agents');
      expect((await request(harness.url).get('/api/catalog/courses/sales-with-agents').expect(200)).body).toMatchObject({ archived: true });
      const console = courseList.parse((await admins().get('/api/catalog/admin/courses').set(admin.auth).expect(200)).body).courses;
      expect(console.find((entry) => entry.id === 'sales-with-agents')).toMatchObject({ archived: true });
      await admins().put('/api/catalog/admin/courses/order').set(admin.auth).send({ courseIds: all }).expect(200);
      await admins().post('/api/catalog/admin/courses/no-such-course/archive').set(admin.auth).expect(404);

      // An archive by mistake is undone: listed and sold again.
      expect((await admins().post('/api/catalog/admin/courses/sales-with-agents/restore').set(admin.auth).expect(200)).body).toMatchObject({ archived: false });
      const relisted = courseList.parse((await request(harness.url).get('/api/catalog/courses').expect(200)).body).courses.map((entry) => entry.id);
      expect(relisted).toContain('sales-with-agents');
      await admins().post('/api/catalog/admin/courses/no-such-course/restore').set(admin.auth).expect(404);
    });
  });

  describe('enrolment', () => {
    it('tells a signed-in user they are not enrolled, and asks anonymous callers to sign in', async () => {
      expect(await status(outsider, 'build-ai-agents')).toEqual({ courseId: 'build-ai-agents', enrolled: false });
      await request(harness.url).get('/api/catalog/courses/build-ai-agents/enrolment').expect(401);
      await request(harness.url).get('/api/catalog/courses/nope/enrolment').set(outsider.auth).expect(404);
    });

    it.each([
      ['get', '/api/catalog/admin/courses/build-ai-agents/enrolments'],
      ['post', '/api/catalog/admin/courses/build-ai-agents/enrolments'],
      ['delete', `/api/catalog/admin/courses/build-ai-agents/enrolments/${UNKNOWN_USER}`],
    ] as const)('refuses %s %s with 401 anonymous and 403 to a non-admin', async (method, path) => {
      await request(harness.url)[method](path).send({ userId: UNKNOWN_USER }).expect(401);
      await request(harness.url)[method](path).set(outsider.auth).send({ userId: UNKNOWN_USER }).expect(403);
    });

    it('validates the grant body and the course', async () => {
      const invalid = await grant('build-ai-agents', 'not-a-uuid').expect(400);
      expect(invalid.body.error.fields[0].path).toBe('userId');
      const unknownCourse = await grant('quantum-cooking', member.id).expect(404);
      expect(unknownCourse.body.error.code).toBe('course_not_found');
      await request(harness.url).get('/api/catalog/admin/courses/quantum-cooking/enrolments').set(admin.auth).expect(404);
    });

    it('grants idempotently, lists, revokes, and publishes each change once', async () => {
      const events = await harness.collect(enrolmentChangedV1);
      const student = await harness.user();
      const granted = enrolment.parse((await grant('customer-service', student.id).expect(201)).body);
      expect(granted).toMatchObject({ courseId: 'customer-service', userId: student.id, source: 'admin' });
      const again = enrolment.parse((await grant('customer-service', student.id).expect(200)).body);
      expect(again).toEqual(granted);
      expect(await status(student, 'customer-service')).toEqual({ courseId: 'customer-service', enrolled: true });
      expect(await status(student, 'ai-fundamentals')).toEqual({ courseId: 'ai-fundamentals', enrolled: false });

      const list = enrolmentList.parse((await request(harness.url).get('/api/catalog/admin/courses/customer-service/enrolments').set(admin.auth).expect(200)).body);
      expect(list.enrolments.map((entry) => entry.userId)).toContain(student.id);

      await events.waitFor((data) => data.change === 'granted' && data.enrolment.userId === student.id);
      await request(harness.url).delete(`/api/catalog/admin/courses/customer-service/enrolments/${student.id}`).set(admin.auth).expect(204);
      await events.waitFor((data) => data.change === 'revoked' && data.enrolment.userId === student.id);
      expect(
        events
          .received()
          .filter((data) => data.enrolment.userId === student.id)
          .map((data) => data.change),
      ).toEqual(['granted', 'revoked']);
      expect(await status(student, 'customer-service')).toEqual({ courseId: 'customer-service', enrolled: false });

      const gone = await request(harness.url).delete(`/api/catalog/admin/courses/customer-service/enrolments/${student.id}`).set(admin.auth).expect(404);
      expect(gone.body.error.code).toBe('enrolment_not_found');
    });
  });

  describe('discussion', () => {
    const discussion = (courseId: string) => `/api/catalog/courses/${courseId}/discussion`;

    it('asks anonymous callers to sign in', async () => {
      await request(harness.url).get(discussion('ai-fundamentals')).expect(401);
      await request(harness.url).post(discussion('ai-fundamentals')).send({ body: 'Hi' }).expect(401);
    });

    it('refuses a signed-in user who is not enrolled, whatever their plan, to read or post', async () => {
      const read = await request(harness.url).get(discussion('ai-fundamentals')).set(outsider.auth).expect(403);
      expect(read.body.error).toMatchObject({ code: 'not_enrolled', message: MEMBERS_ONLY });
      const post = await request(harness.url).post(discussion('ai-fundamentals')).set(outsider.auth).send({ body: 'Let me in' }).expect(403);
      expect(post.body.error.message).toBe(MEMBERS_ONLY);
    });

    it('answers an unknown course with 404 before checking membership', async () => {
      const response = await request(harness.url).get(discussion('quantum-cooking')).set(outsider.auth).expect(404);
      expect(response.body.error.message).toBe('Course Not Found');
    });

    it('lets an enrolled member post and read, oldest first, with author and time', async () => {
      await grant('ai-fundamentals', member.id).expect(201);
      expect((await request(harness.url).get(discussion('ai-fundamentals')).set(member.auth).expect(200)).body).toEqual({ comments: [] });

      const first = discussionComment.parse(
        (await request(harness.url).post(discussion('ai-fundamentals')).set(member.auth).send({ body: '  Which module covers prompting?  ' }).expect(201)).body,
      );
      expect(first).toMatchObject({ courseId: 'ai-fundamentals', authorId: member.id, authorName: 'ada.lovelace', body: 'Which module covers prompting?' });
      expect(Date.now() - Date.parse(first.createdAt)).toBeLessThan(60_000);

      const markup = '<script>alert("x")</script> & <b>bold</b>';
      await request(harness.url).post(discussion('ai-fundamentals')).set(member.auth).send({ body: markup }).expect(201);

      const { comments } = discussionCommentList.parse((await request(harness.url).get(discussion('ai-fundamentals')).set(member.auth).expect(200)).body);
      // Plain text is stored and served as typed; the page renders it as text, never as HTML.
      expect(comments.map((comment) => comment.body)).toEqual(['Which module covers prompting?', markup]);
    });

    it('keeps each course discussion to its own members', async () => {
      const other = await request(harness.url).get(discussion('build-ai-agents')).set(member.auth).expect(403);
      expect(other.body.error.code).toBe('not_enrolled');
    });

    it('refuses an empty comment with a field message', async () => {
      const response = await request(harness.url).post(discussion('ai-fundamentals')).set(member.auth).send({ body: '   ' }).expect(400);
      expect(response.body.error.fields).toEqual([{ path: 'body', message: 'Write a comment first' }]);
    });

    it('lets an admin read and post without enrolment, to moderate', async () => {
      await request(harness.url).get(discussion('ai-fundamentals')).set(admin.auth).expect(200);
      const posted = await request(harness.url).post(discussion('ai-fundamentals')).set(admin.auth).send({ body: 'Welcome, everyone!' }).expect(201);
      expect(posted.body.authorId).toBe(admin.id);
    });

    it('shuts a member out once their enrolment is revoked', async () => {
      const leaver = await harness.user();
      await grant('advanced-implementation', leaver.id).expect(201);
      await request(harness.url).get(discussion('advanced-implementation')).set(leaver.auth).expect(200);
      await request(harness.url).delete(`/api/catalog/admin/courses/advanced-implementation/enrolments/${leaver.id}`).set(admin.auth).expect(204);
      await request(harness.url).get(discussion('advanced-implementation')).set(leaver.auth).expect(403);
    });

    it('slows down a member who posts too fast', async () => {
      const chatty = await harness.user();
      await grant('build-ai-agents', chatty.id).expect(201);
      for (let index = 0; index < COMMENT_LIMIT.count; index += 1) {
        await request(harness.url)
          .post(discussion('build-ai-agents'))
          .set(chatty.auth)
          .send({ body: `Message ${index}` })
          .expect(201);
      }
      const limited = await request(harness.url).post(discussion('build-ai-agents')).set(chatty.auth).send({ body: 'One more' }).expect(429);
      expect(limited.body.error.code).toBe('discussion_rate_limited');
      expect(limited.headers['retry-after']).toBe(String(COMMENT_LIMIT.windowSeconds));
    });

    it('keeps enrolments and comments across a restart', async () => {
      await harness.restart(database);
      expect(await status(member, 'ai-fundamentals')).toEqual({ courseId: 'ai-fundamentals', enrolled: true });
      const { comments } = discussionCommentList.parse((await request(harness.url).get(discussion('ai-fundamentals')).set(member.auth).expect(200)).body);
      expect(comments.map((comment) => comment.body)).toEqual(['Which module covers prompting?', '<script>alert("x")</script> & <b>bold</b>', 'Welcome, everyone!']);
    });
  });
});
