import { randomBytes } from 'node:crypto';
import {
  adminAuditList,
  agentBehaviour,
  agentPublishedV1,
  connectionModels,
  connectionTestResult,
  draftTestReply,
  emptyBehaviour,
  modelConnection,
  modelConnectionList,
  userRegisteredV1,
} from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { sql } from '@agentdock/service-data/orm';
import OpenAI from 'openai';
import request from 'supertest';
import { chatMessages, chatModelConnections, chatWalletLedger } from '../src/db/schema';
import { ERROR_ANSWERS, FAKE_MODELS, FakeOpenAi } from './fake-openai';
import { ChatHarness, DRIVER, type User } from './harness';

/**
 * Model connections in the console (keys sealed at rest, never answered back, every change
 * audited), the draft test chat, and replies answering with the live version of an agent.
 */
describe(`svc-chat model connections and agent versions on ${DRIVER}`, () => {
  const PLAIN_KEY = `sk-proj-${randomBytes(24).toString('hex')}WXYZ`;
  let fake: FakeOpenAi;
  let other: FakeOpenAi;
  let chat: ChatHarness;
  let admin: User;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi({ CONNECTIONS_ENCRYPTION_KEY: randomBytes(32).toString('base64') }));
    other = await FakeOpenAi.start();
    admin = await chat.user({ admin: true });
  });
  afterAll(async () => {
    await other.close();
    await chat.close();
  });
  beforeEach(() => {
    for (const provider of [fake, other]) {
      provider.mode = 'ok';
      provider.reply = 'Hello from the **fake** model.';
    }
  });

  const api = () => request(chat.url);
  const list = async () => modelConnectionList.parse((await api().get('/api/chat/admin/connections').set(admin.auth).expect(200)).body).connections;

  /** Every row of every table of svc-chat's database, as one text. */
  async function databaseDump(): Promise<string> {
    // Both drivers answer `execute` with `{ rows }`.
    const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
    const tables = rowsOf(
      await chat.db.execute(
        sql`select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
      ),
    );
    const dumps = [];
    for (const table of tables) dumps.push(JSON.stringify(rowsOf(await chat.db.execute(sql.raw(`select * from "${String(table.table_schema)}"."${String(table.table_name)}"`)))));
    expect(dumps.length).toBeGreaterThan(10);
    return dumps.join('\n');
  }

  it("makes the environment's provider the first, default connection, its key left in the environment", async () => {
    const [first] = await list();
    expect(first).toMatchObject({ name: 'AI provider', baseUrl: fake.url, keyLastFour: 'test', isDefault: true, defaultModel: 'gpt-4o-mini' });
    const [row] = await chat.db.select().from(chatModelConnections);
    expect(row!.apiKeySealed).toBeNull();
  });

  it('seals a new key at rest, answers only its last four characters, and audits every change without the key', async () => {
    const created = await api()
      .post('/api/chat/admin/connections')
      .set(admin.auth)
      .send({ name: 'Second lab', baseUrl: other.url, apiKey: PLAIN_KEY, defaultModel: 'fake-small' })
      .expect(201);
    const connection = modelConnection.parse(created.body);
    expect(connection).toMatchObject({ name: 'Second lab', keyLastFour: 'WXYZ', isDefault: false });
    const renamed = await api().patch(`/api/chat/admin/connections/${connection.id}`).set(admin.auth).send({ name: 'Lab two' }).expect(200);
    const listed = await api().get('/api/chat/admin/connections').set(admin.auth).expect(200);
    for (const answer of [created, renamed, listed]) {
      expect(JSON.stringify(answer.body)).not.toContain(PLAIN_KEY);
      expect(JSON.stringify(answer.body)).not.toContain(PLAIN_KEY.slice(0, 20));
    }
    const [row] = (await chat.db.select().from(chatModelConnections)).filter((one) => one.id === connection.id);
    expect(row!.apiKeySealed).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(await databaseDump()).not.toContain(PLAIN_KEY.slice(8, 40));

    // The sealed key is what the connection sends.
    const models = connectionModels.parse((await api().get(`/api/chat/admin/connections/${connection.id}/models`).set(admin.auth).expect(200)).body);
    expect(models.models.map((model) => model.id)).toEqual(FAKE_MODELS);
    expect(other.requests.at(-1)).toMatchObject({ path: '/v1/models', authorization: `Bearer ${PLAIN_KEY}` });

    const audit = adminAuditList.parse((await api().get('/api/chat/admin/audit').set(admin.auth).expect(200)).body).entries;
    expect(audit.slice(0, 2).map((entry) => entry.action)).toEqual(['chat.connection.update', 'chat.connection.create']);
    expect(JSON.stringify(audit)).not.toContain(PLAIN_KEY.slice(8, 40));
  });

  it('edits a connection as the console does: base URL and name, its key removed, a bad URL refused by field, each audited', async () => {
    const created = modelConnection.parse(
      (await api().post('/api/chat/admin/connections').set(admin.auth).send({ name: 'Edit me', baseUrl: other.url, apiKey: PLAIN_KEY }).expect(201)).body,
    );
    const refused = await api().patch(`/api/chat/admin/connections/${created.id}`).set(admin.auth).send({ baseUrl: 'api.openai.com' }).expect(400);
    expect(refused.body.error.fields).toEqual([{ path: 'baseUrl', message: 'Enter the base URL, e.g. https://api.openai.com/v1' }]);
    const edited = modelConnection.parse(
      (
        await api()
          .patch(`/api/chat/admin/connections/${created.id}`)
          .set(admin.auth)
          .send({ name: 'Edited', baseUrl: `${fake.url}/`, apiKey: null })
          .expect(200)
      ).body,
    );
    expect(edited).toMatchObject({ name: 'Edited', baseUrl: `${fake.url}/`, keyLastFour: null });
    const [row] = (await chat.db.select().from(chatModelConnections)).filter((one) => one.id === created.id);
    expect(row!.apiKeySealed).toBeNull();
    const [entry] = adminAuditList.parse((await api().get('/api/chat/admin/audit').set(admin.auth).expect(200)).body).entries;
    expect(entry).toMatchObject({
      action: 'chat.connection.update',
      target: `connection:${created.id}`,
      actorId: admin.id,
      before: { name: 'Edit me', keyLastFour: 'WXYZ' },
      after: { name: 'Edited', keyLastFour: null, keyReplaced: true },
    });
    // The later tests count on the connections the first ones made.
    await api().delete(`/api/chat/admin/connections/${created.id}`).set(admin.auth).expect(204);
  });

  it("tests a connection and shows the provider's own error to the admin; the default connection cannot be deleted", async () => {
    const [connection] = await list();
    expect(connectionTestResult.parse((await api().post(`/api/chat/admin/connections/${connection!.id}/test`).set(admin.auth).expect(200)).body)).toEqual({
      ok: true,
      modelCount: FAKE_MODELS.length,
      error: null,
    });
    fake.mode = 'error';
    fake.errorAnswer = ERROR_ANSWERS.openai;
    const refused = connectionTestResult.parse((await api().post(`/api/chat/admin/connections/${connection!.id}/test`).set(admin.auth).expect(200)).body);
    expect(refused).toEqual({ ok: false, modelCount: null, error: 'the agent provider answered 401: Incorrect API key provided: sk-live-abcd1234' });
    const unreachable = modelConnection.parse(
      (await api().post('/api/chat/admin/connections').set(admin.auth).send({ name: 'Nowhere', baseUrl: 'http://127.0.0.1:9/v1' }).expect(201)).body,
    );
    const down = connectionTestResult.parse((await api().post(`/api/chat/admin/connections/${unreachable.id}/test`).set(admin.auth).expect(200)).body);
    expect(down.error).toContain('could not be reached');
    expect((await api().delete(`/api/chat/admin/connections/${connection!.id}`).set(admin.auth).expect(409)).body.error.code).toBe('connection_in_use');
    await api().delete(`/api/chat/admin/connections/${unreachable.id}`).set(admin.auth).expect(204);
    await api().post('/api/chat/admin/connections').set(admin.auth).send({ name: '', baseUrl: 'not a url' }).expect(400);
  });

  it('answers an agent on its own connection (its sealed key) and model', async () => {
    const [, second] = (await list()).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    const agent = await chat.agent();
    await chat.publishVersion(agent, 1, { instructions: 'Answer as the second lab.', connectionId: second!.id, model: 'fake-large' });
    const user = await chat.user();
    const sent = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello' }),
    });
    expect(sent.status).toBe(200);
    await sent.text();
    expect(other.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', authorization: `Bearer ${PLAIN_KEY}`, body: { model: 'fake-large' } });
    expect((other.requests.at(-1)!.body as { messages: Array<{ content: string }> }).messages[0]!.content).toBe('Answer as the second lab.');
    // The public API reads the agent's connection with the agent (and the wallet): the same one answers.
    await chat.publish(userRegisteredV1, { userId: user.id, email: `${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    await eventually(async () => (await chat.wallet(user.id)) !== undefined);
    const client = new OpenAI({ apiKey: (await chat.apiKey(user)).secret, baseURL: `${chat.url}/v1`, maxRetries: 0 });
    const before = other.requests.length;
    await client.chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Hello over the API' }] });
    expect(other.requests.slice(before)).toEqual([
      expect.objectContaining({ path: '/v1/chat/completions', authorization: `Bearer ${PLAIN_KEY}`, body: expect.objectContaining({ model: 'fake-large' }) }),
    ]);
  });

  it('runs a draft test with the draft given, charged to nobody and stored nowhere; admins only', async () => {
    const agent = await chat.agent();
    const recorded = async () => ({ messages: (await chat.db.select().from(chatMessages)).length, ledger: (await chat.db.select().from(chatWalletLedger)).length });
    const before = await recorded();
    const body = { behaviour: { ...emptyBehaviour(), instructions: 'DRAFT: be a pirate.', temperature: 0.4 }, history: [{ role: 'assistant', content: 'Ahoy' }], message: 'Hi' };
    const reply = draftTestReply.parse((await api().post(`/api/chat/admin/agents/${agent.id}/draft-test`).set(admin.auth).send(body).expect(200)).body);
    expect(reply.text).toBe('Hello from the **fake** model.');
    expect(fake.requests.at(-1)!.body).toMatchObject({
      temperature: 0.4,
      messages: [
        { role: 'system', content: 'DRAFT: be a pirate.' },
        { role: 'assistant', content: 'Ahoy' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(await recorded()).toEqual(before);
    const customer = await chat.user();
    await api().post(`/api/chat/admin/agents/${agent.id}/draft-test`).set(customer.auth).send(body).expect(403);
    await api().post(`/api/chat/admin/agents/${agent.id}/draft-test`).send(body).expect(401);
    fake.mode = 'error';
    fake.errorAnswer = ERROR_ANSWERS.vllm;
    const failed = await api().post(`/api/chat/admin/agents/${agent.id}/draft-test`).set(admin.auth).send(body).expect(502);
    expect(failed.body.error.message).toContain('model sk-live-abcd1234 does not exist');
  });

  it("gives the draft test the agent's knowledge, as a published version would get it", async () => {
    const agent = await chat.agent();
    await api()
      .put(`/api/chat/admin/agents/${agent.id}/knowledge/files/harbour.md`)
      .set(admin.auth)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from('# Harbour fees\n\nMooring at the east quay costs 42 crowns a night.'))
      .expect(200);
    const body = { behaviour: { ...emptyBehaviour(), instructions: 'Answer about the harbour.' }, message: 'What does mooring at the east quay cost?' };
    await api().post(`/api/chat/admin/agents/${agent.id}/draft-test`).set(admin.auth).send(body).expect(200);
    const system = (fake.requests.at(-1)!.body as { messages: Array<{ content: string }> }).messages[0]!.content;
    expect(system).toMatch(/^Answer about the harbour\.\n\n## Knowledge/);
    expect(system).toContain('42 crowns a night');
  });

  it('finishes a reply already streaming on the version it started with; the next reply uses the newly published one', async () => {
    const agent = await chat.agent();
    await chat.publishVersion(agent, 1, { instructions: 'VERSION ONE' });
    const user = await chat.user();
    await chat.publish(userRegisteredV1, { userId: user.id, email: `${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    await eventually(async () => (await chat.wallet(user.id)) !== undefined);
    const client = new OpenAI({ apiKey: (await chat.apiKey(user)).secret, baseURL: `${chat.url}/v1`, maxRetries: 0 });
    fake.mode = 'slow';
    fake.delayMs = 40;
    fake.reply = 'one two three four five six seven eight';
    const stream = await client.chat.completions.create({ model: agent.key, stream: true, messages: [{ role: 'user', content: 'Go' }] });
    const pieces: string[] = [];
    let published = false;
    for await (const chunk of stream) {
      pieces.push(chunk.choices[0]?.delta?.content ?? '');
      if (!published && pieces.join('') !== '') {
        published = true;
        await chat.publishVersion(agent, 2, { instructions: 'VERSION TWO' });
      }
    }
    expect(pieces.join('')).toBe('one two three four five six seven eight');
    const inFlight = fake.requests.filter((one) => one.path === '/v1/chat/completions').at(-1)!;
    expect((inFlight.body as { messages: Array<{ content: string }> }).messages[0]!.content).toBe('VERSION ONE');
    fake.mode = 'ok';
    await client.chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Again' }] });
    expect((fake.requests.at(-1)!.body as { messages: Array<{ content: string }> }).messages[0]!.content).toBe('VERSION TWO');
    // A late or redelivered older version never replaces the live one (events of one consumer arrive in order:
    // once a later marker is applied, the stale one was too).
    await chat.publish(agentPublishedV1, {
      agentId: agent.id,
      key: agent.key,
      version: 1,
      behaviour: agentBehaviour.parse({ instructions: 'VERSION ONE' }),
      publishedAt: new Date().toISOString(),
      publishedBy: { id: 'admin', email: null },
    });
    const marker = await chat.agent();
    await chat.publishVersion(marker, 1, { instructions: 'marker' });
    await client.chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Once more' }] });
    expect((fake.requests.at(-1)!.body as { messages: Array<{ content: string }> }).messages[0]!.content).toBe('VERSION TWO');
  });

  it('shows the live starters in the chat agent list, and never the instructions', async () => {
    const agent = await chat.agent({ tier: 'free' });
    await chat.publishVersion(agent, 1, { instructions: 'SECRET-INSTRUCTIONS', starters: ['Plan my week', 'Draft an agenda'] });
    const user = await chat.user();
    const response = await api().get('/api/chat/agents').set(user.auth).expect(200);
    const listed = (response.body as { agents: Array<{ id: string; starters: string[] }> }).agents.find((one) => one.id === agent.id);
    expect(listed!.starters).toEqual(['Plan my week', 'Draft an agenda']);
    expect(JSON.stringify(response.body)).not.toContain('SECRET-INSTRUCTIONS');
  });
});
