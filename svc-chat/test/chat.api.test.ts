import { randomUUID } from 'node:crypto';
import {
  chatCreditsLowV1,
  chatCreditsSpentV1,
  subscriptionRenewedV1,
  userRegisteredV1,
  userSuspendedV1,
  creditsPurchasedV1,
  subscriptionCanceledV1,
  userTierChangedV1,
} from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { eq } from '@agentdock/service-data/orm';
import request from 'supertest';
import { creditsForTokens, estimateTokens } from '@agentdock/contracts';
import { chatMessages, chatWalletLedger } from '../src/db/schema';
import { completeSend, prepareSend } from '../src/domain/chat';
import { ensureWallet } from '../src/domain/wallet';
import type { ChatProvider } from '../src/providers/provider';
import { DRIVER, type User, ChatHarness, parseSse } from './harness';
import { ERROR_ANSWERS, FakeOpenAi } from './fake-openai';

describe(`svc-chat on ${DRIVER}`, () => {
  let fake: FakeOpenAi;
  let chat: ChatHarness;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi({
      CHAT_PROVIDER_IDLE_TIMEOUT_MS: '400',
      CHAT_AGENT_MAX_REPLY_TOKENS: JSON.stringify({ 'two-token-agent': 2, 'short-agent': 5 }),
    }));
  });
  afterAll(async () => {
    await chat.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.reply = 'Hello from the **fake** model.';
    fake.usage = { prompt_tokens: 1, completion_tokens: 2 };
  });

  async function send(user: User, agentId: string, message: string, signal?: AbortSignal, extra: Record<string, unknown> = {}) {
    const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message, ...extra }),
      signal,
    });
    const text = await response.text();
    return { status: response.status, events: response.headers.get('content-type')?.startsWith('text/event-stream') ? parseSse(text) : [], body: text };
  }

  async function balance(user: User) {
    const wallet = (await request(chat.url).get('/api/chat/wallet').set(user.auth).expect(200)).body as {
      creditsRemaining: number;
      purchasedCredits: number;
      apiCallsUsed: number;
    };
    return wallet;
  }

  const ledgerOf = (userId: string) => chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, userId));
  const replyOf = async (userId: string) => (await chat.db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).find((row) => row.role === 'assistant');
  /** The ledger's sum equals the balance, and each reply charged at least what it delivered. */
  async function expectLedgerBalanced(user: User) {
    const rows = await ledgerOf(user.id);
    const wallet = (await chat.wallet(user.id))!;
    expect(rows.reduce((sum, row) => sum + row.planDelta, 0)).toBe(wallet.creditsRemaining);
    expect(rows.reduce((sum, row) => sum + row.purchasedDelta, 0)).toBe(wallet.purchasedCredits);
  }

  it('streams a reply token by token and settles to the message plus the provider-reported reply tokens', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const before = await balance(user);
    expect(before.creditsRemaining).toBe(50_000);
    fake.usage = { prompt_tokens: 10, completion_tokens: 5 };
    const result = await send(user, agent.id, 'Prepare my board meeting');
    expect(result.status).toBe(200);
    // 50,000 credits pay for 500 tokens; the message takes 6, so the reply may have 494.
    expect(fake.requests.at(-1)!.body.max_tokens).toBe(494);
    const names = result.events.map((event) => event.event);
    expect(names[0]).toBe('waiting');
    expect(names.filter((name) => name === 'token').length).toBeGreaterThan(2);
    expect(names.at(-1)).toBe('done');
    const done = result.events.at(-1)!.data as { reply: { content: string; creditsUsed: number; tokensUsed: number }; creditsRemaining: number };
    expect(done.reply.content).toContain('<strong>fake</strong>');
    // 'Prepare my board meeting' is 6 tokens; the provider counted 5 for the reply.
    expect(done.reply.tokensUsed).toBe(11);
    expect(done.reply.creditsUsed).toBe(1_100);
    expect(done.reply).not.toHaveProperty('stopReason');
    expect(done.creditsRemaining).toBe(50_000 - 1_100);
    expect((await balance(user)).creditsRemaining).toBe(48_900);
    await expectLedgerBalanced(user);
    const history = await request(chat.url).get(`/api/chat/agents/${agent.id}/messages`).set(user.auth).expect(200);
    expect(history.body.messages.map((message: { role: string; messageOrder: number }) => [message.role, message.messageOrder])).toEqual([
      ['user', 0],
      ['assistant', 1],
    ]);
  });

  /** A provider that answers 'Twelve chars' in one piece. */
  const steady: ChatProvider = {
    name: 'steady',
    demo: false,
    reply: async (request) => {
      request.onToken('Twelve chars');
      return { text: 'Twelve chars', usage: null, imageUrl: null };
    },
  };

  it('settles a delivered reply once the database is back, instead of holding its reservation', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const { context } = chat.service;
    await ensureWallet(chat.db, user.id, 'free');
    const before = await ledgerOf(user.id);
    const startBalance = (await chat.wallet(user.id))!.creditsRemaining;
    const deps = { context, provider: steady, lowBalanceRatio: 0.1, replyLimits: { maxReplyTokens: 4_096, perAgent: {} } };
    const input = { userId: user.id, tier: 'free' as const, agentId: agent.id, message: 'Hello' };
    const prepared = await prepareSend(deps, input);
    // The first settlement meets a database that is restarting; the next one finds it back.
    const runTransaction = context.transaction;
    let outages = 1;
    const settlement = jest.spyOn(context, 'transaction').mockImplementation((work) => {
      if (outages-- > 0) return Promise.reject(new Error('Connection terminated unexpectedly'));
      return runTransaction(work);
    });
    try {
      const result = await completeSend(deps, { ...input, signal: new AbortController().signal, onWaiting: () => undefined, onToken: () => undefined }, prepared);
      expect(result.ok).toBe(true);
    } finally {
      settlement.mockRestore();
    }
    const rows = (await ledgerOf(user.id)).slice(before.length);
    expect(rows.map((row) => row.kind)).toEqual(['reservation', 'settlement']);
    // Charged exactly the message and the reply it delivered: 'Hello' (2 tokens) + 'Twelve chars' (3 tokens).
    const charged = -rows.reduce((sum, row) => sum + row.planDelta, 0);
    expect(charged).toBe(creditsForTokens(estimateTokens('Hello') + estimateTokens('Twelve chars')));
    expect((await chat.wallet(user.id))!.creditsRemaining).toBe(startBalance - charged);
    expect((await chat.db.select().from(chatMessages).where(eq(chatMessages.id, prepared.replyId))).length).toBe(1);
    await expectLedgerBalanced(user);
  });

  it('never retries a settlement that failed for another reason than the database being away (a programming error fails at once)', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const { context } = chat.service;
    await ensureWallet(chat.db, user.id, 'free');
    const deps = { context, provider: steady, lowBalanceRatio: 0.1, replyLimits: { maxReplyTokens: 4_096, perAgent: {} } };
    const input = { userId: user.id, tier: 'free' as const, agentId: agent.id, message: 'Hello' };
    const prepared = await prepareSend(deps, input);
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    const settlement = jest.spyOn(context, 'transaction').mockRejectedValue(bug);
    const started = Date.now();
    try {
      await expect(completeSend(deps, { ...input, signal: new AbortController().signal, onWaiting: () => undefined, onToken: () => undefined }, prepared)).rejects.toBe(bug);
      expect(settlement).toHaveBeenCalledTimes(1);
      // The first retry would have waited SETTLEMENT_RETRY_MS[0] = 250 ms.
      expect(Date.now() - started).toBeLessThan(250);
    } finally {
      settlement.mockRestore();
    }
  });

  it('lets a reply that arrived in one burst leave before its settlement starts', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const { context } = chat.service;
    const order: string[] = [];
    // The whole reply at once: every token is handed over within one turn of the event loop.
    const burst: ChatProvider = {
      name: 'burst',
      demo: false,
      reply: async (request) => {
        request.onToken('All ');
        request.onToken('at once');
        return { text: 'All at once', usage: null, imageUrl: null };
      },
    };
    const deps = { context, provider: burst, lowBalanceRatio: 0.1, replyLimits: { maxReplyTokens: 4_096, perAgent: {} } };
    const input = { userId: user.id, tier: 'free' as const, agentId: agent.id, message: 'Hello' };
    // The reservation is a transaction too: only the ones after it are the settlement's.
    const prepared = await prepareSend(deps, input);
    const runTransaction = context.transaction;
    const settlement = jest.spyOn(context, 'transaction').mockImplementation((work) => {
      order.push('settlement');
      return runTransaction(work);
    });
    try {
      let tokens = 0;
      const onToken = () => {
        // Written tokens leave the process when the loop takes its next turn.
        if ((tokens += 1) === 1) setImmediate(() => order.push('event loop turn'));
      };
      const result = await completeSend(deps, { ...input, signal: new AbortController().signal, onWaiting: () => undefined, onToken }, prepared);
      expect(result.ok).toBe(true);
      expect(order).toEqual(['event loop turn', 'settlement']);
    } finally {
      settlement.mockRestore();
    }
  });

  it('refuses with the exact insufficient-credits text and spends nothing', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    await balance(user);
    await chat.setWallet(user.id, { creditsRemaining: 100 });
    const providerCalls = fake.requests.length;
    const result = await send(user, agent.id, 'Hello there');
    expect(result.status).toBe(402);
    expect(JSON.parse(result.body).error.message).toBe('Insufficient credits. You need 900 credits but only have 100 remaining. Please upgrade your plan.');
    expect((await balance(user)).creditsRemaining).toBe(100);
    expect(fake.requests.length).toBe(providerCalls);
  });

  describe('replies bounded by what the customer can pay', () => {
    it('asks for no more reply tokens than the balance pays for, cuts the stream there and says so', async () => {
      const agent = await chat.agent();
      const user = await chat.user();
      await balance(user);
      await chat.setPlanCredits(user.id, 1_500);
      // A long reply, and a provider that ignores max_tokens and reports no usage.
      fake.reply = 'lorem ipsum dolor sit amet '.repeat(40);
      fake.usage = null;
      const result = await send(user, agent.id, 'abcd');
      // 1,500 credits are 15 tokens: 1 for the message, 14 for the reply.
      expect(fake.requests.at(-1)!.body.max_tokens).toBe(14);
      const streamed = result.events
        .filter((event) => event.event === 'token')
        .map((event) => (event.data as { text: string }).text)
        .join('');
      expect(streamed).toBe(fake.reply.slice(0, 56));
      const done = result.events.at(-1)!;
      expect(done.event).toBe('done');
      const data = done.data as { reply: { creditsUsed: number; tokensUsed: number; stopReason?: string }; creditsRemaining: number };
      expect(data.reply).toMatchObject({ creditsUsed: 1_500, tokensUsed: 15, stopReason: 'out-of-credits' });
      expect(data.creditsRemaining).toBe(0);
      expect(data.reply.creditsUsed).toBeGreaterThanOrEqual(creditsForTokens(1 + estimateTokens(streamed)));
      const history = await request(chat.url).get(`/api/chat/agents/${agent.id}/messages`).set(user.auth).expect(200);
      expect(history.body.messages.at(-1)).toMatchObject({ role: 'assistant', stopReason: 'out-of-credits' });
      await expectLedgerBalanced(user);
    });

    it('holds a reply to the agent maximum the operator set, whatever the balance', async () => {
      const agent = await chat.agent({ key: 'short-agent' });
      const user = await chat.user();
      fake.reply = 'a fairly long answer that goes on and on';
      fake.usage = { prompt_tokens: 1, completion_tokens: 99 };
      const result = await send(user, agent.id, 'abcd');
      expect(fake.requests.at(-1)!.body.max_tokens).toBe(5);
      const data = result.events.at(-1)!.data as { reply: { creditsUsed: number; stopReason?: string }; creditsRemaining: number };
      expect(data.reply).toMatchObject({ creditsUsed: 600, stopReason: 'out-of-credits' });
      expect(data.creditsRemaining).toBe(50_000 - 600);
      await expectLedgerBalanced(user);
    });

    it('rounds the fallback estimate of a reply up: 5 characters are 2 tokens', async () => {
      const agent = await chat.agent();
      const user = await chat.user();
      fake.reply = 'abcde';
      fake.usage = null;
      const result = await send(user, agent.id, 'abcd');
      expect((result.events.at(-1)!.data as { reply: { creditsUsed: number; tokensUsed: number } }).reply).toMatchObject({ tokensUsed: 3, creditsUsed: 300 });
    });
  });

  describe('leaving, stopping and failing', () => {
    async function readUntilFirstToken(user: User, agentId: string, message: string) {
      const controller = new AbortController();
      const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ message }),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      let text = '';
      while (!text.includes('event: token')) text += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      return text;
    }

    it('charges a reply the user leaves mid-stream for what was generated, not the whole reply', async () => {
      const agent = await chat.agent();
      const user = await chat.user();
      await balance(user);
      fake.mode = 'slow';
      fake.reply = 'word '.repeat(60);
      fake.usage = { prompt_tokens: 1, completion_tokens: 75 };
      await readUntilFirstToken(user, agent.id, 'abcd');
      const reply = await eventually(async () => replyOf(user.id));
      expect(reply.stopReason).toBe('stopped');
      expect(reply.content.length).toBeLessThan(fake.reply.length);
      expect(reply.platformCreditsUsed).toBe(creditsForTokens(1 + estimateTokens(reply.content)));
      expect(reply.platformCreditsUsed).toBeLessThan(creditsForTokens(1 + 75));
      expect((await balance(user)).creditsRemaining).toBe(50_000 - reply.platformCreditsUsed);
      await expectLedgerBalanced(user);
    });

    it('ends a reply whose provider goes quiet after one chunk as a failure, refunded in full', async () => {
      const agent = await chat.agent();
      const user = await chat.user();
      const before = await balance(user);
      fake.mode = 'stall';
      const started = Date.now();
      const result = await send(user, agent.id, 'Plan my week');
      expect(Date.now() - started).toBeLessThan(1_900);
      expect(result.events.map((event) => event.event)).toEqual(['waiting', 'token', 'error']);
      expect((result.events.at(-1)!.data as { message: string }).message).toMatch(
        /^Sorry, I encountered an error: the agent is unavailable right now \(request .+\)\. Please try again\.$/,
      );
      expect(await balance(user)).toMatchObject({ creditsRemaining: before.creditsRemaining, apiCallsUsed: before.apiCallsUsed });
      expect((await ledgerOf(user.id)).map((row) => row.kind).sort()).toEqual(['grant', 'release', 'reservation']);
    });

    it('records a cancel before the answer arrived as a stopped reply charged for the message only', async () => {
      const agent = await chat.agent();
      const user = await chat.user();
      await balance(user);
      fake.mode = 'hang';
      const controller = new AbortController();
      const response = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'abcd' }),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      const reply = await eventually(async () => replyOf(user.id));
      expect(reply).toMatchObject({ stopReason: 'stopped', content: '', platformCreditsUsed: 100 });
      expect(reply.content).not.toContain('unreadable');
      await expectLedgerBalanced(user);
    });

    it.each(Object.entries(ERROR_ANSWERS))('keeps a %s error body out of the apology, logs it with the request id and refunds in full', async (_shape, answer) => {
      const agent = await chat.agent();
      const user = await chat.user();
      const before = await balance(user);
      fake.mode = 'error';
      fake.errorAnswer = answer;
      const warn = jest.spyOn(chat.service.context.logger, 'warn');
      try {
        const response = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
          method: 'POST',
          headers: { ...user.auth, 'content-type': 'application/json', 'x-request-id': `req-${user.id.slice(0, 8)}` },
          body: JSON.stringify({ message: 'Plan my week' }),
        });
        const last = parseSse(await response.text()).at(-1)!;
        expect(last.event).toBe('error');
        const message = (last.data as { message: string }).message;
        expect(message).toBe(`Sorry, I encountered an error: the agent is unavailable right now (request req-${user.id.slice(0, 8)}). Please try again.`);
        expect(message).not.toContain('sk-live');
        const logged = warn.mock.calls.find((call) => (call[0] as { requestId?: string }).requestId === `req-${user.id.slice(0, 8)}`);
        expect(String((logged![0] as { err: Error }).err.message)).toContain(`answered ${answer.status}`);
      } finally {
        warn.mockRestore();
      }
      expect(await balance(user)).toMatchObject({ creditsRemaining: before.creditsRemaining, apiCallsUsed: before.apiCallsUsed });
    });

    it('treats an SSE error event in the middle of the stream as a failure, refunded in full', async () => {
      const agent = await chat.agent();
      const user = await chat.user();
      const before = await balance(user);
      fake.mode = 'stream-error';
      const result = await send(user, agent.id, 'Plan my week');
      const last = result.events.at(-1)!;
      expect(last.event).toBe('error');
      expect((last.data as { message: string }).message).not.toContain('sk-live');
      expect(await balance(user)).toMatchObject({ creditsRemaining: before.creditsRemaining, apiCallsUsed: before.apiCallsUsed });
    });
  });

  it.each([
    ['a provider error', 'error' as const],
    ['a timeout', 'hang' as const],
    ['a malformed stream', 'malformed' as const],
  ])('refunds in full and apologises on %s', async (_label, mode) => {
    const agent = await chat.agent();
    const user = await chat.user();
    const before = await balance(user);
    fake.mode = mode;
    const result = await send(user, agent.id, 'Plan my week');
    const last = result.events.at(-1)!;
    expect(last.event).toBe('error');
    expect((last.data as { message: string }).message).toMatch(/^Sorry, I encountered an error: .+\. Please try again\.$/);
    const after = await balance(user);
    expect(after.creditsRemaining).toBe(before.creditsRemaining);
    expect(after.apiCallsUsed).toBe(before.apiCallsUsed);
    const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, user.id));
    expect(ledger.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['reservation', 'release']));
  });

  it('sends from the web chat without counting or checking the monthly API calls (only /v1 requests count one)', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    await balance(user);
    await chat.setWallet(user.id, { apiCallsUsed: 50 });
    const result = await send(user, agent.id, 'One more');
    expect(result.status).toBe(200);
    expect(result.events.at(-1)?.event).toBe('done');
    expect((await balance(user)).apiCallsUsed).toBe(50);
  });

  it('lets exactly as many concurrent sends through as the balance covers', async () => {
    // Replies held to 2 tokens: each send reserves (1 + 2) × 100 = 300.
    const agent = await chat.agent({ key: 'two-token-agent' });
    const user = await chat.user();
    await balance(user);
    // 'abcd' costs (1 + 2) × 100 = 300 credits; the fake reports 1 + 2 tokens, so it settles at 300.
    await chat.setWallet(user.id, { creditsRemaining: 50 * 300 });
    const results = await Promise.all(Array.from({ length: 200 }, () => send(user, agent.id, 'abcd')));
    const succeeded = results.filter((result) => result.status === 200 && result.events.at(-1)?.event === 'done');
    const refused = results.filter((result) => result.status === 402);
    expect(succeeded).toHaveLength(50);
    expect(refused).toHaveLength(150);
    const wallet = await balance(user);
    expect(wallet.creditsRemaining).toBe(0);
    expect(wallet.apiCallsUsed).toBe(0);
  }, 120_000);

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres(
    'delivers no more tokens than were paid for when 200 sends race a balance for 5',
    async () => {
      const agent = await chat.agent();
      const user = await chat.user();
      await balance(user);
      await chat.setPlanCredits(user.id, 5 * 300);
      fake.reply = 'lorem ipsum dolor sit amet '.repeat(40);
      fake.usage = null;
      const results = await Promise.all(Array.from({ length: 200 }, () => send(user, agent.id, 'abcd')));
      let charged = 0;
      for (const result of results.filter((candidate) => candidate.status === 200)) {
        const streamed = result.events
          .filter((event) => event.event === 'token')
          .map((event) => (event.data as { text: string }).text)
          .join('');
        const done = result.events.at(-1)!;
        expect(done.event).toBe('done');
        const credits = (done.data as { reply: { creditsUsed: number } }).reply.creditsUsed;
        expect(credits).toBeGreaterThanOrEqual(creditsForTokens(1 + estimateTokens(streamed)));
        charged += credits;
      }
      expect(results.every((result) => result.status === 200 || result.status === 402)).toBe(true);
      const rows = await ledgerOf(user.id);
      const spent = rows.filter((row) => row.messageId !== null).reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
      expect(-spent).toBe(charged);
      expect(charged).toBeLessThanOrEqual(1_500);
      expect((await chat.wallet(user.id))!.creditsRemaining).toBe(1_500 - charged);
    },
    120_000,
  );

  it('hides agents above the tier and refuses to send to them', async () => {
    const pro = await chat.agent({ tier: 'professional', name: 'Market Research' });
    const free = await chat.user();
    const list = await request(chat.url).get('/api/chat/agents').set(free.auth).expect(200);
    expect(list.body.agents.map((agent: { id: string }) => agent.id)).not.toContain(pro.id);
    expect(list.body.agents[0]).not.toHaveProperty('providerAgentId');
    expect((await send(free, pro.id, 'hello')).status).toBe(404);
    const professional = await chat.user({ tier: 'professional' });
    const allowed = await request(chat.url).get('/api/chat/agents').set(professional.auth).expect(200);
    expect(allowed.body.agents.map((agent: { id: string }) => agent.id)).toContain(pro.id);
  });

  it('lets each tier list and use the agents of its tier and below, and no others', async () => {
    const agents = { free: await chat.agent({ tier: 'free' }), starter: await chat.agent({ tier: 'starter' }), professional: await chat.agent({ tier: 'professional' }) };
    const expected = {
      free: ['free'],
      starter: ['free', 'starter'],
      professional: ['free', 'starter', 'professional'],
    } as const;
    for (const [tier, allowed] of Object.entries(expected) as Array<[keyof typeof expected, readonly string[]]>) {
      const user = await chat.user({ tier });
      const listed = (await request(chat.url).get('/api/chat/agents').set(user.auth).expect(200)).body.agents.map((agent: { id: string }) => agent.id);
      for (const [agentTier, agent] of Object.entries(agents)) {
        const visible = allowed.includes(agentTier);
        expect([tier, agentTier, listed.includes(agent.id)]).toEqual([tier, agentTier, visible]);
        const sent = await send(user, agent.id, 'abcd');
        expect([tier, agentTier, sent.status, sent.events.at(-1)?.event]).toEqual([tier, agentTier, visible ? 200 : 404, visible ? 'done' : undefined]);
      }
    }
  }, 60_000);

  it('refuses a suspended user', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    await chat.publish(userSuspendedV1, { userId: user.id });
    await eventually(async () => (await send(user, agent.id, 'hello')).status === 403);
    await request(chat.url).get('/api/chat/wallet').set(user.auth).expect(403);
  });

  it('keeps history and usage per user', async () => {
    const agent = await chat.agent();
    const alice = await chat.user();
    const bob = await chat.user();
    await send(alice, agent.id, 'Alice secret plan');
    const bobHistory = await request(chat.url).get(`/api/chat/agents/${agent.id}/messages`).set(bob.auth).expect(200);
    expect(bobHistory.body.messages).toEqual([]);
    const bobUsage = await request(chat.url).get('/api/chat/usage').set(bob.auth).expect(200);
    expect(bobUsage.body.messageCount).toBe(0);
    const aliceUsage = await request(chat.url).get('/api/chat/usage').set(alice.auth).expect(200);
    // 'Alice secret plan' is 5 tokens, the reply 2 as the provider counted it.
    expect(aliceUsage.body).toMatchObject({ messageCount: 1, totalCreditsUsed: 700, totalTokens: 7, averageTokensPerMessage: 7 });
    expect(aliceUsage.body.daily).toHaveLength(30);
    expect(aliceUsage.body.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), creditsUsed: 700, messages: 1, apiMessages: 0, apiCredits: 0 });
  });

  it('rejects empty and control-character messages with 400', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    expect((await send(user, agent.id, '   ')).status).toBe(400);
    expect((await send(user, agent.id, 'bad\u0000text')).status).toBe(400);
    await request(chat.url).get('/api/chat/wallet').expect(401);
  });

  it('asks the provider for the image size chosen in the chat (square by default); text agents ignore it; an unlisted size is a 400 naming imageSize', async () => {
    const image = await chat.agent({ key: `image-${randomUUID().slice(0, 8)}`, name: 'Image Maker' });
    const text = await chat.agent();
    const user = await chat.user();
    const landscape = await send(user, image.id, 'a wide valley', undefined, { imageSize: '1536x1024' });
    expect(landscape.events.at(-1)!.event).toBe('done');
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/images/generations', body: { prompt: 'a wide valley', size: '1536x1024' } });
    expect((await send(user, image.id, 'a round pond')).events.at(-1)!.event).toBe('done');
    expect(fake.requests.at(-1)!.body.size).toBe('1024x1024');
    expect((await send(user, text.id, 'hello', undefined, { imageSize: '1024x1536' })).events.at(-1)!.event).toBe('done');
    expect(fake.requests.at(-1)!.path).toBe('/v1/chat/completions');
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('size');
    const before = fake.requests.length;
    const wrong = await send(user, image.id, 'a fox', undefined, { imageSize: '512x512' });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body)).toMatchObject({
      error: { code: 'validation_failed', fields: [{ path: 'imageSize', message: 'Choose one of 1024x1024, 1024x1536, 1536x1024' }] },
    });
    expect(fake.requests).toHaveLength(before);
  });

  it('publishes chat.credits.spent with the balance after', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    const spent: Array<{ userId: string; credits: number; balanceAfter: number }> = [];
    const subscription = await chat.bus.bus.subscribe({
      durable: `spent-${user.id.slice(0, 8)}`,
      subject: chatCreditsSpentV1.subject,
      handler: async (envelope) => {
        spent.push(chatCreditsSpentV1.envelope.parse(envelope).data);
      },
    });
    await send(user, agent.id, 'abcd');
    const event = await eventually(async () => spent.find((data) => data.userId === user.id));
    expect(event).toMatchObject({ credits: 300, balanceAfter: 50_000 - 300 });
    await subscription.stop();
  });

  it('publishes one low-balance event per period when plan credits fall below 10 % of the allowance', async () => {
    const agent = await chat.agent();
    const user = await chat.user();
    await balance(user);
    // 5,300 of 50,000 left: a 300-credit reply takes it to 5,000, the threshold, and the next one below it.
    await chat.setWallet(user.id, { creditsRemaining: 5_300 });
    const low: Array<{ userId: string; balance: number; limit: number; purchased?: number }> = [];
    const subscription = await chat.bus.bus.subscribe({
      durable: `low-${user.id.slice(0, 8)}`,
      subject: chatCreditsLowV1.subject,
      handler: async (envelope) => {
        low.push(chatCreditsLowV1.envelope.parse(envelope).data);
      },
    });
    fake.usage = { prompt_tokens: 1, completion_tokens: 2 };
    await send(user, agent.id, 'abcd');
    await send(user, agent.id, 'abcd');
    const event = await eventually(async () => low.find((data) => data.userId === user.id));
    expect(event).toMatchObject({ limit: 50_000, purchased: 0 });
    expect(event.balance).toBeLessThan(5_000);
    await send(user, agent.id, 'abcd');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(low.filter((data) => data.userId === user.id)).toHaveLength(1);
    await subscription.stop();
  });

  it('rolls a free wallet over to a fresh allowance once its month has passed, with no rollover', async () => {
    const user = await chat.user();
    const first = await ensureWallet(chat.db, user.id, 'free', new Date('2026-01-10T00:00:00.000Z'));
    await chat.setWallet(user.id, { creditsRemaining: 1_234, apiCallsUsed: 7 });
    const sameMonth = await ensureWallet(chat.db, user.id, 'free', new Date('2026-02-09T00:00:00.000Z'));
    expect(sameMonth.creditsRemaining).toBe(1_234);
    const rolled = await ensureWallet(chat.db, user.id, 'free', new Date('2026-03-20T00:00:00.000Z'));
    expect(rolled.creditsRemaining).toBe(50_000);
    expect(rolled.apiCallsUsed).toBe(0);
    // Whole months from the first period: the roll lands on the 10th, not on the day it was noticed.
    expect(rolled.periodStart.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(rolled.renewsAt > first.renewsAt).toBe(true);
  });

  describe('wallet events', () => {
    it('provisions on registration, resets on renewal keeping purchased credits, and tops up once per purchase', async () => {
      const user = await chat.user({ tier: 'starter' });
      await chat.publish(userRegisteredV1, { userId: user.id, email: 'x@example.com', fullName: null, tier: 'free' });
      await eventually(async () => (await chat.wallet(user.id)) !== undefined);
      expect(await chat.wallet(user.id)).toMatchObject({ tier: 'free', creditsRemaining: 50_000 });
      const purchase = { userId: user.id, purchaseId: `cs_${user.id}`, packId: 'pack', credits: 7_000, amount: 700, currency: 'usd' };
      await chat.publish(creditsPurchasedV1, purchase);
      await chat.publish(creditsPurchasedV1, purchase);
      await chat.setWallet(user.id, { creditsRemaining: 10 });
      await chat.publish(subscriptionRenewedV1, {
        userId: user.id,
        subscriptionId: 'sub_1',
        tier: 'starter',
        billingPeriod: 'monthly',
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
      });
      const renewed = await eventually(async () => {
        const wallet = await chat.wallet(user.id);
        return wallet?.tier === 'starter' ? wallet : undefined;
      });
      expect(renewed).toMatchObject({ creditsRemaining: 1_000_000, creditsLimit: 1_000_000, purchasedCredits: 7_000, apiCallsUsed: 0 });
      expect(renewed.renewsAt.toISOString()).toBe('2026-12-01T00:00:00.000Z');
      await chat.publish(subscriptionCanceledV1, { userId: user.id, subscriptionId: 'sub_1', tier: 'starter', reason: 'canceled', endedAt: new Date().toISOString() });
      const canceled = await eventually(async () => {
        const wallet = await chat.wallet(user.id);
        return wallet?.tier === 'free' ? wallet : undefined;
      });
      expect(canceled).toMatchObject({ creditsRemaining: 50_000, purchasedCredits: 7_000 });
      await chat.publish(userTierChangedV1, { userId: user.id, tier: 'professional', previousTier: 'free' });
      await eventually(async () => (await chat.wallet(user.id))?.creditsLimit === 2_000_000);
    });
  });
});
