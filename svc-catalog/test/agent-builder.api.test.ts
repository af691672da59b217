import { adminAgentList, adminAuditList, agentBuilder, agentPublishedV1, MAX_INSTRUCTIONS_LENGTH } from '@agentdock/contracts';
import request from 'supertest';
import { SEED_BEHAVIOURS } from '../src/domain/seed-behaviours';
import { CatalogHarness, DRIVER, type User } from './harness';

describe(`svc-catalog agent builder: draft, publish, restore (${DRIVER})`, () => {
  let harness: CatalogHarness;
  let admin: User;
  let customer: User;
  let agentId: string;

  beforeAll(async () => {
    harness = await CatalogHarness.start();
    admin = await harness.user({ admin: true, tier: 'free' });
    customer = await harness.user({ tier: 'enterprise' });
    const { agents } = adminAgentList.parse((await request(harness.url).get('/api/catalog/admin/agents').set(admin.auth).expect(200)).body);
    agentId = agents.find((agent) => agent.key === 'email-writer')!.id;
  });
  afterAll(() => harness.close());

  const builder = async (id = agentId) => agentBuilder.parse((await request(harness.url).get(`/api/catalog/admin/agents/${id}/builder`).set(admin.auth).expect(200)).body);
  const saveDraft = (body: object) => request(harness.url).put(`/api/catalog/admin/agents/${agentId}/draft`).set(admin.auth).send(body);
  const auditOf = async (action: string) =>
    adminAuditList.parse((await request(harness.url).get('/api/catalog/admin/audit').query({ action }).set(admin.auth).expect(200)).body).entries;

  it('seeds every default agent as a published version 1 with real instructions, starters and a temperature', async () => {
    const { agents } = adminAgentList.parse((await request(harness.url).get('/api/catalog/admin/agents').set(admin.auth).expect(200)).body);
    for (const agent of agents.filter((one) => one.key in SEED_BEHAVIOURS)) {
      const state = await builder(agent.id);
      expect(state.publishedVersion).toBe(1);
      const [first] = state.versions;
      expect(first).toMatchObject({ version: 1, restoredFrom: null, publishedBy: { id: 'system' } });
      expect(first!.behaviour.instructions.length).toBeGreaterThan(300);
      expect(first!.behaviour.instructions).not.toContain(agent.description);
      expect(first!.behaviour.starters.length).toBeGreaterThanOrEqual(3);
      expect(first!.behaviour.temperature).not.toBeNull();
      expect(state.draft).toEqual(first!.behaviour);
    }
    expect(agents.filter((one) => one.key in SEED_BEHAVIOURS)).toHaveLength(10);
  });

  it('keeps edits in the draft until Publish makes them the next live version, with its event and a line diff in the audit', async () => {
    const published = await harness.collect(agentPublishedV1);
    const before = await builder();
    const instructions = `${before.draft.instructions}\nAlways sign off with "Kind regards".`;
    const saved = agentBuilder.parse((await saveDraft({ ...before.draft, instructions, starters: ['Write a thank-you note'], temperature: 0.2 }).expect(200)).body);
    expect(saved.draft.instructions).toBe(instructions);
    expect(saved.publishedVersion).toBe(1);
    expect(saved.versions).toHaveLength(1);

    const afterPublish = agentBuilder.parse((await request(harness.url).post(`/api/catalog/admin/agents/${agentId}/publish`).set(admin.auth).expect(200)).body);
    expect(afterPublish.publishedVersion).toBe(2);
    expect(afterPublish.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(afterPublish.versions[0]).toMatchObject({
      publishedBy: { id: admin.id },
      restoredFrom: null,
      behaviour: { instructions, starters: ['Write a thank-you note'], temperature: 0.2 },
    });
    const event = await published.waitFor((data) => data.agentId === agentId && data.version === 2);
    expect(event).toMatchObject({ key: 'email-writer', behaviour: { instructions }, publishedBy: { id: admin.id } });

    const [entry] = await auditOf('agent.publish');
    expect(entry).toMatchObject({ target: 'agent:email-writer', actorId: admin.id, before: { version: 1 }, after: { version: 2 } });
    expect((entry!.after as { instructionsDiff: string }).instructionsDiff).toMatch(/^ {2}… \d+ unchanged lines\n\+ Always sign off with "Kind regards"\.$/);
  });

  it('restores an earlier version as a new live version (history only grows) and audits it', async () => {
    const published = await harness.collect(agentPublishedV1);
    const v1 = (await builder()).versions.find((version) => version.version === 1)!;
    const restored = agentBuilder.parse((await request(harness.url).post(`/api/catalog/admin/agents/${agentId}/versions/1/restore`).set(admin.auth).expect(200)).body);
    expect(restored.publishedVersion).toBe(3);
    expect(restored.versions[0]).toMatchObject({ version: 3, restoredFrom: 1, behaviour: v1.behaviour });
    expect(restored.draft).toEqual(v1.behaviour);
    expect(await published.waitFor((data) => data.agentId === agentId && data.version === 3)).toMatchObject({ behaviour: v1.behaviour });
    const [entry] = await auditOf('agent.restore');
    expect((entry!.after as { instructionsDiff: string }).instructionsDiff).toContain('- Always sign off with "Kind regards".');

    const missing = await request(harness.url).post(`/api/catalog/admin/agents/${agentId}/versions/99/restore`).set(admin.auth).expect(404);
    expect(missing.body.error.code).toBe('agent_version_not_found');
    await request(harness.url).post(`/api/catalog/admin/agents/${agentId}/versions/zero/restore`).set(admin.auth).expect(400);
  });

  it('refuses instructions over 20,000 characters, a fifth starter and a temperature above 2, changing nothing', async () => {
    const before = await builder();
    for (const bad of [{ instructions: 'x'.repeat(MAX_INSTRUCTIONS_LENGTH + 1) }, { starters: ['a', 'b', 'c', 'd', 'e'] }, { temperature: 2.5 }, { connectionId: 'not-a-uuid' }]) {
      const response = await saveDraft({ ...before.draft, ...bad }).expect(400);
      expect(response.body.error.code).toBe('validation_failed');
    }
    await saveDraft({ ...before.draft, instructions: 'x'.repeat(MAX_INSTRUCTIONS_LENGTH) }).expect(200);
    expect((await builder()).versions).toEqual(before.versions);
  });

  it('never shows instructions outside the admin builder: public catalogue, available list, 401/403 on the builder', async () => {
    const secret = 'PRIVATE-INSTRUCTION-MARKER';
    const current = await builder();
    await saveDraft({ ...current.draft, instructions: `${secret} draft` }).expect(200);
    await request(harness.url).post(`/api/catalog/admin/agents/${agentId}/publish`).set(admin.auth).expect(200);
    const seeded = Object.values(SEED_BEHAVIOURS).map((behaviour) => behaviour.instructions!.split('\n')[1]!);
    for (const [path, user] of [
      ['/api/catalog/agents', undefined],
      ['/api/catalog/agents/available', customer],
      ['/api/catalog/admin/agents', admin],
    ] as const) {
      const call = request(harness.url).get(path);
      const body = JSON.stringify((await (user ? call.set(user.auth) : call).expect(200)).body);
      expect(body).not.toContain(secret);
      for (const line of seeded) expect(body).not.toContain(line);
    }
    for (const [method, path] of [
      ['get', `/api/catalog/admin/agents/${agentId}/builder`],
      ['put', `/api/catalog/admin/agents/${agentId}/draft`],
      ['post', `/api/catalog/admin/agents/${agentId}/publish`],
      ['post', `/api/catalog/admin/agents/${agentId}/versions/1/restore`],
    ] as const) {
      await request(harness.url)[method](path).send({}).expect(401);
      const refused = await request(harness.url)[method](path).set(customer.auth).send({}).expect(403);
      expect(JSON.stringify(refused.body)).not.toContain(secret);
    }
  });
});
