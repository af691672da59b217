import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type ChatMessage, CONVERSATIONS_PAGE_SIZE, estimateTokens, upToCredits } from '@agentdock/contracts';
import { and, eq, inArray } from '@agentdock/service-data/orm';
import { chatConversations, chatMessages, chatWalletLedger } from '../src/db/schema';
import { eventually } from '@agentdock/service-kit/testing';
import { ChatHarness, DRIVER, parseSse, type User } from './harness';
import type { FakeOpenAi } from './fake-openai';

interface Sent {
  conversation: { id: string; title: string };
  userMessage: ChatMessage;
  reply: ChatMessage;
  upToCredits: number;
}

describe(`svc-chat history across agents and branches on ${DRIVER}`, () => {
  let fake: FakeOpenAi;
  let chat: ChatHarness;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi({ CHAT_MAX_REPLY_TOKENS: '600' }));
  });
  afterAll(async () => {
    await chat.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.reply = 'A **fake** answer.';
    fake.usage = { prompt_tokens: 1, completion_tokens: 2 };
  });

  async function send(user: User, agentId: string, body: Record<string, unknown>) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const events = response.ok ? parseSse(text) : [];
    return {
      status: response.status,
      waiting: events.find((event) => event.event === 'waiting')?.data as { conversation: { id: string }; userMessage: ChatMessage; upToCredits: number } | undefined,
      done: events.find((event) => event.event === 'done')?.data as Sent | undefined,
    };
  }
  const sent = async (user: User, agentId: string, body: Record<string, unknown>) => {
    const result = await send(user, agentId, body);
    expect(result.status).toBe(200);
    return result.done!;
  };
  const page = async (user: User, query: Record<string, string> = {}) =>
    (await request(chat.url).get('/api/chat/conversations').query(query).set(user.auth).expect(200)).body as {
      conversations: Array<{ id: string; agentId: string; agentKey: string | null; agentName: string | null; title: string }>;
      nextCursor: string | null;
    };
  const shown = async (user: User, conversationId: string) =>
    (await request(chat.url).get(`/api/chat/conversations/${conversationId}/messages`).set(user.auth).expect(200)).body.messages as ChatMessage[];
  const switchTo = async (user: User, conversationId: string, messageId: string) =>
    (await request(chat.url).put(`/api/chat/conversations/${conversationId}/branch`).set(user.auth).send({ messageId }).expect(200)).body.messages as ChatMessage[];
  const texts = (messages: ChatMessage[]) => messages.map((message) => message.markdown);
  const providerSaw = () => (fake.requests.at(-1)!.body.messages as Array<{ content: string }>).slice(1).map((message) => message.content);

  it('lists every conversation of the account across agents, newest first, each with its agent named; a new one is there from the first event', async () => {
    const [planner, writer] = [await chat.agent({ name: 'Planner' }), await chat.agent({ name: 'Writer' })];
    const user = await chat.user();
    const first = await sent(user, planner.id, { message: 'Plan the offsite' });
    const second = await sent(user, writer.id, { message: 'Write the invitation' });
    const started = await send(user, planner.id, { message: 'Budget for the offsite', newConversation: true });
    // The stream's first event already names the new conversation and the message.
    expect(started.waiting!.conversation.id).toBe(started.done!.conversation.id);
    expect(started.waiting!.userMessage.markdown).toBe('Budget for the offsite');

    const all = await page(user);
    expect(all.nextCursor).toBeNull();
    expect(all.conversations.map((item) => [item.id, item.agentName, item.agentKey])).toEqual([
      [started.done!.conversation.id, 'Planner', planner.key],
      [second.conversation.id, 'Writer', writer.key],
      [first.conversation.id, 'Planner', planner.key],
    ]);
    expect((await page(user, { agentId: planner.id })).conversations.map((item) => item.id)).toEqual([started.done!.conversation.id, first.conversation.id]);
    // Search covers message text (a reply's too) across agents, and titles.
    fake.reply = 'Try the lighthouse venue.';
    await sent(user, writer.id, { message: 'Where?', conversationId: second.conversation.id });
    expect((await page(user, { q: 'LIGHTHOUSE' })).conversations.map((item) => item.id)).toEqual([second.conversation.id]);
    expect((await page(user, { q: 'offsite' })).conversations.map((item) => item.id)).toEqual([started.done!.conversation.id, first.conversation.id]);
    // Renamed and deleted conversations leave the others listed.
    await request(chat.url).patch(`/api/chat/conversations/${first.conversation.id}`).set(user.auth).send({ title: 'Offsite plan' }).expect(200);
    await request(chat.url).delete(`/api/chat/conversations/${second.conversation.id}`).set(user.auth).expect(204);
    expect((await page(user)).conversations.map((item) => item.title)).toEqual(['Budget for the offsite', 'Offsite plan']);
  });

  it(`pages the list ${CONVERSATIONS_PAGE_SIZE} at a time with a cursor, never repeating or skipping one, ties included`, async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const base = Date.parse('2026-10-01T00:00:00.000Z');
    // 120 conversations, every pair sharing its updatedAt: the order falls back on the id.
    const rows = Array.from({ length: 120 }, (_, index) => ({
      id: randomUUID(),
      userId: user.id,
      agentId: agent.id,
      title: `Topic ${index}`,
      updatedAt: new Date(base + Math.floor(index / 2) * 60_000),
    }));
    await chat.db.insert(chatConversations).values(rows);
    const expected = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const next: Awaited<ReturnType<typeof page>> = await page(user, cursor ? { cursor } : {});
      sizes.push(next.conversations.length);
      seen.push(...next.conversations.map((item) => item.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(expected);
    await request(chat.url).get('/api/chat/conversations').query({ cursor: 'not-a-cursor' }).set(user.auth).expect(400);
    // Another user's conversation is no cursor into this list.
    expect((await page(await chat.user(), { cursor: expected[10]! })).conversations).toEqual([]);
  });

  it('branches on an edit: both versions kept and readable, ‹ n / m › on the shown one, switching both ways, the next send continuing the shown branch only', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    fake.reply = 'Answer one.';
    const one = await sent(user, agent.id, { message: 'Draft an email' });
    const conversationId = one.conversation.id;
    fake.reply = 'Answer two.';
    const two = await sent(user, agent.id, { message: 'Make it shorter', conversationId });
    fake.reply = 'Answer two, edited.';
    const edited = await sent(user, agent.id, { message: 'Make it friendlier', conversationId, editOf: two.userMessage.id });
    expect(edited.userMessage.parentId).toBe(one.reply.id);
    expect(providerSaw()).toEqual(['Draft an email', 'Answer one.', 'Make it friendlier']);

    let path = await shown(user, conversationId);
    expect(texts(path)).toEqual(['Draft an email', 'Answer one.', 'Make it friendlier', 'Answer two, edited.']);
    expect(path.map((message) => message.branch ?? null)).toEqual([null, null, { position: 2, count: 2, siblingIds: [two.userMessage.id, edited.userMessage.id] }, null]);

    path = await switchTo(user, conversationId, two.userMessage.id);
    expect(texts(path)).toEqual(['Draft an email', 'Answer one.', 'Make it shorter', 'Answer two.']);
    expect(path[2]!.branch).toEqual({ position: 1, count: 2, siblingIds: [two.userMessage.id, edited.userMessage.id] });
    expect(await shown(user, conversationId)).toEqual(path);

    // The next send continues the shown branch, and the provider sees that branch only.
    fake.reply = 'Answer three.';
    const three = await sent(user, agent.id, { message: 'Add a greeting', conversationId });
    expect(three.userMessage.parentId).toBe(two.reply.id);
    expect(providerSaw()).toEqual(['Draft an email', 'Answer one.', 'Make it shorter', 'Answer two.', 'Add a greeting']);
    expect(texts(await shown(user, conversationId))).toEqual(['Draft an email', 'Answer one.', 'Make it shorter', 'Answer two.', 'Add a greeting', 'Answer three.']);

    // Over to the edit and back: a sibling shows its latest leaf.
    expect(texts(await switchTo(user, conversationId, edited.userMessage.id))).toEqual(['Draft an email', 'Answer one.', 'Make it friendlier', 'Answer two, edited.']);
    expect(texts(await switchTo(user, conversationId, two.userMessage.id)).at(-1)).toBe('Answer three.');

    // Editing the first message branches at the root.
    fake.reply = 'Letter answer.';
    const root = await sent(user, agent.id, { message: 'Draft a letter', conversationId, editOf: one.userMessage.id });
    expect(root.userMessage.parentId).toBeNull();
    expect(providerSaw()).toEqual(['Draft a letter']);
    path = await shown(user, conversationId);
    expect(texts(path)).toEqual(['Draft a letter', 'Letter answer.']);
    expect(path[0]!.branch).toEqual({ position: 2, count: 2, siblingIds: [one.userMessage.id, root.userMessage.id] });

    // Nothing was deleted or hidden.
    const stored = await chat.db.select().from(chatMessages).where(eq(chatMessages.sessionId, conversationId));
    expect(stored).toHaveLength(10);
    expect(stored.filter((row) => row.hiddenAt !== null)).toEqual([]);
    // The list shows the conversation once, its search finds either branch.
    expect((await page(user, { q: 'friendlier' })).conversations.map((item) => item.id)).toEqual([conversationId]);
  });

  it('regenerates a sibling reply to the same message: both kept and switchable, each charged and counted in the ledger and the usage figures', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    await request(chat.url).get('/api/chat/wallet').set(user.auth).expect(200);
    const before = await chat.wallet(user.id);
    fake.reply = 'First take.';
    const first = await sent(user, agent.id, { message: 'Name our product' });
    const conversationId = first.conversation.id;
    fake.reply = 'Second take, a little longer.';
    fake.usage = null;
    const second = await sent(user, agent.id, { conversationId, regenerateOf: first.reply.id });
    expect(second.userMessage.id).toBe(first.userMessage.id);
    expect(second.reply.parentId).toBe(first.userMessage.id);
    // The provider was asked the stored message once, with nothing of the first take.
    expect(providerSaw()).toEqual(['Name our product']);

    let path = await shown(user, conversationId);
    expect(texts(path)).toEqual(['Name our product', 'Second take, a little longer.']);
    expect(path[1]!.branch).toEqual({ position: 2, count: 2, siblingIds: [first.reply.id, second.reply.id] });
    path = await switchTo(user, conversationId, first.reply.id);
    expect(texts(path)).toEqual(['Name our product', 'First take.']);
    expect(path[1]!.branch).toMatchObject({ position: 1, count: 2 });

    // Each sibling reply reserved and settled on its own, and both are in the usage figures.
    const charges = [first.reply.creditsUsed, second.reply.creditsUsed];
    expect(charges.every((credits) => credits > 0)).toBe(true);
    const settlements = await chat.db
      .select()
      .from(chatWalletLedger)
      .where(and(eq(chatWalletLedger.userId, user.id), eq(chatWalletLedger.kind, 'settlement'), inArray(chatWalletLedger.messageId, [first.reply.id, second.reply.id])));
    expect(settlements).toHaveLength(2);
    const reservations = await chat.db
      .select()
      .from(chatWalletLedger)
      .where(and(eq(chatWalletLedger.userId, user.id), eq(chatWalletLedger.kind, 'reservation')));
    expect(reservations.map((row) => row.messageId).sort()).toEqual([first.reply.id, second.reply.id].sort());
    const after = await chat.wallet(user.id);
    expect(before!.creditsRemaining + before!.purchasedCredits - (after!.creditsRemaining + after!.purchasedCredits)).toBe(charges[0]! + charges[1]!);
    const usage = (await request(chat.url).get('/api/chat/usage').set(user.auth).expect(200)).body as { messageCount: number; totalCreditsUsed: number };
    expect(usage).toMatchObject({ messageCount: 2, totalCreditsUsed: charges[0]! + charges[1]! });

    // A user message is not regenerated, a reply not edited, and nothing is taken for the refusal.
    expect((await send(user, agent.id, { conversationId, regenerateOf: first.userMessage.id })).status).toBe(404);
    expect((await send(user, agent.id, { message: 'x', conversationId, editOf: first.reply.id })).status).toBe(404);
    expect((await send(user, agent.id, { conversationId })).status).toBe(400);
    expect(await chat.wallet(user.id)).toEqual(after);
  });

  it('keeps the branch the user switched to while a reply was being written; the reply is there when they switch to it', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    fake.reply = 'Quick answer.';
    const first = await sent(user, agent.id, { message: 'Outline the talk' });
    const conversationId = first.conversation.id;
    fake.mode = 'slow';
    fake.reply = 'A slow answer in many words that take their time.';
    const regenerating = send(user, agent.id, { conversationId, regenerateOf: first.reply.id });
    // While it streams, the shown branch ends at the message being answered; the user goes back to the first reply.
    await eventually(async () => {
      const [row] = await chat.db.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
      return row?.leafId === first.userMessage.id;
    });
    expect(texts(await switchTo(user, conversationId, first.reply.id))).toEqual(['Outline the talk', 'Quick answer.']);
    const slow = (await regenerating).done!;
    expect(texts(await shown(user, conversationId))).toEqual(['Outline the talk', 'Quick answer.']);
    expect(texts(await switchTo(user, conversationId, slow.reply.id))).toEqual(['Outline the talk', 'A slow answer in many words that take their time.']);
  });

  it("follows the shown branch in the agent's history (the page's first view and its export) and after a branch switch", async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    fake.reply = 'Original.';
    const first = await sent(user, agent.id, { message: 'Summarise the memo' });
    fake.reply = 'Regenerated.';
    await sent(user, agent.id, { conversationId: first.conversation.id, regenerateOf: first.reply.id });
    const history = async () => (await request(chat.url).get(`/api/chat/agents/${agent.id}/messages`).set(user.auth).expect(200)).body as { messages: ChatMessage[] };
    expect(texts((await history()).messages)).toEqual(['Summarise the memo', 'Regenerated.']);
    await switchTo(user, first.conversation.id, first.reply.id);
    expect(texts((await history()).messages)).toEqual(['Summarise the memo', 'Original.']);
    // Someone else's message, or a message of another conversation, is not a branch to switch to.
    const other = await sent(user, agent.id, { message: 'Elsewhere', newConversation: true });
    await request(chat.url).put(`/api/chat/conversations/${first.conversation.id}/branch`).set(user.auth).send({ messageId: other.reply.id }).expect(404);
    const stranger = await chat.user();
    await request(chat.url).put(`/api/chat/conversations/${first.conversation.id}/branch`).set(stranger.auth).send({ messageId: first.reply.id }).expect(404);
    await request(chat.url).put(`/api/chat/conversations/${first.conversation.id}/branch`).set(user.auth).send({ messageId: 'nope' }).expect(400);
  });

  it('reserves exactly the "up to" the composer computes from the agent and the wallet, and never charges above it', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    await request(chat.url).get('/api/chat/wallet').set(user.auth).expect(200);
    await chat.setPlanCredits(user.id, 5_000_000);
    const agents = (await request(chat.url).get('/api/chat/agents').set(user.auth).expect(200)).body.agents as Array<{ id: string; maxReplyTokens: number }>;
    const { maxReplyTokens } = agents.find((item) => item.id === agent.id)!;
    expect(maxReplyTokens).toBe(600);
    const cases: Array<{ message: string; reply: string; usage: FakeOpenAi['usage'] }> = [
      { message: 'Hi', reply: 'Hello!', usage: null },
      // Issue 43: a short message whose reply ran far past twice its length.
      { message: 'x'.repeat(112), reply: 'y '.repeat(300), usage: null },
      { message: 'A question of moderate length about the plan.', reply: 'z'.repeat(5_000), usage: null },
      { message: 'Reported long', reply: 'short', usage: { prompt_tokens: 1, completion_tokens: 100_000 } },
      { message: 'w'.repeat(7_999), reply: 'fine', usage: null },
    ];
    for (const { message, reply, usage } of cases) {
      fake.reply = reply;
      fake.usage = usage;
      const wallet = (await request(chat.url).get('/api/chat/wallet').set(user.auth).expect(200)).body as { creditsRemaining: number; purchasedCredits: number };
      const composer = upToCredits({ messageTokens: estimateTokens(message.trim()), maxReplyTokens, balance: wallet.creditsRemaining + wallet.purchasedCredits });
      const result = await send(user, agent.id, { message, newConversation: true });
      expect(result.waiting!.upToCredits).toBe(composer);
      expect(result.done!.upToCredits).toBe(composer);
      expect(result.done!.reply.creditsUsed).toBeLessThanOrEqual(composer);
      const [reservation] = await chat.db
        .select()
        .from(chatWalletLedger)
        .where(and(eq(chatWalletLedger.messageId, result.done!.reply.id), eq(chatWalletLedger.kind, 'reservation')));
      expect(-(reservation!.planDelta + reservation!.purchasedDelta)).toBe(composer);
    }
    // With little left, "up to" is what the balance pays for, as the reservation is.
    await chat.setPlanCredits(user.id, 3_000);
    fake.reply = 'q'.repeat(4_000);
    const low = await send(user, agent.id, { message: 'Tell me everything', newConversation: true });
    expect(low.done!.upToCredits).toBe(upToCredits({ messageTokens: estimateTokens('Tell me everything'), maxReplyTokens, balance: 3_000 }));
    expect(low.done!.upToCredits).toBe(3_000);
    expect(low.done!.reply.creditsUsed).toBeLessThanOrEqual(3_000);
  });
});
