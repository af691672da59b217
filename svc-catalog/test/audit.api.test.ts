import { randomUUID } from 'node:crypto';
import { adminAgent, adminAuditList, contentSection } from '@agentdock/contracts';
import request from 'supertest';
import { CatalogHarness, DRIVER, type User } from './harness';

describe(`svc-catalog admin audit (${DRIVER})`, () => {
  let harness: CatalogHarness;
  let admin: User;
  let otherAdmin: User;
  let customer: User;

  beforeAll(async () => {
    harness = await CatalogHarness.start();
    admin = await harness.user({ admin: true, email: 'grace@example.com' });
    otherAdmin = await harness.user({ admin: true });
    customer = await harness.user();
  });
  afterAll(() => harness.close());

  const audit = async (query: Record<string, string> = {}) =>
    adminAuditList.parse((await request(harness.url).get('/api/catalog/admin/audit').query(query).set(admin.auth).expect(200)).body).entries;

  it('records each plan, agent, content and enrolment change with who did it and before/after, newest first', async () => {
    const api = request(harness.url);
    const plan = {
      id: 'audit-team',
      name: 'Team',
      tier: 'professional',
      monthly: { amountMinor: 25_000, priceId: null },
      annual: null,
      realTokensLimit: 50_000,
      platformCreditsLimit: 5_000_000,
      apiCallsLimit: 1_000,
      agentsIncluded: 10,
      features: [],
      notIncluded: [],
      cta: 'Choose Team',
      sortOrder: 9,
    };
    await api.post('/api/catalog/admin/plans').set(admin.auth).send(plan).expect(201);
    await api
      .patch('/api/catalog/admin/plans/audit-team')
      .set(admin.auth)
      .send({ monthly: { amountMinor: 30_000, priceId: null } })
      .expect(200);
    await api.delete('/api/catalog/admin/plans/audit-team').set(admin.auth).expect(204);
    const agent = adminAgent.parse((await api.post('/api/catalog/admin/agents').set(admin.auth).send({ key: 'audit-agent', name: 'Audited' }).expect(201)).body);
    await api.delete(`/api/catalog/admin/agents/${agent.id}`).set(admin.auth).expect(204);
    const section = contentSection.parse(
      (await api.post('/api/catalog/admin/content').set(admin.auth).send({ title: 'Audit', sectionType: 'about', format: 'markdown', content: 'one' }).expect(201)).body,
    );
    await api.patch(`/api/catalog/admin/content/${section.id}`).set(admin.auth).send({ content: 'two' }).expect(200);
    const member = randomUUID();
    await api.post('/api/catalog/admin/courses/build-ai-agents/enrolments').set(admin.auth).send({ userId: member }).expect(201);
    await api.delete(`/api/catalog/admin/courses/build-ai-agents/enrolments/${member}`).set(otherAdmin.auth).expect(204);
    // A refused change leaves no entry.
    await api.patch('/api/catalog/admin/plans/no-such-plan').set(admin.auth).send({ name: 'X' }).expect(404);

    const entries = await audit();
    expect(entries.map((entry) => [entry.action, entry.target])).toEqual([
      ['enrolment.revoke', 'course:build-ai-agents'],
      ['enrolment.grant', 'course:build-ai-agents'],
      ['content.update', `content:${section.id}`],
      ['content.create', `content:${section.id}`],
      ['agent.delete', 'agent:audit-agent'],
      ['agent.create', 'agent:audit-agent'],
      ['plan.delete', 'plan:audit-team'],
      ['plan.update', 'plan:audit-team'],
      ['plan.create', 'plan:audit-team'],
    ]);
    const update = entries.find((entry) => entry.action === 'plan.update');
    expect(update).toMatchObject({ service: 'svc-catalog', actorId: admin.id, actorEmail: 'grace@example.com', subjectUserId: null });
    expect(update?.before).toMatchObject({ monthly: { amountMinor: 25_000 } });
    expect(update?.after).toMatchObject({ monthly: { amountMinor: 30_000 } });
    expect(entries.find((entry) => entry.action === 'content.update')?.before).toMatchObject({ content: 'one' });

    expect((await audit({ user: member })).map((entry) => [entry.action, entry.actorId])).toEqual([
      ['enrolment.revoke', otherAdmin.id],
      ['enrolment.grant', admin.id],
    ]);
    expect((await audit({ admin: otherAdmin.id })).map((entry) => entry.action)).toEqual(['enrolment.revoke']);
    expect((await audit({ action: 'plan.update' })).map((entry) => entry.target)).toEqual(['plan:audit-team']);
  });

  it('serves the audit to admins only', async () => {
    await request(harness.url).get('/api/catalog/admin/audit').expect(401);
    const refused = await request(harness.url).get('/api/catalog/admin/audit').set(customer.auth).expect(403);
    expect(refused.body.error.message).toBe('Access denied. Admin privileges required.');
    await request(harness.url).get('/api/catalog/admin/audit').query({ limit: '1000' }).set(admin.auth).expect(400);
  });
});
