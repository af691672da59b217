import { randomUUID } from 'node:crypto';
import {
  creditsPurchasedV1,
  type EventDefinition,
  type StatementLine,
  type StatementResponse,
  subscriptionCanceledV1,
  subscriptionPlanChangedV1,
  subscriptionRenewedV1,
  userRegisteredV1,
  type UsageSummary,
  periodUsageTotal,
  walletBalance,
} from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { and, asc, eq } from '@agentdock/service-data/orm';
import fc from 'fast-check';
import OpenAI from 'openai';
import request from 'supertest';
import type { z } from 'zod';
import { chatMessages, chatWalletLedger } from '../src/db/schema';
import { ApiKeyCache } from '../src/domain/api-key-cache';
import { chatConsumers } from '../src/events/consumers';
import { toWallet } from '../src/domain/wallet';
import type { FakeOpenAi } from './fake-openai';
import { ChatHarness, DRIVER, type User } from './harness';

/**
 * The statement is the ledger in words: over random sequences of every kind of wallet event,
 * through the real routes and event handlers, its running balance always ends at the wallet's
 * balance, each line's balance is the one before plus its credits, and its lines are exactly the
 * ledger's rows with a reply's reservation, settlement and release folded into one charge.
 */

type Step =
  | { kind: 'reply'; fail: boolean }
  | { kind: 'api' }
  | { kind: 'top-up'; credits: number; purchase: number }
  | { kind: 'refill'; tier: 'starter' | 'professional'; month: number }
  | { kind: 'cancel' }
  | { kind: 'plan-change'; tier: 'starter' | 'professional' }
  | { kind: 'adjust'; credits: number }
  | { kind: 'refund'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('reply' as const), fail: fc.boolean() }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'api' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('top-up' as const), credits: fc.integer({ min: 1, max: 2_000_000 }), purchase: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refill' as const), tier: fc.constantFrom('starter' as const, 'professional' as const), month: fc.nat(12) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('plan-change' as const), tier: fc.constantFrom('starter' as const, 'professional' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('adjust' as const), credits: fc.integer({ min: -2_000_000, max: 2_000_000 }).filter((credits) => credits !== 0) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
);

/** The ledger folded independently of the statement's query: what its lines must be. */
function expectedLines(ledger: (typeof chatWalletLedger.$inferSelect)[]): { kind: string; credits: number }[] {
  const replies = new Map<string, { credits: number; ended: boolean }>();
  const lines: { kind: string; credits: number }[] = [];
  const names: Record<string, string> = { grant: 'refill', expiry: 'expiry', 'top-up': 'top-up', 'admin-adjustment': 'adjustment', refund: 'refund', 'plan-change': 'plan-change' };
  for (const row of ledger) {
    const delta = row.planDelta + row.purchasedDelta;
    if (row.kind === 'reservation' || row.kind === 'settlement' || row.kind === 'release') {
      const reply = replies.get(row.messageId!) ?? { credits: 0, ended: false };
      replies.set(row.messageId!, { credits: reply.credits + delta, ended: reply.ended || row.kind !== 'reservation' });
    } else lines.push({ kind: names[row.kind]!, credits: delta });
  }
  for (const reply of replies.values()) if (!(reply.ended && reply.credits === 0)) lines.push({ kind: 'reply', credits: reply.credits });
  return lines;
}

const byKindAndCredits = (a: { kind: string; credits: number }, b: { kind: string; credits: number }) => a.kind.localeCompare(b.kind) || a.credits - b.credits;

