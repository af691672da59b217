import { type AdminAgent, adminAgent, adminAgentList, agentChangedV1, agentList } from '@agentdock/contracts';
import request from 'supertest';
import { CatalogHarness, DRIVER, type User } from './harness';

describe(`svc-catalog agents API (${DRIVER})`, () => {
  let harness: CatalogHarness;
  let admin: User;
  let customer: User;

  beforeAll(async () => {
    harness = await CatalogHarness.start();
    admin = await harness.user({ admin: true, tier: 'free' });
    customer = await harness.user({ tier: 'enterprise' });
  });
  afterAll(() => harness.close());

  const availableKeys = async (user: User) => {
    const response = await request(harness.url).get('/api/catalog/agents/available').set(user.auth).expect(200);
    return agentList.parse(response.body).agents.map((agent) => agent.key);
  };

  it('serves the ten seeded agents publicly, by name, without provider ids', async () => {
    const response = await request(harness.url).get('/api/catalog/agents').expect(200);
    const { agents } = agentList.parse(response.body);
    expect(agents).toHaveLength(10);
    const names = agents.map((agent) => agent.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(JSON.stringify(response.body)).not.toContain('providerAgentId');
    expect(JSON.stringify(response.body)).not.toContain('demo-');
    for (const agent of agents) {
      expect(agent.description.length).toBeGreaterThan(0);
      expect(agent.features.length).toBeGreaterThanOrEqual(3);
      expect(agent.useCase.length).toBeGreaterThan(0);
    }
  });

  it('serves each tier its agents from the verified token: 3 free, 5 starter, 10 professional and enterprise', async () => {
    const counts = [];
    for (const tier of ['free', 'starter', 'professional', 'enterprise'] as const) counts.push((await availableKeys(await harness.user({ tier }))).length);
    expect(counts).toEqual([3, 5, 10, 10]);
    expect(await availableKeys(await harness.user({ tier: 'free' }))).toEqual(['email-writer', 'meeting-prep', 'startup-brainstorm']);
  });

  it('asks for a sign-in before the available list, and refuses a forged token', async () => {
    await request(harness.url).get('/api/catalog/agents/available').expect(401);
    await request(harness.url).get('/api/catalog/agents/available').set('authorization', 'Bearer not-a-token').expect(401);
  });

  it.each([
    ['get', '/api/catalog/admin/agents'],
    ['post', '/api/catalog/admin/agents'],
    ['patch', '/api/catalog/admin/agents/00000000-0000-4000-8000-000000000000'],
    ['delete', '/api/catalog/admin/agents/00000000-0000-4000-8000-000000000000'],
  ] as const)('refuses %s %s with 401 anonymous and 403 to a non-admin', async (method, path) => {
    await request(harness.url)[method](path).send({ key: 'x', name: 'X' }).expect(401);
    const forbidden = await request(harness.url)[method](path).set(customer.auth).send({ key: 'x', name: 'X' }).expect(403);
    expect(forbidden.body.error.message).toBe('Access denied. Admin privileges required.');
  });

  it('lists every agent with provider ids for admins', async () => {
    const response = await request(harness.url).get('/api/catalog/admin/agents').set(admin.auth).expect(200);
    const { agents } = adminAgentList.parse(response.body);
    expect(agents).toHaveLength(10);
    expect(agents.find((agent) => agent.key === 'meeting-prep')?.providerAgentId).toBe('demo-meeting-prep');
  });

  it('rejects an invalid agent with the fields at fault', async () => {
    const response = await request(harness.url).post('/api/catalog/admin/agents').set(admin.auth).send({ key: 'Not A Key', name: '', tier: 'gold', features: 'many' }).expect(400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.fields.map((field: { path: string }) => field.path)).toEqual(expect.arrayContaining(['key', 'name', 'tier', 'features']));
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    const malformed = await request(harness.url).patch('/api/catalog/admin/agents/42').set(admin.auth).send({ name: 'X' }).expect(400);
    expect(malformed.body.error.fields[0].path).toBe('id');
    const unknown = await request(harness.url).patch('/api/catalog/admin/agents/00000000-0000-4000-8000-000000000000').set(admin.auth).send({ name: 'X' }).expect(404);
    expect(unknown.body.error.code).toBe('agent_not_found');
    await request(harness.url).delete('/api/catalog/admin/agents/00000000-0000-4000-8000-000000000000').set(admin.auth).expect(404);
  });

  it('creates, edits, hides and deletes an agent, publishing each change with its provider id', async () => {
    const events = await harness.collect(agentChangedV1);
    const created = adminAgent.parse(
      (
        await request(harness.url)
          .post('/api/catalog/admin/agents')
          .set(admin.auth)
          .send({
            key: 'contract-reviewer',
            name: 'Contract Reviewer',
            description: 'Reads contracts.',
            features: ['Clause summaries'],
            tier: 'professional',
            providerAgentId: 'prov-123',
          })
          .expect(201)
      ).body,
    );
    expect(created).toMatchObject({ key: 'contract-reviewer', tier: 'professional', isActive: true, providerAgentId: 'prov-123', useCase: '' });
    await events.waitFor((data) => data.change === 'created' && data.agent.id === created.id && data.agent.providerAgentId === 'prov-123');

    const duplicate = await request(harness.url).post('/api/catalog/admin/agents').set(admin.auth).send({ key: 'contract-reviewer', name: 'Again' }).expect(409);
    expect(duplicate.body.error.code).toBe('agent_exists');

    // A partial edit changes only what was sent.
    const edited: AdminAgent = (await request(harness.url).patch(`/api/catalog/admin/agents/${created.id}`).set(admin.auth).send({ tier: 'starter' }).expect(200)).body;
    expect(edited).toMatchObject({ tier: 'starter', name: 'Contract Reviewer', description: 'Reads contracts.', features: ['Clause summaries'], providerAgentId: 'prov-123' });
    await events.waitFor((data) => data.change === 'updated' && data.agent.tier === 'starter');
    expect(await availableKeys(await harness.user({ tier: 'starter' }))).toContain('contract-reviewer');

    await request(harness.url).patch(`/api/catalog/admin/agents/${created.id}`).set(admin.auth).send({ isActive: false }).expect(200);
    expect(await availableKeys(await harness.user({ tier: 'enterprise' }))).not.toContain('contract-reviewer');
    const publicKeys = agentList.parse((await request(harness.url).get('/api/catalog/agents').expect(200)).body).agents.map((agent) => agent.key);
    expect(publicKeys).not.toContain('contract-reviewer');

    const renamedToTaken = await request(harness.url).patch(`/api/catalog/admin/agents/${created.id}`).set(admin.auth).send({ key: 'meeting-prep' }).expect(409);
    expect(renamedToTaken.body.error.fields[0].path).toBe('key');

    await request(harness.url).delete(`/api/catalog/admin/agents/${created.id}`).set(admin.auth).expect(204);
    await events.waitFor((data) => data.change === 'deleted' && data.agent.id === created.id);
    const adminKeys = adminAgentList.parse((await request(harness.url).get('/api/catalog/admin/agents').set(admin.auth).expect(200)).body).agents.map((agent) => agent.key);
    expect(adminKeys).not.toContain('contract-reviewer');
  });

  it('lists the newest agent first for admins', async () => {
    await request(harness.url).post('/api/catalog/admin/agents').set(admin.auth).send({ key: 'newest-agent', name: 'Newest' }).expect(201);
    const { agents } = adminAgentList.parse((await request(harness.url).get('/api/catalog/admin/agents').set(admin.auth).expect(200)).body);
    expect(agents[0]?.key).toBe('newest-agent');
  });
});
