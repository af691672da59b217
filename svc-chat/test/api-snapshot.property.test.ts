import { randomUUID } from 'node:crypto';
import {
  agentChangedV1,
  creditsPurchasedV1,
  estimateTokens,
  insufficientCreditsText,
  type EventDefinition,
  isAgentVisibleToTier,
  subscriptionCanceledV1,
  subscriptionRenewedV1,
  upToCredits,
  userRegisteredV1,
} from '@agentdock/contracts';
import { inTransaction } from '@agentdock/service-data';
import { and, eq } from '@agentdock/service-data/orm';
import { AppError } from '@agentdock/service-kit';
import fc from 'fast-check';
import type { z } from 'zod';
import { chatApiKeys, chatWalletLedger, chatWallets } from '../src/db/schema';
import { ApiKeyCache } from '../src/domain/api-key-cache';
import { adjustCredits, apiCallsExhausted, type WalletRow } from '../src/domain/ledger';
import { boundReply } from '../src/domain/metering/bound';
import { walletTier } from '../src/domain/wallet';
import { chatConsumers } from '../src/events/consumers';
import type { FakeOpenAi } from './fake-openai';
import { ChatHarness, DRIVER } from './harness';

/**
 * A key's completions a few seconds apart reserve on svc-chat's snapshot of its wallet and agent,
 * without reading them first. Whatever changed in between (the plan, the balance, the agent, the
 * key), each completion must come out exactly as on a fresh read: the same refusal with the same
 * text, or a reservation of the same credits. The fresh read is made here, by the test, just
 * before each request, and the expected outcome computed from it with the rules' own functions.
 */

