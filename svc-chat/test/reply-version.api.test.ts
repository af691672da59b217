import { chatHistoryResponse, chatStreamDone, userRegisteredV1 } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { eq } from '@agentdock/service-data/orm';
import OpenAI from 'openai';
import request from 'supertest';
import { chatApiRequests, chatMessages } from '../src/db/schema';
import type { FakeOpenAi } from './fake-openai';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';

/** Each reply records the agent version it was written with: the one live when its send started. */
describe(`svc-chat replies record their agent version on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi());
  });
  afterAll(async () => {
    await chat.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.reply = 'A short answer.';
  });

  /** Sends and reads the stream; `onFirstToken` runs once, while the reply is still being written. */
  async function send(user: User, agentId: string, message: string, onFirstToken?: () => Promise<void>) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let called = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (!called && onFirstToken && text.includes('event: token')) {
        called = true;
        await onFirstToken();
      }
    }
    const last = parseSse(text).at(-1)!;
    expect(last.event).toBe('done');
    return { done: chatStreamDone.parse(last.data), sawToken: called };
  }

  it('keeps the version a reply started with when another is published mid-reply, in the stream, the history and the row', async () => {
    const agent = await chat.agent({ tier: 'free' });
    await chat.publishVersion(agent, 1, { instructions: 'VERSION ONE' });
    const user = await chat.user();
    fake.mode = 'slow';
    fake.delayMs = 40;
    fake.reply = 'one two three four five six seven eight';
    const inFlight = await send(user, agent.id, 'Go', () => chat.publishVersion(agent, 2, { instructions: 'VERSION TWO' }));
    expect(inFlight.sawToken).toBe(true);
    expect(inFlight.done.reply.markdown).toBe('one two three four five six seven eight');
    expect(inFlight.done.reply.agentVersion).toBe(1);
    expect(inFlight.done.userMessage.agentVersion).toBeUndefined();

    fake.mode = 'ok';
    const next = await send(user, agent.id, 'Again');
    expect(next.done.reply.agentVersion).toBe(2);

    const history = chatHistoryResponse.parse((await request(chat.url).get(`/api/chat/agents/${agent.id}/messages`).set(user.auth).expect(200)).body);
    expect(history.messages.filter((one) => one.role === 'assistant').map((one) => one.agentVersion)).toEqual([1, 2]);
    const rows = await chat.db.select().from(chatMessages).where(eq(chatMessages.userId, user.id));
    expect(rows.filter((row) => row.role === 'assistant').map((row) => row.agentVersion)).toEqual(expect.arrayContaining([1, 2]));
    expect(rows.filter((row) => row.role === 'user').every((row) => row.agentVersion === null)).toBe(true);
  });

  it('records the version on the apology of a failed reply, and none for an agent never published', async () => {
    const agent = await chat.agent({ tier: 'free' });
    await chat.publishVersion(agent, 3, { instructions: 'VERSION THREE' });
    const user = await chat.user();
    fake.mode = 'error';
    fake.errorAnswer = { status: 500, contentType: 'text/plain', body: 'down' };
    const response = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello' }),
    });
    const failed = parseSse(await response.text()).at(-1)!;
    expect(failed.event).toBe('error');
    expect((failed.data as { reply: { agentVersion?: number } }).reply.agentVersion).toBe(3);

    fake.mode = 'ok';
    const unpublished = await chat.agent({ tier: 'free' });
    const plain = await send(user, unpublished.id, 'Hello');
    expect(plain.done.reply).not.toHaveProperty('agentVersion');
  });

  it('records on each /v1 request the version its answer started with', async () => {
    const agent = await chat.agent({ tier: 'free' });
    await chat.publishVersion(agent, 1, { instructions: 'VERSION ONE' });
    const user = await chat.user();
    await chat.publish(userRegisteredV1, { userId: user.id, email: `${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    await eventually(async () => (await chat.wallet(user.id)) !== undefined);
    const client = new OpenAI({ apiKey: (await chat.apiKey(user)).secret, baseURL: `${chat.url}/v1`, maxRetries: 0 });
    fake.mode = 'slow';
    fake.delayMs = 40;
    fake.reply = 'one two three four five six';
    const stream = await client.chat.completions.create({ model: agent.key, stream: true, messages: [{ role: 'user', content: 'Go' }] });
    let published = false;
    for await (const chunk of stream) {
      if (!published && chunk.choices[0]?.delta?.content) {
        published = true;
        await chat.publishVersion(agent, 2, { instructions: 'VERSION TWO' });
      }
    }
    expect(published).toBe(true);
    fake.mode = 'ok';
    await client.chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Again' }] });
    const rows = await chat.db.select().from(chatApiRequests).where(eq(chatApiRequests.userId, user.id));
    expect(rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.agentVersion)).toEqual([1, 2]);
  });
});
