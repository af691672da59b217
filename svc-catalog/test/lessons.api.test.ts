import {
  adminLesson,
  adminLessonList,
  certificate,
  course,
  courseCompletedV1,
  courseOutline,
  courseProgress,
  exerciseAnswer,
  learningSummary,
  lesson,
  progressText,
} from '@agentdock/contracts';
import request from 'supertest';
import { MEMBERS_ONLY_LESSON } from '../src/domain/lessons';
import { CatalogHarness, DRIVER, type User } from './harness';

const COURSE = 'ai-fundamentals';
const base = `/api/catalog/courses/${COURSE}`;

describe(`svc-catalog lessons, progress and certificates (${DRIVER})`, () => {
  let harness: CatalogHarness;
  let admin: User;
  let member: User;
  let otherMember: User;
  let outsider: User;
  let lessonIds: string[];

  beforeAll(async () => {
    harness = await CatalogHarness.start();
    admin = await harness.user({ admin: true });
    member = await harness.user({ name: 'Grace Hopper' });
    otherMember = await harness.user({ email: 'alan.turing@example.com' });
    outsider = await harness.user({ tier: 'enterprise' });
    for (const user of [member, otherMember]) {
      await request(harness.url).post(`/api/catalog/admin/courses/${COURSE}/enrolments`).set(admin.auth).send({ userId: user.id }).expect(201);
    }
    const outline = courseOutline.parse((await request(harness.url).get(`${base}/outline`).expect(200)).body);
    lessonIds = outline.modules.flatMap((module) => module.lessons.map((summary) => summary.id));
  });
  afterAll(() => harness.close());

  const get = (path: string, user?: User) => (user ? request(harness.url).get(path).set(user.auth) : request(harness.url).get(path));
  const complete = (user: User, lessonId: string) => request(harness.url).put(`${base}/lessons/${lessonId}/completion`).set(user.auth);

  it('seeds every course with published lessons under its modules, the first one a free preview', async () => {
    const outline = courseOutline.parse((await get(`${base}/outline`).expect(200)).body);
    expect(outline.modules.map((module) => module.title)).toEqual(['How AI agents work', 'Prompting that works', 'AI in your business']);
    expect(outline.modules.map((module) => module.lessons.length)).toEqual([3, 3, 3]);
    expect(outline.modules.flatMap((module) => module.lessons).filter((summary) => summary.isPreview)).toEqual([expect.objectContaining({ title: 'What a language model is' })]);
    const served = course.parse((await get(base).expect(200)).body);
    expect(served.modules[0]!.lessons).toEqual(['What a language model is', 'From chatbots to agents', 'Strengths, limits and costs']);
    for (const id of ['build-ai-agents', 'advanced-implementation', 'customer-service']) {
      const other = courseOutline.parse((await get(`/api/catalog/courses/${id}/outline`).expect(200)).body);
      expect(other.modules.every((module) => module.lessons.length > 0)).toBe(true);
    }
  });

  it('opens the preview lesson to anyone, with its sanitised body and neighbours', async () => {
    const preview = lesson.parse((await get(`${base}/lessons/${lessonIds[0]}`).expect(200)).body);
    expect(preview).toMatchObject({ title: 'What a language model is', moduleTitle: 'How AI agents work', previousLessonId: null, nextLessonId: lessonIds[1] });
    expect(preview.html).toContain('<p>A language model is a program');
    expect(preview.html).toContain('<em>fits</em>');
  });

  it('keeps every other lesson for members: visitors 401, non-members 403 Members Only, suspended 403', async () => {
    const path = `${base}/lessons/${lessonIds[1]}`;
    expect((await get(path).expect(401)).body.error).toMatchObject({ code: 'sign_in_required', message: MEMBERS_ONLY_LESSON });
    expect((await get(path, outsider).expect(403)).body.error).toMatchObject({ code: 'not_enrolled', message: MEMBERS_ONLY_LESSON });
    expect(lesson.parse((await get(path, member).expect(200)).body)).toMatchObject({ previousLessonId: lessonIds[0], nextLessonId: lessonIds[2] });
    await get(path, admin).expect(200);
    // Completing or answering is refused just the same.
    expect((await complete(outsider, lessonIds[1]!).expect(403)).body.error.code).toBe('not_enrolled');
    await request(harness.url).put(`${path}/answer`).set(outsider.auth).send({ answer: 'x' }).expect(403);

    const suspended = await harness.user();
    await request(harness.url).post(`/api/catalog/admin/courses/${COURSE}/enrolments`).set(admin.auth).send({ userId: suspended.id }).expect(201);
    await get(path, suspended).expect(200);
    await harness.suspend(suspended);
    expect((await get(path, suspended).expect(403)).body.error.code).toBe('account_suspended');
    expect((await get(`${base}/lessons/${lessonIds[0]}`, suspended).expect(403)).body.error.code).toBe('account_suspended');
  });

  it('answers 404 for an unknown lesson, a lesson of another course, and a malformed id', async () => {
    await get(`${base}/lessons/00000000-0000-4000-8000-000000000000`, member).expect(404);
    await get(`/api/catalog/courses/customer-service/lessons/${lessonIds[0]}`).expect(404);
    expect((await get(`${base}/lessons/not-a-uuid`).expect(400)).body.error.code).toBe('validation_failed');
    await get(`/api/catalog/courses/no-such-course/lessons/${lessonIds[0]}`).expect(404);
  });

  it('keeps progress per learner: complete, un-mark, and the first unfinished lesson next', async () => {
    await complete(member, lessonIds[0]!).expect(200);
    const afterTwo = courseProgress.parse((await complete(member, lessonIds[1]!).expect(200)).body);
    expect(afterTwo).toMatchObject({ completed: 2, total: 9, percent: 22, nextLessonId: lessonIds[2], certificate: null });
    expect(progressText(afterTwo)).toBe('2 of 9 lessons, 22 %');
    // Completing twice counts once.
    expect(courseProgress.parse((await complete(member, lessonIds[1]!).expect(200)).body).completed).toBe(2);
    const undone = courseProgress.parse((await request(harness.url).delete(`${base}/lessons/${lessonIds[0]}/completion`).set(member.auth).expect(200)).body);
    expect(undone).toMatchObject({ completed: 1, completedLessonIds: [lessonIds[1]], nextLessonId: lessonIds[0] });

    const other = courseProgress.parse((await get(`${base}/progress`, otherMember).expect(200)).body);
    expect(other).toMatchObject({ completed: 0, total: 9, percent: 0, nextLessonId: lessonIds[0] });
    await get(`${base}/progress`).expect(401);

    const summary = learningSummary.parse((await get('/api/catalog/me/learning', member).expect(200)).body);
    expect(summary.courses).toEqual([expect.objectContaining({ courseId: COURSE, completed: 1, total: 9, nextLessonId: lessonIds[0] })]);
    // A member who has not started yet sees the course too, from its first lesson; a non-member nothing.
    expect(learningSummary.parse((await get('/api/catalog/me/learning', otherMember).expect(200)).body).courses).toEqual([
      expect.objectContaining({ courseId: COURSE, completed: 0, nextLessonId: lessonIds[0] }),
    ]);
    expect(learningSummary.parse((await get('/api/catalog/me/learning', outsider).expect(200)).body).courses).toEqual([]);
  });

  it('keeps exercise answers private to their author', async () => {
    const path = `${base}/lessons/${lessonIds[2]}/answer`;
    expect(exerciseAnswer.parse((await get(path, member).expect(200)).body)).toEqual({ answer: '', updatedAt: null });
    await request(harness.url).put(path).set(member.auth).send({ answer: 'Weekly report <b>draft</b>' }).expect(200);
    expect(exerciseAnswer.parse((await get(path, member).expect(200)).body).answer).toBe('Weekly report <b>draft</b>');
    expect(exerciseAnswer.parse((await get(path, otherMember).expect(200)).body).answer).toBe('');
    expect(
      (
        await request(harness.url)
          .put(path)
          .set(member.auth)
          .send({ answer: 'x'.repeat(10_001) })
          .expect(400)
      ).body.error.code,
    ).toBe('validation_failed');
  });

  it('issues the certificate only once every lesson is complete, and verifies it publicly', async () => {
    const completions = await harness.collect(courseCompletedV1);
    for (const id of lessonIds.slice(0, -1)) await complete(member, id).expect(200);
    const almost = courseProgress.parse((await get(`${base}/progress`, member).expect(200)).body);
    expect(almost).toMatchObject({ completed: 8, total: 9, certificate: null, nextLessonId: lessonIds[8] });

    const done = courseProgress.parse((await complete(member, lessonIds[8]!).expect(200)).body);
    expect(done).toMatchObject({ completed: 9, percent: 100 });
    const issued = certificate.parse(done.certificate);
    expect(issued).toMatchObject({ courseId: COURSE, courseTitle: 'AI Fundamentals for Business', learnerName: 'Grace Hopper' });
    expect(issued.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    // Public, for anyone holding the code (any case); a made-up code is 404.
    expect(certificate.parse((await get(`/api/catalog/certificates/${issued.code}`).expect(200)).body)).toEqual(issued);
    await get(`/api/catalog/certificates/${issued.code.toLowerCase()}`).expect(200);
    expect((await get('/api/catalog/certificates/ABCD-EFGH-JKLM').expect(404)).body.error.code).toBe('certificate_not_found');
    await get('/api/catalog/certificates/nonsense').expect(404);

    const pdf = await get(`/api/catalog/certificates/${issued.code}/pdf`)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    await get('/api/catalog/certificates/ABCD-EFGH-JKLM/pdf').expect(404);

    // Un-marking a lesson later keeps the certificate; finishing again issues no second one.
    await request(harness.url).delete(`${base}/lessons/${lessonIds[3]}/completion`).set(member.auth).expect(200);
    const again = courseProgress.parse((await complete(member, lessonIds[3]!).expect(200)).body);
    expect(again.certificate?.code).toBe(issued.code);

    // One congratulation, for the one certificate, whatever is completed again afterwards.
    const congratulation = await completions.waitFor((data) => data.userId === member.id);
    expect(congratulation).toEqual({ userId: member.id, courseId: COURSE, courseTitle: issued.courseTitle, certificateCode: issued.code, completedAt: issued.completedAt });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(completions.received().filter((data) => data.userId === member.id)).toHaveLength(1);

    const summary = learningSummary.parse((await get('/api/catalog/me/learning', member).expect(200)).body);
    expect(summary).toEqual({ courses: [], certificates: [issued] });
    expect(learningSummary.parse((await get('/api/catalog/me/learning', otherMember).expect(200)).body).certificates).toEqual([]);
  });

  it('keeps progress and certificates when access ends, while the lessons close', async () => {
    const leaver = await harness.user({ name: 'Leaving Learner' });
    await request(harness.url).post(`/api/catalog/admin/courses/${COURSE}/enrolments`).set(admin.auth).send({ userId: leaver.id }).expect(201);
    await complete(leaver, lessonIds[0]!).expect(200);
    await complete(leaver, lessonIds[1]!).expect(200);
    await request(harness.url).delete(`/api/catalog/admin/courses/${COURSE}/enrolments/${leaver.id}`).set(admin.auth).expect(204);
    expect(courseProgress.parse((await get(`${base}/progress`, leaver).expect(200)).body)).toMatchObject({ completed: 2, total: 9 });
    expect((await get(`${base}/lessons/${lessonIds[1]}`, leaver).expect(403)).body.error.code).toBe('not_enrolled');
    // The free preview stays open to them like to anyone.
    await get(`${base}/lessons/${lessonIds[0]}`, leaver).expect(200);
  });

  describe('the operator edits lessons', () => {
    const admins = (path: string) => `/api/catalog/admin/courses/${COURSE}${path}`;

    it('adds an unpublished lesson last in its module, publishes it, and the course page lists it', async () => {
      const created = adminLesson.parse(
        (
          await request(harness.url)
            .post(admins('/lessons'))
            .set(admin.auth)
            .send({ moduleIndex: 1, title: 'Prompt templates', body: 'Save **good** prompts.<script>alert(1)</script><img src=x onerror=alert(1)>', estimatedMinutes: 6 })
            .expect(201)
        ).body,
      );
      expect(created).toMatchObject({ isPublished: false, isPreview: false, position: 3, videoUrl: null });
      expect(created.html).toContain('<strong>good</strong>');
      expect(created.html).not.toMatch(/script|onerror/);
      await get(`${base}/lessons/${created.id}`, member).expect(404);
      expect(course.parse((await get(base).expect(200)).body).modules[1]!.lessons).not.toContain('Prompt templates');

      const published = adminLesson.parse(
        (
          await request(harness.url)
            .patch(admins(`/lessons/${created.id}`))
            .set(admin.auth)
            .send({ isPublished: true, videoUrl: 'https://www.youtube-nocookie.com/embed/abc123', exercisePrompt: 'Write one template.' })
            .expect(200)
        ).body,
      );
      expect(published).toMatchObject({ isPublished: true, videoUrl: 'https://www.youtube-nocookie.com/embed/abc123' });
      expect(course.parse((await get(base).expect(200)).body).modules[1]!.lessons.at(-1)).toBe('Prompt templates');
      expect(lesson.parse((await get(`${base}/lessons/${created.id}`, member).expect(200)).body)).toMatchObject({ exercisePrompt: 'Write one template.' });
      // One more lesson: the member's finished course is 9 of 10 now, the certificate stays.
      expect(courseProgress.parse((await get(`${base}/progress`, member).expect(200)).body)).toMatchObject({ completed: 9, total: 10, nextLessonId: created.id });

      const unpublished = await request(harness.url)
        .patch(admins(`/lessons/${created.id}`))
        .set(admin.auth)
        .send({ isPublished: false })
        .expect(200);
      expect(unpublished.body.isPublished).toBe(false);
      expect(courseOutline.parse((await get(`${base}/outline`).expect(200)).body).modules[1]!.lessons.map((summary) => summary.title)).not.toContain('Prompt templates');
    });

    it('reorders lessons, refusing a list that is not every lesson exactly once', async () => {
      const all = adminLessonList.parse((await get(admins('/lessons'), admin).expect(200)).body).lessons;
      const moduleZero = all.filter((row) => row.moduleIndex === 0).map((row) => row.id);
      const order = [...moduleZero].reverse().concat(all.filter((row) => row.moduleIndex !== 0).map((row) => row.id));
      const reordered = adminLessonList.parse((await request(harness.url).put(admins('/lessons/order')).set(admin.auth).send({ lessonIds: order }).expect(200)).body);
      expect(reordered.lessons.filter((row) => row.moduleIndex === 0).map((row) => row.id)).toEqual([...moduleZero].reverse());
      const outline = courseOutline.parse((await get(`${base}/outline`).expect(200)).body);
      expect(outline.modules[0]!.lessons.map((summary) => summary.id)).toEqual([...moduleZero].reverse());

      const refused = await request(harness.url)
        .put(admins('/lessons/order'))
        .set(admin.auth)
        .send({ lessonIds: order.slice(1) })
        .expect(400);
      expect(refused.body.error.code).toBe('lesson_order_invalid');
      await request(harness.url)
        .put(admins('/lessons/order'))
        .set(admin.auth)
        .send({ lessonIds: [order[0], ...order.slice(0, -1)] })
        .expect(400);
    });

    it('refuses bad input with field messages, and non-admins', async () => {
      const video = await request(harness.url).post(admins('/lessons')).set(admin.auth).send({ moduleIndex: 0, title: 'Video', videoUrl: 'https://evil.example.com/embed/x' });
      expect(video.status).toBe(400);
      expect(video.body.error.fields).toEqual([expect.objectContaining({ path: 'videoUrl' })]);
      await request(harness.url).post(admins('/lessons')).set(admin.auth).send({ moduleIndex: 0, title: 'Js', videoUrl: 'javascript:alert(1)' }).expect(400);
      const file = await request(harness.url)
        .post(admins('/lessons'))
        .set(admin.auth)
        .send({ moduleIndex: 0, title: 'File', videoUrl: 'https://cdn.example.com/lesson.mp4' })
        .expect(201);
      expect(file.body.videoUrl).toBe('https://cdn.example.com/lesson.mp4');
      const module = await request(harness.url).post(admins('/lessons')).set(admin.auth).send({ moduleIndex: 7, title: 'Nowhere' }).expect(400);
      expect(module.body.error).toMatchObject({ code: 'module_not_found', fields: [expect.objectContaining({ path: 'moduleIndex' })] });
      await request(harness.url).post(admins('/lessons')).set(admin.auth).send({ moduleIndex: 0, title: '  ' }).expect(400);
      await request(harness.url).patch(admins('/lessons/00000000-0000-4000-8000-000000000000')).set(admin.auth).send({ title: 'x' }).expect(404);
      await request(harness.url).post(admins('/lessons')).set(member.auth).send({ moduleIndex: 0, title: 'Sneaky' }).expect(403);
      await request(harness.url).post('/api/catalog/admin/courses/no-such-course/lessons').set(admin.auth).send({ moduleIndex: 0, title: 'x' }).expect(404);
    });
  });
});
