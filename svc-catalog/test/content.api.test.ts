import { type ContentSection, contentChangedV1, contentSection, contentSectionList } from '@agentdock/contracts';
import { eq } from '@agentdock/service-data/orm';
import request from 'supertest';
import { contentSections } from '../src/db/schema';
import { SEED_CONTENT } from '../src/domain/seed-content';
import { CatalogHarness, DRIVER, type User } from './harness';

const HOSTILE_HTML =
  '<h2 onclick="steal()">Offer</h2><script>steal()</script><iframe src="https://evil.example"></iframe><object data="x.swf"></object>' +
  '<embed src="x.swf"><p>Read <a href="javascript:steal()">this</a> and <a href="https://agentdock.example/pricing">our plans</a>.</p>' +
  '<img src="/banner.png" alt="Banner" onerror="steal()">';
const CLEAN_HTML = '<h2>Offer</h2><p>Read <a>this</a> and <a href="https://agentdock.example/pricing">our plans</a>.</p><img src="/banner.png" alt="Banner">';

describe(`svc-catalog content API (${DRIVER})`, () => {
  let harness: CatalogHarness;
  let admin: User;
  let customer: User;

  beforeAll(async () => {
    harness = await CatalogHarness.start();
    admin = await harness.user({ admin: true });
    customer = await harness.user({ tier: 'professional' });
  });
  afterAll(() => harness.close());

  const publicSections = async (query = '') => contentSectionList.parse((await request(harness.url).get(`/api/catalog/content${query}`).expect(200)).body).sections;
  const create = async (body: object) => contentSection.parse((await request(harness.url).post('/api/catalog/admin/content').set(admin.auth).send(body).expect(201)).body);

  it('seeds one active section per marketing text slot, rendered from Markdown', async () => {
    const sections = await publicSections();
    const [hero] = await publicSections('?slot=home.hero');
    expect(hero).toMatchObject({ sectionType: 'hero', format: 'markdown', title: 'Put AI agents to work for your business' });
    expect(hero?.html).toMatch(/^<p>Ready-made agents that prepare your meetings.*community of builders\.<\/p>\n$/);
    // Oldest first keeps the pages' order of blocks as seeded.
    const about = await publicSections('?sectionType=about');
    expect(about.map((section) => section.title)).toEqual(['Our Mission', 'Innovation', 'Excellence', 'Collaboration']);
    expect(sections.map((section) => section.slot)).toEqual(SEED_CONTENT.map((section) => section.slot));
  });

  it('refuses an unknown section type filter with 400', async () => {
    const response = await request(harness.url).get('/api/catalog/content?sectionType=footer').expect(400);
    expect(response.body.error.fields[0].path).toBe('sectionType');
  });

  it.each([
    ['get', '/api/catalog/admin/content'],
    ['post', '/api/catalog/admin/content'],
    ['patch', '/api/catalog/admin/content/00000000-0000-4000-8000-000000000000'],
    ['delete', '/api/catalog/admin/content/00000000-0000-4000-8000-000000000000'],
  ] as const)('refuses %s %s with 401 anonymous and 403 to a non-admin', async (method, path) => {
    await request(harness.url)[method](path).send({ title: 'Hacked', content: 'x' }).expect(401);
    await request(harness.url)[method](path).set(customer.auth).send({ title: 'Hacked', content: 'x' }).expect(403);
  });

  it('rejects an invalid section with the fields at fault', async () => {
    const response = await request(harness.url)
      .post('/api/catalog/admin/content')
      .set(admin.auth)
      .send({ title: ' ', sectionType: 'footer', format: 'pdf', slot: 'Home Hero' })
      .expect(400);
    expect(response.body.error.fields.map((field: { path: string }) => field.path)).toEqual(expect.arrayContaining(['title', 'sectionType', 'format', 'slot', 'content']));
  });

  it('sanitises HTML on save, stores it sanitised and serves it sanitised', async () => {
    const events = await harness.collect(contentChangedV1);
    const created = await create({ title: 'Spring offer', sectionType: 'pricing', slot: 'pricing.offer', format: 'html', content: HOSTILE_HTML });
    expect(created.content).toBe(CLEAN_HTML);
    expect(created.html).toBe(CLEAN_HTML);
    const [stored] = await harness.service.context.db.select().from(contentSections).where(eq(contentSections.id, created.id));
    expect(stored?.content).toBe(CLEAN_HTML);
    const [served] = await publicSections('?slot=pricing.offer');
    expect(served).toMatchObject({ id: created.id, content: CLEAN_HTML, html: CLEAN_HTML });
    const published = await events.waitFor((data) => data.change === 'created' && data.section.id === created.id);
    expect(published.section.html).toBe(CLEAN_HTML);
  });

  it('keeps Markdown as typed and serves its sanitised rendering', async () => {
    const markdown = '## Join us\n\nLearn **fast**. <img src="x.png" onerror="steal()">\n\n<script>steal()</script>\n\n[Go](javascript:steal())';
    const created = await create({ title: 'Join', sectionType: 'about', format: 'markdown', content: markdown });
    expect(created.content).toBe(markdown);
    expect(created.html).toContain('<h2>Join us</h2>');
    expect(created.html).toContain('<strong>fast</strong>');
    expect(created.html).not.toMatch(/script|onerror|javascript/i);
    expect(created.slot).toBeNull();
  });

  it('edits only what is sent, re-renders on a format change and publishes the update', async () => {
    const events = await harness.collect(contentChangedV1);
    const created = await create({ title: 'Draft', sectionType: 'features', slot: 'home.draft', content: '*Hello*' });
    expect(created.html).toBe('<p><em>Hello</em></p>\n');

    const retitled: ContentSection = (await request(harness.url).patch(`/api/catalog/admin/content/${created.id}`).set(admin.auth).send({ title: 'Final' }).expect(200)).body;
    expect(retitled).toMatchObject({ title: 'Final', sectionType: 'features', slot: 'home.draft', format: 'markdown', content: '*Hello*', isActive: true });

    const asHtml: ContentSection = (
      await request(harness.url).patch(`/api/catalog/admin/content/${created.id}`).set(admin.auth).send({ format: 'html', content: '<p onmouseover="x()">Hi</p>' }).expect(200)
    ).body;
    expect(asHtml).toMatchObject({ format: 'html', content: '<p>Hi</p>', html: '<p>Hi</p>' });
    await events.waitFor((data) => data.change === 'updated' && data.section.id === created.id && data.section.html === '<p>Hi</p>');

    await request(harness.url).patch(`/api/catalog/admin/content/${created.id}`).set(admin.auth).send({ isActive: false }).expect(200);
    expect(await publicSections('?slot=home.draft')).toEqual([]);
    const adminView = contentSectionList.parse((await request(harness.url).get('/api/catalog/admin/content').set(admin.auth).expect(200)).body);
    expect(adminView.sections.find((section) => section.id === created.id)?.isActive).toBe(false);
  });

  it('refuses a slot another section already uses with 409', async () => {
    const taken = await request(harness.url).post('/api/catalog/admin/content').set(admin.auth).send({ title: 'Second hero', slot: 'home.hero', content: 'x' }).expect(409);
    expect(taken.body.error).toMatchObject({ code: 'content_slot_taken', fields: [{ path: 'slot' }] });
    const created = await create({ title: 'Elsewhere', content: 'x' });
    await request(harness.url).patch(`/api/catalog/admin/content/${created.id}`).set(admin.auth).send({ slot: 'home.hero' }).expect(409);
  });

  it('answers an unknown section with 404 and a malformed id with 400', async () => {
    const unknown = await request(harness.url).patch('/api/catalog/admin/content/00000000-0000-4000-8000-000000000000').set(admin.auth).send({ title: 'X' }).expect(404);
    expect(unknown.body.error.code).toBe('content_not_found');
    await request(harness.url).patch('/api/catalog/admin/content/hero').set(admin.auth).send({ title: 'X' }).expect(400);
  });

  it('has no delete: an admin gets 405 with a clear message and the section stays', async () => {
    const [hero] = await publicSections('?slot=home.hero');
    const response = await request(harness.url).delete(`/api/catalog/admin/content/${hero!.id}`).set(admin.auth).expect(405);
    expect(response.headers.allow).toBe('PATCH');
    expect(response.body.error).toMatchObject({ code: 'content_not_deletable', message: expect.stringContaining('cannot be deleted') });
    expect(await publicSections('?slot=home.hero')).toHaveLength(1);
  });

  it('lists the newest section first for admins', async () => {
    const created = await create({ title: 'Newest', content: 'x' });
    const adminView = contentSectionList.parse((await request(harness.url).get('/api/catalog/admin/content').set(admin.auth).expect(200)).body);
    expect(adminView.sections[0]?.id).toBe(created.id);
  });
});
