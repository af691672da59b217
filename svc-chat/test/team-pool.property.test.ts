import { randomUUID } from 'node:crypto';
import {
  creditsForTokens,
  estimateTokens,
  type EventDefinition,
  organisationMemberJoinedV1,
  organisationMemberRemovedV1,
  seatsChangedV1,
  teamCreditsPurchasedV1,
  teamSubscriptionRenewedV1,
} from '@agentdock/contracts';
import { eq } from '@agentdock/service-data/orm';
import { AppError } from '@agentdock/service-kit';
import fc from 'fast-check';
import type { z } from 'zod';
import { chatPoolMembers, chatWalletLedger } from '../src/db/schema';
import { ApiKeyCache } from '../src/domain/api-key-cache';
import { completeSend, prepareSend, type SendDeps } from '../src/domain/chat';
import { setMemberCap, spentIn } from '../src/domain/pools/members';
import { chatConsumers } from '../src/events/consumers';
import type { ChatProvider } from '../src/providers/provider';
import { ChatHarness, DRIVER } from './harness';

/**
 * Random sequences on one team's pool (sends by random members with random reply lengths, caps set
 * and lifted, renewals with other seat counts, seat changes, packs, a member removed), through the
 * real event handlers and send path. After every step: the ledger sums to the pool, nothing is
 * negative, every reply is charged at least what it delivered and at most what was reserved, each
 * member's spending is what the ledger charged them this period, and no cap is passed.
 */

const MEMBERS = 3;
type Step =
  | { kind: 'send'; member: number; words: number }
  | { kind: 'cap'; member: number; cap: number | null }
  | { kind: 'renew'; seats: number; month: number }
  | { kind: 'seats'; seats: number }
  | { kind: 'purchase'; credits: number }
  | { kind: 'remove'; member: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('send' as const), member: fc.nat(MEMBERS - 1), words: fc.nat(60) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cap' as const), member: fc.nat(MEMBERS - 1), cap: fc.option(fc.nat(20_000), { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('renew' as const), seats: fc.integer({ min: 1, max: 4 }), month: fc.nat(24) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('seats' as const), seats: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('purchase' as const), credits: fc.integer({ min: 1, max: 50_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), member: fc.integer({ min: 1, max: MEMBERS - 1 }) }) },
);

