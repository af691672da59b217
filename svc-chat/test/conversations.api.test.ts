import request from 'supertest';
import { and, eq, sql } from '@agentdock/service-data/orm';
import { chatConversations, chatMessages, chatWalletLedger } from '../src/db/schema';
import { refineTitle } from '../src/domain/conversations';
import { DRIVER, type User, ChatHarness, parseSse } from './harness';
import { FakeOpenAi } from './fake-openai';

interface Sent {
  conversation: { id: string; title: string };
  userMessage: { id: string; content: string };
  reply: { id: string; markdown: string };
}

describe(`svc-chat conversations on ${DRIVER}`, () => {
  let fake: FakeOpenAi;
  let chat: ChatHarness;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi());
  });
  afterAll(async () => {
    await chat.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.reply = 'A **fake** answer.';
  });

  async function send(user: User, agentId: string, body: Record<string, unknown>): Promise<{ status: number; done: Sent | null; body: string }> {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const done = response.ok ? (parseSse(text).find((event) => event.event === 'done')?.data as Sent) : null;
    return { status: response.status, done, body: text };
  }

  const list = async (user: User, query: Record<string, string> = {}) =>
    (await request(chat.url).get('/api/chat/conversations').query(query).set(user.auth).expect(200)).body.conversations as Array<{ id: string; title: string; agentId: string }>;
  const messagesOf = async (user: User, conversationId: string) =>
    (await request(chat.url).get(`/api/chat/conversations/${conversationId}/messages`).set(user.auth).expect(200)).body.messages as Array<{ role: string; markdown: string }>;

  it('keeps a first conversation as the single history, starts new ones on request, lists them newest first titled from the first message', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    expect((await request(chat.url).get(`/api/chat/agents/${agent.id}/messages`).set(user.auth).expect(200)).body).toEqual({ conversation: null, messages: [] });

    const firstSend = await send(user, agent.id, { message: 'Plan my   week\nplease' });
    const first = firstSend.done!;
    // Titled from the first message at once, refined when the reply ends.
    expect((parseSse(firstSend.body).find((event) => event.event === 'waiting')?.data as Sent).conversation.title).toBe('Plan my week please');
    expect(first.conversation.title).toBe('Plan my week');
    // Without a conversation id a send continues the latest one, as the single history did.
    const again = (await send(user, agent.id, { message: 'And Friday?' })).done!;
    expect(again.conversation.id).toBe(first.conversation.id);
    const second = (await send(user, agent.id, { message: 'A completely different topic that is long enough to be cut at a word boundary somewhere', newConversation: true }))
      .done!;
    expect(second.conversation.id).not.toBe(first.conversation.id);
    expect(second.conversation.title).toBe('A completely different topic that is long enough to be cut…');

    expect((await list(user)).map((item) => [item.id, item.title])).toEqual([
      [second.conversation.id, 'A completely different topic that is long enough to be cut…'],
      [first.conversation.id, 'Plan my week'],
    ]);
    expect((await list(user, { agentId: agent.id })).length).toBe(2);
    expect((await messagesOf(user, first.conversation.id)).map((message) => message.markdown)).toEqual([
      'Plan my   week\nplease',
      'A **fake** answer.',
      'And Friday?',
      'A **fake** answer.',
    ]);
    // The agent's history is the latest conversation.
    const latest = (await request(chat.url).get(`/api/chat/agents/${agent.id}/messages`).set(user.auth).expect(200)).body;
    expect(latest.conversation.id).toBe(second.conversation.id);
    expect(latest.messages).toHaveLength(2);
    // Sending into the older conversation moves it to the top.
    await send(user, agent.id, { message: 'Back to the week', conversationId: first.conversation.id });
    expect((await list(user))[0]!.id).toBe(first.conversation.id);
    // The provider saw only that conversation's messages as context.
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toContain('completely different');
  });

  it('names a conversation opened with a greeting from its first reply, once, and never over a title the user gave', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    fake.reply = '## Getting started with **Planner**\n\nTell me what to plan.';
    const greeted = (await send(user, agent.id, { message: 'Hi!', newConversation: true })).done!;
    expect(greeted.conversation.title).toBe('Getting started with Planner');
    // Later replies leave the title as it is.
    fake.reply = '## Something else entirely\n\nOk.';
    expect((await send(user, agent.id, { message: 'Hello again', conversationId: greeted.conversation.id })).done!.conversation.title).toBe('Getting started with Planner');
    // A rename made while the first reply was written is the title that stays.
    const started = (await send(user, agent.id, { message: 'Hey', newConversation: true })).done!;
    await chat.db.update(chatConversations).set({ title: 'My own title' }).where(eq(chatConversations.id, started.conversation.id));
    const [stored] = await chat.db.select().from(chatConversations).where(eq(chatConversations.id, started.conversation.id));
    expect(await refineTitle(chat.db, { ...stored!, title: 'Hey' }, 'Hey there')).toMatchObject({ title: 'My own title' });
    expect((await list(user)).find((item) => item.id === started.conversation.id)!.title).toBe('My own title');
  });

  it('searches titles and message text, renames, deletes (messages kept for the books)', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const one = (await send(user, agent.id, { message: 'Budget review' })).done!;
    fake.reply = 'Consider the quarterly zebra figures.';
    const two = (await send(user, agent.id, { message: 'Hiring plan', newConversation: true })).done!;
    expect((await list(user, { q: 'budget' })).map((item) => item.id)).toEqual([one.conversation.id]);
    expect((await list(user, { q: 'ZEBRA' })).map((item) => item.id)).toEqual([two.conversation.id]);
    expect(await list(user, { q: '%' })).toEqual([]);

    const renamed = await request(chat.url).patch(`/api/chat/conversations/${one.conversation.id}`).set(user.auth).send({ title: '  Q3 budget  ' }).expect(200);
    expect(renamed.body.conversation.title).toBe('Q3 budget');
    expect((await list(user, { q: 'q3' })).map((item) => item.id)).toEqual([one.conversation.id]);
    await request(chat.url).patch(`/api/chat/conversations/${one.conversation.id}`).set(user.auth).send({ title: '   ' }).expect(400);

    await request(chat.url).delete(`/api/chat/conversations/${one.conversation.id}`).set(user.auth).expect(204);
    expect((await list(user)).map((item) => item.id)).toEqual([two.conversation.id]);
    await request(chat.url).get(`/api/chat/conversations/${one.conversation.id}/messages`).set(user.auth).expect(404);
    await request(chat.url).delete(`/api/chat/conversations/${one.conversation.id}`).set(user.auth).expect(404);
    const kept = await chat.db.select().from(chatMessages).where(eq(chatMessages.sessionId, one.conversation.id));
    expect(kept).toHaveLength(2);
    // Usage still counts the deleted conversation's reply.
    expect((await request(chat.url).get('/api/chat/usage').set(user.auth).expect(200)).body.messageCount).toBe(2);
  });

  it("gives the provider the conversation's visible messages before the new one, oldest first and at most ten, as its context", async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const sentMessages = () => (fake.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>).slice(1);
    const first = (await send(user, agent.id, { message: 'Message 1' })).done!;
    expect(sentMessages()).toEqual([{ role: 'user', content: 'Message 1' }]);
    for (let index = 2; index <= 7; index += 1) {
      fake.reply = `Answer ${index}`;
      await send(user, agent.id, { message: `Message ${index}` });
    }
    const context = sentMessages();
    expect(context).toHaveLength(11);
    expect(context[0]).toEqual({ role: 'user', content: 'Message 2' });
    expect(context.slice(-3)).toEqual([
      { role: 'user', content: 'Message 6' },
      { role: 'assistant', content: 'Answer 6' },
      { role: 'user', content: 'Message 7' },
    ]);
    // A new conversation starts without context; an edit's branch leaves the edited one out of the next one's.
    await send(user, agent.id, { message: 'Fresh start', newConversation: true });
    expect(sentMessages()).toEqual([{ role: 'user', content: 'Fresh start' }]);
    const messages = (await request(chat.url).get(`/api/chat/conversations/${first.conversation.id}/messages`).set(user.auth).expect(200)).body.messages as Array<{
      id: string;
      markdown: string;
    }>;
    const third = messages.find((message) => message.markdown === 'Message 3')!;
    await send(user, agent.id, { message: 'Message 3, edited', conversationId: first.conversation.id, editOf: third.id });
    await send(user, agent.id, { message: 'After the edit', conversationId: first.conversation.id });
    expect(sentMessages().map((message) => message.content)).toEqual([
      'Message 1',
      'A **fake** answer.',
      'Message 2',
      'Answer 2',
      'Message 3, edited',
      'Answer 7',
      'After the edit',
    ]);
  });

  it('takes nothing for a send refused as not found: no credits, no ledger row, no message', async () => {
    const agent = await chat.agent();
    const other = await chat.agent();
    const [alice, bob] = [await chat.user(), await chat.user()];
    const alices = (await send(alice, agent.id, { message: 'Mine' })).done!;
    const bobs = (await send(bob, other.id, { message: 'Mine too' })).done!;
    await request(chat.url).delete(`/api/chat/conversations/${bobs.conversation.id}`).set(bob.auth).expect(204);
    const walletBefore = await chat.wallet(bob.id);
    const messageCount = async () => (await chat.db.select().from(chatMessages).where(eq(chatMessages.userId, bob.id))).length;
    const messagesBefore = await messageCount();
    const ledgerRows = () => chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, bob.id));
    const ledgerBefore = await ledgerRows();
    // Someone else's conversation, one of his own with another agent (deleted, too), and one that does not exist.
    for (const conversationId of [alices.conversation.id, bobs.conversation.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await send(bob, agent.id, { message: 'Let me in', conversationId })).status).toBe(404);
    }
    expect(await chat.wallet(bob.id)).toEqual(walletBefore);
    expect(await messageCount()).toBe(messagesBefore);
    expect(await ledgerRows()).toEqual(ledgerBefore);
  });

  it('writes a send to a conversation it may continue without a transaction of its own; settling the reply is the one transaction', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const first = (await send(user, agent.id, { message: 'Start' })).done!;
    const transactions = jest.spyOn(chat.service.context, 'transaction');
    try {
      // A new conversation, the latest one, and one named by its id.
      expect((await send(user, agent.id, { message: 'Another topic', newConversation: true })).status).toBe(200);
      expect((await send(user, agent.id, { message: 'Go on' })).status).toBe(200);
      const named = (await send(user, agent.id, { message: 'Back to the start', conversationId: first.conversation.id })).done!;
      expect(named.conversation.id).toBe(first.conversation.id);
      expect(transactions).toHaveBeenCalledTimes(3);
    } finally {
      transactions.mockRestore();
    }
  });

  it("answers 404 for another user's conversation on every route, and never lists it", async () => {
    const agent = await chat.agent();
    const [alice, bob] = [await chat.user(), await chat.user()];
    const mine = (await send(alice, agent.id, { message: 'Secret salary talk' })).done!;
    const id = mine.conversation.id;
    await request(chat.url).get(`/api/chat/conversations/${id}/messages`).set(bob.auth).expect(404);
    await request(chat.url).patch(`/api/chat/conversations/${id}`).set(bob.auth).send({ title: 'Mine now' }).expect(404);
    await request(chat.url).delete(`/api/chat/conversations/${id}`).set(bob.auth).expect(404);
    expect((await send(bob, agent.id, { message: 'Let me in', conversationId: id })).status).toBe(404);
    expect((await send(bob, agent.id, { message: 'Let me in', conversationId: id, editOf: mine.userMessage.id })).status).toBe(404);
    expect(await list(bob, { q: 'salary' })).toEqual([]);
    expect(await list(bob)).toEqual([]);
    const still = await messagesOf(alice, id);
    expect(still.map((message) => message.markdown)).toEqual(['Secret salary talk', 'A **fake** answer.']);
    expect((await list(alice))[0]!.title).toBe('Secret salary talk');
    await request(chat.url).get('/api/chat/conversations/not-a-uuid/messages').set(alice.auth).expect(400);
  });

  it('edit and resend branches instead of hiding: the old messages stay in the database and in their branch; a refused edit writes nothing', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const first = (await send(user, agent.id, { message: 'Draft an email' })).done!;
    const conversationId = first.conversation.id;
    await send(user, agent.id, { message: 'Make it shorter', conversationId });
    fake.reply = 'Edited answer.';
    const edited = (await send(user, agent.id, { message: 'Draft a letter', conversationId, editOf: first.userMessage.id })).done!;
    expect((await messagesOf(user, conversationId)).map((message) => message.markdown)).toEqual(['Draft a letter', 'Edited answer.']);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toContain('Make it shorter');
    const all = await chat.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionId, conversationId), eq(chatMessages.userId, user.id)));
    expect(all).toHaveLength(6);
    expect(all.filter((row) => row.hiddenAt !== null)).toHaveLength(0);
    // A reply cannot be edited.
    expect((await send(user, agent.id, { message: 'x', conversationId, editOf: first.reply.id })).status).toBe(404);
    // A refused edit (no credits) writes nothing and leaves the shown branch as it was.
    await chat.setPlanCredits(user.id, 0);
    const visible = await messagesOf(user, conversationId);
    const stored = all.length;
    expect((await send(user, agent.id, { message: 'Draft a memo', conversationId, editOf: edited.userMessage.id })).status).toBe(402);
    expect(await messagesOf(user, conversationId)).toEqual(visible);
    expect(await chat.db.select().from(chatMessages).where(eq(chatMessages.sessionId, conversationId))).toHaveLength(stored);
  });

  // Last in the file: it changes the tables. A send's statements are prepared once per connection
  // and kept; a migration that adds a column while an instance runs (a rolling deploy) must not
  // break them, as PostgreSQL refuses a prepared statement whose result would change shape.
  it('keeps answering after a migration added columns, with the statements it prepared before', async () => {
    fake.reply = 'Still here.';
    const agent = await chat.agent();
    const user = await chat.user();
    const ask = async () => {
      const sent = await send(user, agent.id, { message: 'Are you there?' });
      expect(sent.status).toBe(200);
      return sent.done;
    };
    await ask();
    await chat.setPlanCredits(user.id, 50_000_000);
    // Enough sends to prepare the statements on every connection of a pool.
    for (let round = 0; round < 3; round += 1) await Promise.all([ask(), ask(), ask()]);
    for (const table of ['chat_agents', 'chat_wallets', 'chat_conversations', 'chat_messages', 'chat_wallet_ledger'])
      await chat.db.execute(sql.raw(`alter table ${table} add column added_later text`));
    for (let round = 0; round < 3; round += 1) {
      for (const done of await Promise.all([ask(), ask(), ask()])) expect(done?.reply.markdown).toBe('Still here.');
    }
  });
});