type Step =
  | { kind: 'complete'; agent: 'free' | 'professional'; message: string; maxTokens: number }
  | { kind: 'renew'; tier: 'starter' | 'professional' }
  | { kind: 'cancel' }
  | { kind: 'purchase'; credits: number }
  | { kind: 'adjust'; credits: number }
  | { kind: 'agentTier'; agent: 'free' | 'professional'; tier: 'free' | 'professional'; isActive: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('complete' as const),
      agent: fc.constantFrom('free' as const, 'professional' as const),
      message: fc.stringMatching(/^[a-z ]{1,400}$/).filter((text) => text.trim() !== ''),
      maxTokens: fc.integer({ min: 1, max: 64 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('renew' as const), tier: fc.constantFrom('starter' as const, 'professional' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('purchase' as const), credits: fc.integer({ min: 1, max: 40_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('adjust' as const), credits: fc.integer({ min: -60_000, max: 20_000 }).filter((credits) => credits !== 0) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('agentTier' as const),
      agent: fc.constantFrom('free' as const, 'professional' as const),
      tier: fc.constantFrom('free' as const, 'professional' as const),
      isActive: fc.boolean(),
    }),
  },
);

describe(`/v1 completions on a snapshot of the caller, as on a fresh read, on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let fake: FakeOpenAi;
  let handlers: Map<string, (envelope: unknown) => Promise<void>>;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi({
      API_RATE_LIMIT_PER_MINUTE_FREE: '100000',
      API_RATE_LIMIT_PER_MINUTE_STARTER: '100000',
      API_RATE_LIMIT_PER_MINUTE_PROFESSIONAL: '100000',
    }));
    handlers = new Map(
      chatConsumers(chat.service.context, { keys: new ApiKeyCache() }).map((consumer) => [consumer.subject, consumer.handler as (envelope: unknown) => Promise<void>]),
    );
  });
  afterAll(() => chat.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.reply = 'Fine.';
    fake.usage = { prompt_tokens: 1, completion_tokens: 1 };
  });

  /** Applied at once, as this replica's consumer would (the route's snapshot is not told). */
  async function deliver<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>) {
    await handlers.get(event.subject)!({ id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'test', data });
  }

  const wallet = async (userId: string) => (await chat.wallet(userId)) as WalletRow;
  const reservations = (userId: string) =>
    chat.db
      .select()
      .from(chatWalletLedger)
      .where(and(eq(chatWalletLedger.userId, userId), eq(chatWalletLedger.kind, 'reservation')));

  async function complete(secret: string, model: string, message: string, maxTokens: number) {
    const response = await fetch(`${chat.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: message }], max_tokens: maxTokens }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
  }

  /** What a completion must come to, from the wallet and the agent as they are now. */
  function expected(seen: WalletRow, agent: { tier: string; isActive: boolean }, message: string, maxTokens: number) {
    if (!isAgentVisibleToTier(agent, walletTier(seen))) return { status: 404 };
    if (apiCallsExhausted(seen)) return { status: 429 };
    const messageTokens = estimateTokens(message);
    try {
      const bound = boundReply(seen, { messageTokens, maxReplyTokens: maxTokens, countsApiCall: true });
      return { status: 200, reserved: upToCredits({ messageTokens, maxReplyTokens: bound.replyBound, balance: bound.balance }) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: error.status, message: error.message };
    }
  }

  it('answers and reserves exactly as a fresh read would, whatever changed since the last completion', async () => {
    const agents = {
      free: await chat.agent({ tier: 'free', key: `snap-free-${randomUUID().slice(0, 8)}` }),
      professional: await chat.agent({ tier: 'professional', key: `snap-pro-${randomUUID().slice(0, 8)}` }),
    };
    let served = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const userId = randomUUID();
        await deliver(userRegisteredV1, { userId, email: `s-${userId.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
        const key = await chat.apiKey({ id: userId });
        const now = new Date();
        const period = { periodStart: new Date(now.getTime() - 86_400_000).toISOString(), periodEnd: new Date(now.getTime() + 29 * 86_400_000).toISOString() };
        for (const current of steps) {
          if (current.kind === 'complete') {
            const agent = agents[current.agent];
            const seen = await wallet(userId);
            const before = await reservations(userId);
            const outcome = expected(seen, agent, current.message, current.maxTokens);
            const answer = await complete(key.secret, agent.key, current.message, current.maxTokens);
            expect(answer.status).toBe(outcome.status);
            const after = await reservations(userId);
            if (outcome.status === 200) {
              served += 1;
              expect(after).toHaveLength(before.length + 1);
              const made = after.find((row) => !before.some((earlier) => earlier.id === row.id))!;
              expect(-(made.planDelta + made.purchasedDelta)).toBe(outcome.reserved);
            } else {
              refused += 1;
              expect(after).toHaveLength(before.length);
              if (outcome.message) expect(answer.body.error?.message).toBe(outcome.message);
            }
          } else if (current.kind === 'renew') {
            await deliver(subscriptionRenewedV1, { userId, subscriptionId: 'sub_s', tier: current.tier, billingPeriod: 'monthly', ...period });
          } else if (current.kind === 'cancel') {
            await deliver(subscriptionCanceledV1, { userId, subscriptionId: 'sub_s', tier: 'starter', reason: 'canceled', endedAt: new Date().toISOString() });
          } else if (current.kind === 'purchase') {
            await deliver(creditsPurchasedV1, { userId, purchaseId: `cs_${randomUUID()}`, packId: 'pack', credits: current.credits, amount: 100, currency: 'usd' });
          } else if (current.kind === 'adjust') {
            const { creditsRemaining, purchasedCredits } = await wallet(userId);
            const credits = Math.max(current.credits, -(creditsRemaining + purchasedCredits));
            if (credits !== 0) await inTransaction(chat.db, (tx) => adjustCredits(tx, { userId, credits, reason: 'property', actorId: randomUUID() }));
          } else {
            const agent = agents[current.agent];
            agents[current.agent] = { ...agent, tier: current.tier, isActive: current.isActive };
            await deliver(agentChangedV1, { change: 'updated', agent: agents[current.agent] });
          }
        }
      }),
      { numRuns: Number(process.env.API_SNAPSHOT_PROPERTY_RUNS ?? 30) },
    );
    // The property says nothing if every completion was refused, or none was.
    expect(served).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 300_000);

  /** A customer with a key who has just had a completion on `agent` (so the route holds a snapshot). */
  async function afterACompletion(agent: { key: string }, tier?: 'professional') {
    const userId = randomUUID();
    await deliver(userRegisteredV1, { userId, email: `c-${userId.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    const now = Date.now();
    const period = { periodStart: new Date(now - 86_400_000).toISOString(), periodEnd: new Date(now + 29 * 86_400_000).toISOString() };
    if (tier) await deliver(subscriptionRenewedV1, { userId, subscriptionId: 'sub_s', tier, billingPeriod: 'monthly', ...period });
    const key = await chat.apiKey({ id: userId });
    expect((await complete(key.secret, agent.key, 'hello', 8)).status).toBe(200);
    return { userId, key, period };
  }

  it('makes a key’s next completion on the snapshot, with no read of its own: an agent’s new name reaches the provider a few seconds later', async () => {
    const agent = await chat.agent({ tier: 'free', key: `snap-name-${randomUUID().slice(0, 8)}` });
    const { key } = await afterACompletion(agent);
    await deliver(agentChangedV1, { change: 'updated', agent: { ...agent, name: 'Renamed Agent' } });
    expect((await complete(key.secret, agent.key, 'hello', 8)).status).toBe(200);
    const persona = (fake.requests.at(-1)!.body as { messages: Array<{ content: string }> }).messages[0]!.content;
    expect(persona).toBe(`You are ${agent.name}.`);
  });

  it('refuses a Professional agent once the plan moved down since the snapshot, charging nothing', async () => {
    const agent = await chat.agent({ tier: 'professional', key: `snap-down-${randomUUID().slice(0, 8)}` });
    const { userId, key, period } = await afterACompletion(agent, 'professional');
    await deliver(subscriptionRenewedV1, { userId, subscriptionId: 'sub_s', tier: 'starter', billingPeriod: 'monthly', ...period });
    const before = await reservations(userId);
    expect((await complete(key.secret, agent.key, 'hello', 8)).status).toBe(404);
    expect(await reservations(userId)).toHaveLength(before.length);
  });

  it('refuses with the balance as it is when it fell below the estimate since the snapshot', async () => {
    const agent = await chat.agent({ tier: 'free', key: `snap-low-${randomUUID().slice(0, 8)}` });
    const { userId, key } = await afterACompletion(agent);
    // 400 characters: 100 tokens, a reply of at most 8 costs 10,800 credits, but the spec's check
    // before sending asks for the message and twice its length: 30,000.
    const { creditsRemaining, purchasedCredits } = await wallet(userId);
    await inTransaction(chat.db, (tx) => adjustCredits(tx, { userId, credits: 20_000 - creditsRemaining - purchasedCredits, reason: 'test', actorId: randomUUID() }));
    const answer = await complete(key.secret, agent.key, 'abcd'.repeat(100), 8);
    expect(answer.status).toBe(402);
    expect(answer.body.error?.message).toBe(insufficientCreditsText(30_000, 20_000));
  });

  it('refuses a key another replica saw revoked since the snapshot, charging nothing', async () => {
    const agent = await chat.agent({ tier: 'free', key: `snap-rev-${randomUUID().slice(0, 8)}` });
    const { userId, key } = await afterACompletion(agent);
    const before = await reservations(userId);
    // Written as another replica's consumer would: this one remembers the key and its snapshot.
    await chat.db.update(chatApiKeys).set({ revokedAt: new Date() }).where(eq(chatApiKeys.id, key.id));
    expect((await complete(key.secret, agent.key, 'hello', 8)).status).toBe(401);
    expect(await reservations(userId)).toHaveLength(before.length);
  });

  it('refills a wallet whose refill date passed since the snapshot before reserving on it', async () => {
    const agent = await chat.agent({ tier: 'free', key: `snap-refill-${randomUUID().slice(0, 8)}` });
    const { userId, key } = await afterACompletion(agent);
    const spent = await wallet(userId);
    expect(spent.creditsRemaining).toBeLessThan(spent.creditsLimit);
    // As if the wallet were opened a month ago: its month has just ended, and the next request
    // refills the plan's credits before it reserves, as on a fresh read.
    const opened = new Date(spent.periodStart);
    opened.setUTCMonth(opened.getUTCMonth() - 1);
    const ended = new Date(spent.periodStart.getTime() - 1_000);
    await chat.db
      .update(chatWallets)
      .set({ periodAnchor: new Date(opened.getTime() - 1_000), periodStart: new Date(opened.getTime() - 1_000), creditsRefillAt: ended, renewsAt: ended })
      .where(eq(chatWallets.userId, userId));
    expect((await complete(key.secret, agent.key, 'hello', 8)).status).toBe(200);
    const refilled = await wallet(userId);
    expect(refilled.periodStart.getTime()).toBe(ended.getTime());
    expect(refilled.creditsRemaining).toBeGreaterThan(spent.creditsRemaining - 1_000);
    const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, userId));
    expect(ledger.reduce((sum, row) => sum + row.planDelta, 0)).toBe(refilled.creditsRemaining);
  });
});
