import { adminAgentList, adminLessonList, agentChangedV1, contentChangedV1, contentSectionList } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { type TestDatabase } from '@agentdock/service-data/testing';
import request from 'supertest';
import { SEED_AGENTS } from '../src/domain/seed-agents';
import { SEED_CONTENT } from '../src/domain/seed-content';
import { SEED_LESSONS } from '../src/domain/seed-lessons';
import { CatalogHarness, DRIVER, durableDatabase, type User } from './harness';

describe(`svc-catalog seeding across restarts (${DRIVER})`, () => {
  let database: TestDatabase;
  let harness: CatalogHarness;
  let admin: User;

  beforeAll(async () => {
    database = await durableDatabase();
    harness = await CatalogHarness.start(database);
    admin = await harness.user({ admin: true });
  });
  afterAll(() => harness.close());

  const adminAgents = async () => adminAgentList.parse((await request(harness.url).get('/api/catalog/admin/agents').set(admin.auth).expect(200)).body).agents;
  const adminLessons = async () =>
    adminLessonList.parse((await request(harness.url).get('/api/catalog/admin/courses/customer-service/lessons').set(admin.auth).expect(200)).body).lessons;
  const adminSections = async () => contentSectionList.parse((await request(harness.url).get('/api/catalog/admin/content').set(admin.auth).expect(200)).body).sections;

  it('publishes a created event for every seeded agent and section, so other services learn them', async () => {
    const agentEvents = await harness.collect(agentChangedV1);
    const contentEvents = await harness.collect(contentChangedV1);
    await eventually(async () => agentEvents.received().length === SEED_AGENTS.length && contentEvents.received().length === SEED_CONTENT.length);
    expect(
      agentEvents
        .received()
        .map((data) => data.agent.providerAgentId)
        .sort(),
    ).toEqual(SEED_AGENTS.map((agent) => agent.providerAgentId).sort());
    expect(
      contentEvents
        .received()
        .map((data) => data.section.slot)
        .sort(),
    ).toEqual(SEED_CONTENT.map((section) => section.slot).sort());
  });

  it('keeps admin deletions and edits of seeded items through a restart, and seeds nothing twice', async () => {
    const emailWriter = (await adminAgents()).find((agent) => agent.key === 'email-writer')!;
    await request(harness.url).delete(`/api/catalog/admin/agents/${emailWriter.id}`).set(admin.auth).expect(204);
    const hero = (await adminSections()).find((section) => section.slot === 'home.hero')!;
    await request(harness.url).patch(`/api/catalog/admin/content/${hero.id}`).set(admin.auth).send({ title: 'Our own headline', slot: 'home.hero-archived' }).expect(200);
    const [firstLesson] = await adminLessons();
    await request(harness.url).patch(`/api/catalog/admin/courses/customer-service/lessons/${firstLesson!.id}`).set(admin.auth).send({ title: 'Our own first lesson' }).expect(200);

    await harness.restart(database);

    const agents = await adminAgents();
    expect(agents.map((agent) => agent.key)).not.toContain('email-writer');
    expect(agents).toHaveLength(SEED_AGENTS.length - 1);
    const sections = await adminSections();
    expect(sections).toHaveLength(SEED_CONTENT.length);
    expect(sections.map((section) => section.slot)).not.toContain('home.hero');
    expect(sections.find((section) => section.id === hero.id)?.title).toBe('Our own headline');
    const lessons = await adminLessons();
    expect(lessons).toHaveLength(SEED_LESSONS.filter((lesson) => lesson.courseId === 'customer-service').length);
    expect(lessons[0]).toMatchObject({ id: firstLesson!.id, title: 'Our own first lesson' });
  });
});