describe(`statement on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let fake: FakeOpenAi;
  let admin: User;
  let agent: { id: string; key: string; name: string };
  let handlers: Map<string, (envelope: unknown) => Promise<void>>;

  beforeAll(async () => {
    ({ chat, fake } = await ChatHarness.behindFakeOpenAi());
    agent = await chat.agent({ tier: 'free', name: 'Meeting Prep', key: `meeting-prep-${randomUUID().slice(0, 6)}` });
    admin = await chat.user({ admin: true });
    handlers = new Map(
      chatConsumers(chat.service.context, { keys: new ApiKeyCache() }).map((consumer) => [consumer.subject, consumer.handler as (envelope: unknown) => Promise<void>]),
    );
  });
  afterAll(() => chat.close());

  async function deliver<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>) {
    await handlers.get(event.subject)!({ id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'test', data });
  }

  async function statement(user: User, query = ''): Promise<StatementResponse> {
    return (await request(chat.url).get(`/api/chat/statement${query}`).set(user.auth).expect(200)).body as StatementResponse;
  }

  async function customer() {
    const user = await chat.user();
    await deliver(userRegisteredV1, { userId: user.id, email: `s-${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' });
    const key = await chat.apiKey(user, { name: 'CI' });
    return { user, client: new OpenAI({ apiKey: key.secret, baseURL: `${chat.url}/v1`, maxRetries: 0 }) };
  }

  /** Every line of the statement, read page by page (small pages, so the paging is exercised too). */
  async function allLines(user: User): Promise<StatementLine[]> {
    const lines: StatementLine[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await statement(user, `?pageSize=4&page=${page}`);
      lines.push(...answer.lines);
      if (answer.lines.length < 4) {
        expect(answer.totalLines).toBe(lines.length);
        return lines;
      }
    }
  }

  async function expectStatementIsTheLedger(user: User) {
    const wallet = toWallet((await chat.wallet(user.id))!);
    const whole = await statement(user, '?pageSize=500');
    const lines = await allLines(user);
    expect(lines).toEqual(whole.lines);
    expect(whole.balance).toBe(walletBalance(wallet).total);
    // Newest first: each line's balance is the next older one's plus its own credits, and the newest is the wallet's.
    if (lines.length > 0) expect(lines[0]!.balance).toBe(walletBalance(wallet).total);
    lines.forEach((line, index) => expect(line.balance).toBe((lines[index + 1]?.balance ?? 0) + line.credits));
    expect(lines.every((line) => !/reserv|settl/i.test(line.text))).toBe(true);
    const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, user.id)).orderBy(asc(chatWalletLedger.createdAt));
    const web = new Set((await chat.db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.userId, user.id))).map((row) => row.id));
    const expected = expectedLines(ledger).sort(byKindAndCredits);
    const actual = lines.map((line) => ({ kind: line.kind === 'api' ? 'reply' : line.kind, credits: line.credits })).sort(byKindAndCredits);
    expect(actual).toEqual(expected);
    for (const line of lines) {
      if (line.kind === 'reply' && !line.inProgress) expect(line.text).toBe(`Reply from Meeting Prep · ${(-line.credits).toLocaleString('en-US')} credits`);
      if (line.kind === 'api') expect(line.text).toBe(`API · ${agent.key} · key ‘CI’ · ${(-line.credits).toLocaleString('en-US')}`);
      if (line.kind === 'reply' && !line.inProgress) expect(web.has(line.id.slice(1))).toBe(true);
    }
  }

  it('keeps the running balance at the wallet’s and the lines at the ledger’s over random sequences of events', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { user, client } = await customer();
        const replies: string[] = [];
        let tier: 'free' | 'starter' | 'professional' = 'free';
        await expectStatementIsTheLedger(user);
        for (const current of steps) {
          if (current.kind === 'reply') {
            fake.mode = current.fail ? 'error' : 'ok';
            const response = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
              method: 'POST',
              headers: { ...user.auth, 'content-type': 'application/json' },
              body: JSON.stringify({ message: 'Prepare my meeting' }),
            });
            await response.text();
            fake.mode = 'ok';
          } else if (current.kind === 'api') {
            await client.chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Agenda please' }] }).catch(() => undefined);
          } else if (current.kind === 'top-up') {
            await deliver(creditsPurchasedV1, {
              userId: user.id,
              purchaseId: `cs_${user.id}_${current.purchase}`,
              packId: 'pack',
              credits: current.credits,
              amount: 1_000,
              currency: 'usd',
            });
          } else if (current.kind === 'refill') {
            const periodStart = new Date(Date.UTC(2026, current.month, 1));
            const periodEnd = new Date(Date.UTC(2026, current.month + 1, 1));
            tier = current.tier;
            await deliver(subscriptionRenewedV1, {
              userId: user.id,
              subscriptionId: 'sub_s',
              tier,
              billingPeriod: 'monthly',
              periodStart: periodStart.toISOString(),
              periodEnd: periodEnd.toISOString(),
            });
          } else if (current.kind === 'cancel') {
            await deliver(subscriptionCanceledV1, { userId: user.id, subscriptionId: 'sub_s', tier: 'starter', reason: 'canceled', endedAt: new Date().toISOString() });
            tier = 'free';
          } else if (current.kind === 'plan-change' && tier !== 'free' && tier !== current.tier) {
            const wallet = (await chat.wallet(user.id))!;
            await deliver(subscriptionPlanChangedV1, {
              userId: user.id,
              subscriptionId: 'sub_s',
              tier: current.tier,
              previousTier: tier,
              billingPeriod: 'monthly',
              periodStart: wallet.periodStart.toISOString(),
              periodEnd: wallet.renewsAt.toISOString(),
            });
            tier = current.tier;
          } else if (current.kind === 'adjust') {
            const answer = await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: current.credits, reason: 'goodwill' });
            expect([200, 409]).toContain(answer.status);
          } else if (current.kind === 'refund') {
            const settled = await chat.db
              .select({ id: chatMessages.id })
              .from(chatMessages)
              .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.role, 'assistant')));
            replies.splice(0, replies.length, ...settled.map((row) => row.id));
            if (replies.length > 0) {
              const answer = await request(chat.url)
                .post(`/api/chat/admin/messages/${replies[current.pick % replies.length]!}/refund`)
                .set(admin.auth)
                .send({ reason: 'bad answer' });
              expect([200, 404, 409]).toContain(answer.status);
            }
          }
          await expectStatementIsTheLedger(user);
        }
      }),
      { numRuns: Number(process.env.STATEMENT_PROPERTY_RUNS ?? 12) },
    );
  }, 300_000);

  it('tells each event in words, filters by date, and shows an admin the same statement', async () => {
    const { user, client } = await customer();
    await deliver(creditsPurchasedV1, { userId: user.id, purchaseId: `cs_${user.id}`, packId: 'pack', credits: 500_000, amount: 1_000, currency: 'usd' });
    const sent = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Prepare my meeting' }),
    });
    await sent.text();
    await client.chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Agenda please' }] });
    await request(chat.url).post(`/api/chat/admin/wallets/${user.id}/adjustments`).set(admin.auth).send({ credits: 50_000, reason: 'sorry for the outage' }).expect(200);
    const [reply] = await chat.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.role, 'assistant')));
    await eventually(async () => (await chat.db.select().from(chatMessages).where(eq(chatMessages.id, reply!.id)))[0]?.platformCreditsUsed);
    await request(chat.url).post(`/api/chat/admin/messages/${reply!.id}/refund`).set(admin.auth).send({ reason: 'bad answer' }).expect(200);

    const mine = await statement(user);
    const texts = mine.lines.map((line) => line.text);
    const replyCredits = (await chat.db.select().from(chatMessages).where(eq(chatMessages.id, reply!.id)))[0]!.platformCreditsUsed.toLocaleString('en-US');
    expect(texts).toEqual([
      `Refund of a reply from Meeting Prep · ${replyCredits} credits`,
      'Adjusted by support: +50,000 (sorry for the outage)',
      expect.stringMatching(new RegExp(`^API · ${agent.key} · key ‘CI’ · [\\d,]+$`)),
      `Reply from Meeting Prep · ${replyCredits} credits`,
      'Top-up 500,000',
      expect.stringMatching(/^Monthly refill [\d,]+$/),
    ]);
    expect(mine.lines.at(-1)!.kind).toBe('refill');

    const today = new Date().toISOString().slice(0, 10);
    expect((await statement(user, `?from=${today}&to=${today}`)).lines).toEqual(mine.lines);
    const filtered = await statement(user, '?from=2020-01-01&to=2020-01-31');
    expect(filtered).toMatchObject({ lines: [], totalLines: 0, balance: mine.balance });
    await request(chat.url).get('/api/chat/statement?from=2026-02-30').set(user.auth).expect(400);
    await request(chat.url).get('/api/chat/statement?from=2026-03-02&to=2026-03-01').set(user.auth).expect(400);
    await request(chat.url).get('/api/chat/statement?pageSize=501').set(user.auth).expect(400);

    const theirs = (await request(chat.url).get(`/api/chat/admin/users/${user.id}/statement`).set(admin.auth).expect(200)).body as StatementResponse;
    expect(theirs).toEqual(mine);
    await request(chat.url).get(`/api/chat/admin/users/${user.id}/statement`).set(user.auth).expect(403);
  });

  it('counts this month’s use in chat and through the API apart and together, so it explains the balance’s fall (the API was left out)', async () => {
    const { user, client } = await customer();
    const before = walletBalance(toWallet((await chat.wallet(user.id))!)).total;
    const sent = await fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Prepare my meeting' }),
    });
    await sent.text();
    await client.chat.completions.create({ model: agent.key, messages: [{ role: 'user', content: 'Agenda please' }] });
    const after = walletBalance(toWallet((await chat.wallet(user.id))!)).total;
    const usage = (await request(chat.url).get('/api/chat/usage').set(user.auth).expect(200)).body as UsageSummary;
    const lines = (await statement(user)).lines;
    expect(usage.thisPeriod).toMatchObject({
      webReplies: 1,
      apiRequests: 1,
      webCredits: -lines.find((line) => line.kind === 'reply')!.credits,
      apiCredits: -lines.find((line) => line.kind === 'api')!.credits,
    });
    expect(usage.thisPeriod!.apiCredits).toBeGreaterThan(0);
    expect(periodUsageTotal(usage.thisPeriod!)).toBe(before - after);
  });

  it('shows a reply still being written as in progress, holding what it reserved, with the balance every screen shows', async () => {
    const { user } = await customer();
    fake.mode = 'hang';
    const leave = new AbortController();
    const pending = fetch(`${chat.url}/api/chat/agents/${agent.id}/messages`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Prepare my meeting' }),
      signal: leave.signal,
    })
      .then((response) => response.text())
      .catch(() => '');
    try {
      const held = await eventually(async () => (await statement(user)).lines.find((line) => line.inProgress));
      expect(held.text).toBe(`Reply in progress · ${(-held.credits).toLocaleString('en-US')} credits held`);
      expect(held.kind).toBe('reply');
      const wallet = toWallet((await chat.wallet(user.id))!);
      expect((await statement(user)).lines[0]!.balance).toBe(walletBalance(wallet).total);
    } finally {
      leave.abort();
      await pending;
      fake.mode = 'ok';
    }
  });
});
