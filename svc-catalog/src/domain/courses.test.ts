import { fileURLToPath } from 'node:url';
import { COMMUNITY_COURSE_ID, COURSE_IDS, COURSE_MONTHLY_PRICES, type CourseInput, coursePublishedV1 } from '@agentdock/contracts';
import { type AdminActor, type Database, enqueueEvent, inTransaction, listAdminActions } from '@agentdock/service-data';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { type CatalogSchema, schema } from '../db/schema';
import { COMMUNITY_OFFER, SEED_COURSES, seedCourseInput } from './course-catalogue';
import { archiveCourse, courseSlug, createCourse, getCourse, insertCourse, listCourses, reorderCourses, restoreCourse, updateCourse } from './courses';
import type { CatalogWriter } from './writer';

const actor: AdminActor = { id: '00000000-0000-4000-8000-0000000000aa', email: 'admin@example.com' };

const newCourse = (fields: Partial<CourseInput> = {}): CourseInput => ({
  title: 'AI for Sales Teams',
  description: 'Close more deals with agents.',
  fullDescription: '',
  level: 'Beginner',
  estimatedDuration: '3 weeks',
  priceMinor: 9_900,
  currency: 'usd',
  billing: 'one_time',
  image: '/api/catalog/assets/courses/ai-fundamentals.svg',
  instructor: { name: 'Rita Ng', role: 'Sales Lead', image: 'https://images.example.com/rita.png' },
  modules: ['Prospecting', 'Closing'],
  whatYouGet: ['Certificate of completion'],
  ...fields,
});

describe('course seed data', () => {
  it('keeps the four first courses, in order, at the prices the contracts give', () => {
    expect(SEED_COURSES.map((course) => course.id)).toEqual([...COURSE_IDS]);
    for (const course of SEED_COURSES)
      expect({ priceMinor: course.priceMinor, currency: course.currency }).toEqual(COURSE_MONTHLY_PRICES[course.id as (typeof COURSE_IDS)[number]]);
    expect({ priceMinor: COMMUNITY_OFFER.priceMinor, currency: COMMUNITY_OFFER.currency }).toEqual(COURSE_MONTHLY_PRICES[COMMUNITY_COURSE_ID]);
  });

  it('stores a seed course as a monthly course with its module titles', () => {
    const input = seedCourseInput(SEED_COURSES[0]!);
    expect(input).toMatchObject({ billing: 'monthly', modules: ['How AI agents work', 'Prompting that works', 'AI in your business'] });
  });
});

describe('course addresses', () => {
  it.each([
    ['AI for Sales (2027)', 'ai-for-sales-2027'],
    ['  Ünïcode & Co.  ', 'unicode-co'],
    ['!!!', 'course'],
  ])('makes %j into %j', (title, slug) => {
    expect(courseSlug(title)).toBe(slug);
  });

  it('keeps an address within the id length', () => {
    expect(courseSlug('a very long title '.repeat(10)).length).toBeLessThanOrEqual(56);
  });
});

