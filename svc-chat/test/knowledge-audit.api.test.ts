import { adminAuditList, knowledgeFile } from '@agentdock/contracts';
import request from 'supertest';
import { ChatHarness, DRIVER, type User } from './harness';

/** Every admin change to an agent's knowledge is in the audit trail, with the file before and after; a refused one is not. */
describe(`knowledge changes in the admin audit trail on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let admin: User;

  beforeAll(async () => {
    ({ chat } = await ChatHarness.behindFakeOpenAi());
    admin = await chat.user({ admin: true });
  });
  afterAll(() => chat.close());

  const api = () => request(chat.url);
  const filesUrl = (agentId: string) => `/api/chat/admin/agents/${agentId}/knowledge`;
  const upload = (agentId: string, name: string, text: string) =>
    api()
      .put(`${filesUrl(agentId)}/files/${encodeURIComponent(name)}`)
      .set(admin.auth)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from(text));
  /** The trail's entries about this agent, oldest first. */
  async function trailOf(agentId: string) {
    const { entries } = adminAuditList.parse((await api().get('/api/chat/admin/audit').set(admin.auth).expect(200)).body);
    return entries.filter((entry) => entry.target === `agent:${agentId}`).reverse();
  }

  it('records upload, replace, budget change and delete, each by its admin with the file before and after', async () => {
    const agent = await chat.agent();
    const first = knowledgeFile.parse((await upload(agent.id, 'fees.md', '# Fees\n\nMooring costs 42 crowns a night.').expect(200)).body.file);
    const second = knowledgeFile.parse((await upload(agent.id, 'fees.md', '# Fees\n\nMooring costs 45 crowns a night from March, and 30 crowns in winter.').expect(200)).body.file);
    // A refused file changes nothing, so nothing is recorded.
    await upload(agent.id, 'empty.md', '   ').expect(400);
    await api()
      .put(`${filesUrl(agent.id)}/settings`)
      .set(admin.auth)
      .send({ tokenBudget: 300 })
      .expect(200);
    await api()
      .delete(`${filesUrl(agent.id)}/files/${second.id}`)
      .set(admin.auth)
      .expect(204);

    const trail = await trailOf(agent.id);
    expect(trail.map((entry) => entry.action)).toEqual(['chat.knowledge.upload', 'chat.knowledge.replace', 'chat.knowledge.settings', 'chat.knowledge.delete']);
    expect(trail.every((entry) => entry.actorId === admin.id && entry.service === 'svc-chat')).toBe(true);
    const [uploaded, replaced, budget, deleted] = trail;
    expect(uploaded).toMatchObject({ before: null, after: { id: first.id, name: 'fees.md', sizeBytes: first.sizeBytes } });
    expect(replaced).toMatchObject({ before: { id: first.id, name: 'fees.md' }, after: { id: second.id, name: 'fees.md', sizeBytes: second.sizeBytes } });
    expect(budget).toMatchObject({ before: { tokenBudget: expect.any(Number) }, after: { tokenBudget: 300 } });
    expect(deleted).toMatchObject({ before: { id: second.id, name: 'fees.md' }, after: null });
  });

  it('records nothing for a delete of a file that is not there', async () => {
    const agent = await chat.agent();
    await api()
      .delete(`${filesUrl(agent.id)}/files/${agent.id}`)
      .set(admin.auth)
      .expect(404);
    expect(await trailOf(agent.id)).toEqual([]);
  });
});