describe(`team pool properties on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let agentId: string;
  let handlers: Map<string, (envelope: unknown) => Promise<void>>;

  beforeAll(async () => {
    chat = await ChatHarness.start({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9/v1' });
    agentId = (await chat.agent({ tier: 'starter' })).id;
    handlers = new Map(
      chatConsumers(chat.service.context, { keys: new ApiKeyCache() }).map((consumer) => [consumer.subject, consumer.handler as (envelope: unknown) => Promise<void>]),
    );
  });
  afterAll(() => chat.close());

  async function deliver<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    await handlers.get(event.subject)!({ id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'test', data });
  }

  const provider = (words: number): ChatProvider => ({
    name: 'scripted',
    demo: false,
    async reply(request) {
      let text = '';
      for (let index = 0; index < words && !request.signal.aborted; index += 1) {
        request.onToken('word ');
        text += 'word ';
      }
      return { text, usage: null, imageUrl: null };
    },
  });

  it('keeps the pool, its ledger, every charge and every cap consistent over random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const team = randomUUID();
        const members = Array.from({ length: MEMBERS }, () => randomUUID());
        for (const [index, userId] of members.entries())
          await deliver(organisationMemberJoinedV1, { organisationId: team, userId, role: index === 0 ? 'owner' : 'member', members: index + 1 });
        await deliver(teamSubscriptionRenewedV1, {
          organisationId: team,
          subscriptionId: 'sub_p',
          tier: 'starter',
          seats: 1,
          billingPeriod: 'monthly',
          periodStart: new Date(Date.UTC(2026, 0, 1)).toISOString(),
          periodEnd: new Date(Date.UTC(2026, 1, 1)).toISOString(),
        });
        const removed = new Set<string>();
        for (const current of steps) {
          if (current.kind === 'send') await send(team, members[current.member]!, current.words, removed);
          else if (current.kind === 'cap')
            await setMemberCap(chat.db, { organisationId: team, actorId: members[0]!, memberId: members[current.member]!, monthlyCap: current.cap }).catch(() => undefined);
          else if (current.kind === 'renew') {
            await deliver(teamSubscriptionRenewedV1, {
              organisationId: team,
              subscriptionId: 'sub_p',
              tier: 'starter',
              seats: current.seats,
              billingPeriod: 'monthly',
              periodStart: new Date(Date.UTC(2026, current.month + 1, 1)).toISOString(),
              periodEnd: new Date(Date.UTC(2026, current.month + 2, 1)).toISOString(),
            });
          } else if (current.kind === 'seats') {
            await deliver(seatsChangedV1, { organisationId: team, subscriptionId: 'sub_p', tier: 'starter', seats: current.seats, previousSeats: 1, subscriptionStatus: 'active' });
          } else if (current.kind === 'purchase') {
            await deliver(teamCreditsPurchasedV1, {
              organisationId: team,
              userId: members[0]!,
              purchaseId: randomUUID(),
              packId: 'pack',
              credits: current.credits,
              amount: 100,
              currency: 'usd',
            });
          } else {
            removed.add(members[current.member]!);
            await deliver(organisationMemberRemovedV1, { organisationId: team, userId: members[current.member]!, reason: 'removed', members: MEMBERS - removed.size });
          }
          await expectConsistent(team);
        }
      }),
      { numRuns: Number(process.env.POOL_PROPERTY_RUNS ?? 15) },
    );
  }, 300_000);

  async function send(team: string, userId: string, words: number, removed: Set<string>) {
    const deps: SendDeps = { context: chat.service.context, provider: provider(words), lowBalanceRatio: 0.1, replyLimits: { maxReplyTokens: 40, perAgent: {} } };
    const input = { userId, tier: 'free' as const, agentId, message: 'status please', workspace: team };
    const ledgerBefore = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, team));
    let prepared;
    try {
      prepared = await prepareSend(deps, input);
    } catch (error) {
      // Refused before anything happened: 402 (pool or cap), or 404 for a removed member; the pool is untouched.
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(removed.has(userId) ? 404 : 402);
      expect(await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, team))).toHaveLength(ledgerBefore.length);
      return;
    }
    expect(removed.has(userId)).toBe(false);
    let delivered = '';
    await completeSend(deps, { ...input, signal: new AbortController().signal, onWaiting: () => undefined, onToken: (text) => (delivered += text) }, prepared);
    const rows = (await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.messageId, prepared.replyId))).filter((row) => row.memberId === userId);
    const reserved = -rows.filter((row) => row.kind === 'reservation').reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
    const charged = -rows.reduce((sum, row) => sum + row.planDelta + row.purchasedDelta, 0);
    expect(charged).toBeLessThanOrEqual(reserved);
    expect(charged).toBeGreaterThanOrEqual(creditsForTokens(estimateTokens('status please') + estimateTokens(delivered)));
    // The send was let through under the member's cap: their spending this period stays within it.
    const [member] = (await chat.db.select().from(chatPoolMembers).where(eq(chatPoolMembers.organisationId, team))).filter((row) => row.userId === userId);
    const wallet = (await chat.wallet(team))!;
    if (member!.monthlyCap !== null) expect(spentIn(member!, wallet.periodStart)).toBeLessThanOrEqual(member!.monthlyCap);
  }

  async function expectConsistent(team: string) {
    const wallet = (await chat.wallet(team))!;
    const ledger = await chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, team));
    expect(wallet.creditsRemaining).toBeGreaterThanOrEqual(0);
    expect(wallet.purchasedCredits).toBeGreaterThanOrEqual(0);
    expect(ledger.reduce((sum, row) => sum + row.planDelta, 0)).toBe(wallet.creditsRemaining);
    expect(ledger.reduce((sum, row) => sum + row.purchasedDelta, 0)).toBe(wallet.purchasedCredits);
    for (const member of await chat.db.select().from(chatPoolMembers).where(eq(chatPoolMembers.organisationId, team))) {
      expect(spentIn(member, wallet.periodStart)).toBeGreaterThanOrEqual(0);
    }
  }
});