describe(`courses in the database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database<CatalogSchema>;
  let writer: CatalogWriter;
  const published: unknown[] = [];
  beforeAll(async () => {
    database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../../migrations', import.meta.url)) });
    writer = {
      transaction: (work) => inTransaction(database.db, work),
      enqueue: (tx, event, data) => {
        if (event.type === coursePublishedV1.type) published.push(data);
        return enqueueEvent(tx, 'svc-catalog', event, data);
      },
    };
    await inTransaction(database.db, async (tx) => {
      for (const seed of SEED_COURSES) await insertCourse(writer, tx, seed.id, seedCourseInput(seed));
    });
  });
  afterAll(() => database?.close());
  beforeEach(() => published.splice(0));

  it('lists the seeded courses in order and finds one by id', async () => {
    expect((await listCourses(database.db, { includeArchived: false })).map((course) => course.id)).toEqual([...COURSE_IDS]);
    expect(await getCourse(database.db, 'build-ai-agents')).toMatchObject({ priceMinor: 15_000, billing: 'monthly', archived: false });
  });

  it.each(['unknown', '', 'AI-FUNDAMENTALS'])('refuses %j with course_not_found and the page text', async (id) => {
    await expect(getCourse(database.db, id)).rejects.toMatchObject({ status: 404, code: 'course_not_found', message: 'Course Not Found' });
  });

  it('creates a course last, with an id from its title, a free id when the title repeats, and publishes it', async () => {
    const first = await createCourse(writer, actor, newCourse());
    const second = await createCourse(writer, actor, newCourse());
    expect([first.id, second.id]).toEqual(['ai-for-sales-teams', 'ai-for-sales-teams-2']);
    expect(first).toMatchObject({
      billing: 'one_time',
      fullDescription: 'Close more deals with agents.',
      modules: [
        { title: 'Prospecting', lessons: [] },
        { title: 'Closing', lessons: [] },
      ],
    });
    expect((await listCourses(database.db, { includeArchived: false })).map((course) => course.id).slice(-2)).toEqual([first.id, second.id]);
    expect(published).toEqual([
      { courseId: first.id, title: 'AI for Sales Teams', priceMinor: 9_900, currency: 'usd', billing: 'one_time', archived: false },
      { courseId: second.id, title: 'AI for Sales Teams', priceMinor: 9_900, currency: 'usd', billing: 'one_time', archived: false },
    ]);
  });

  const audit = async (action: string) => (await listAdminActions(database.db, 'svc-catalog', { action, limit: 50 })).entries;

  it('edits only the fields sent, records before and after, and publishes the new price', async () => {
    const edited = await updateCourse(writer, actor, 'ai-fundamentals', { priceMinor: 4_900, billing: 'one_time' });
    expect(edited).toMatchObject({ title: 'AI Fundamentals for Business', priceMinor: 4_900, billing: 'one_time', level: 'Beginner' });
    expect(published).toEqual([expect.objectContaining({ courseId: 'ai-fundamentals', priceMinor: 4_900, billing: 'one_time' })]);
    const [entry] = await audit('course.update');
    expect(entry).toMatchObject({ target: 'course:ai-fundamentals', before: { priceMinor: 2_500, billing: 'monthly' }, after: { priceMinor: 4_900, billing: 'one_time' } });
  });

  it('renames and adds modules but never drops one that lessons may point at', async () => {
    const renamed = await updateCourse(writer, actor, 'customer-service', { modules: ['Support with AI', 'Your support agent', 'Running it well', 'Extra'] });
    expect(renamed.modules.map((module) => module.title)).toHaveLength(4);
    await expect(updateCourse(writer, actor, 'customer-service', { modules: ['Only one'] })).rejects.toMatchObject({ status: 400, code: 'module_not_found' });
    await expect(updateCourse(writer, actor, 'no-such-course', { title: 'x' })).rejects.toMatchObject({ code: 'course_not_found' });
  });

  it('reorders every course, and refuses an order that leaves one out or repeats one', async () => {
    const all = (await listCourses(database.db, { includeArchived: true })).map((course) => course.id);
    const reversed = [...all].reverse();
    expect((await reorderCourses(writer, actor, reversed)).map((course) => course.id)).toEqual(reversed);
    expect((await listCourses(database.db, { includeArchived: false })).map((course) => course.id)).toEqual(reversed);
    await expect(reorderCourses(writer, actor, reversed.slice(1))).rejects.toMatchObject({ status: 400, code: 'course_order_invalid' });
    await expect(reorderCourses(writer, actor, [...reversed.slice(1), reversed[1]!])).rejects.toMatchObject({ code: 'course_order_invalid' });
    const [entry] = await audit('course.reorder');
    expect(entry?.after).toEqual({ order: expect.arrayContaining(['AI Fundamentals for Business']) });
    await reorderCourses(writer, actor, all);
  });

  it('archives a course: off the list and out of sale, still found by id, archiving twice changes nothing', async () => {
    const archived = await archiveCourse(writer, actor, 'advanced-implementation');
    expect(archived.archived).toBe(true);
    expect(published).toEqual([expect.objectContaining({ courseId: 'advanced-implementation', archived: true })]);
    expect((await listCourses(database.db, { includeArchived: false })).map((course) => course.id)).not.toContain('advanced-implementation');
    expect((await listCourses(database.db, { includeArchived: true })).map((course) => course.id)).toContain('advanced-implementation');
    expect(await getCourse(database.db, 'advanced-implementation')).toMatchObject({ archived: true });
    await archiveCourse(writer, actor, 'advanced-implementation');
    expect(published).toHaveLength(1);
    expect(await audit('course.archive')).toHaveLength(1);

    const restored = await restoreCourse(writer, actor, 'advanced-implementation');
    expect(restored.archived).toBe(false);
    expect(published.at(-1)).toEqual(expect.objectContaining({ courseId: 'advanced-implementation', archived: false }));
    expect((await listCourses(database.db, { includeArchived: false })).map((course) => course.id)).toContain('advanced-implementation');
    await restoreCourse(writer, actor, 'advanced-implementation');
    expect(published).toHaveLength(2);
    expect(await audit('course.restore')).toHaveLength(1);
  });
});
