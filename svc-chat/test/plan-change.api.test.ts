import { randomUUID } from 'node:crypto';
import {
  creditsPurchasedV1,
  type EventDefinition,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  subscriptionPlanChangedV1,
  subscriptionRenewedV1,
  userRegisteredV1,
} from '@agentdock/contracts';
import { inTransaction } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import fc from 'fast-check';
import request from 'supertest';
import type { z } from 'zod';
import { chatWalletLedger } from '../src/db/schema';
import { reserveCredits, settleReservation } from '../src/domain/ledger';
import { addMonths, ensureWallet, walletRow } from '../src/domain/wallet';
import { ApiKeyCache } from '../src/domain/api-key-cache';
import { chatConsumers } from '../src/events/consumers';
import { ChatHarness, DRIVER, parseSse } from './harness';

/**
 * "A plan change must not refill the month." Billing's events as billing sends them (a change
 * inside the billing period keeps the period; monthly ↔ annual restarts it at the change), applied
 * through chat's real consumers, with spending through the ledger's real reservation and
 * settlement between them; on PGlite in `npm test`, on PostgreSQL when TEST_DATABASE_URL is set.
 */

const DAY_MS = 86_400_000;
type PaidTier = 'starter' | 'professional';
type Interval = 'monthly' | 'annual';
const ALLOWANCES: Record<'free' | PaidTier, { credits: number; apiCalls: number }> = {
  free: { credits: 50_000, apiCalls: 50 },
  starter: { credits: 1_000_000, apiCalls: 250 },
  professional: { credits: 2_000_000, apiCalls: 500 },
};

describe(`plan changes on ${DRIVER}`, () => {
  let chat: ChatHarness;
  let handlers: Map<string, (envelope: unknown) => Promise<void>>;

  beforeAll(async () => {
    chat = await ChatHarness.start({});
    handlers = new Map(
      chatConsumers(chat.service.context, { keys: new ApiKeyCache() }).map((consumer) => [consumer.subject, consumer.handler as (envelope: unknown) => Promise<void>]),
    );
  });
  afterAll(() => chat.close());

  async function deliver<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>, at: Date) {
    await handlers.get(event.subject)!({ id: randomUUID(), type: event.type, version: event.version, occurredAt: at.toISOString(), source: 'test', data });
  }

  const facts = (userId: string, tier: PaidTier, interval: Interval, periodStart: Date) => ({
    userId,
    subscriptionId: 'sub_plan_change',
    tier,
    billingPeriod: interval,
    periodStart: periodStart.toISOString(),
    periodEnd: addMonths(periodStart, interval === 'annual' ? 12 : 1).toISOString(),
  });

  /** Spends `credits` of the wallet as a reply does: reserved, then settled to the cost; one API call when `apiCall`. */
  async function spend(userId: string, credits: number, apiCall: boolean): Promise<boolean> {
    const seen = (await walletRow(chat.db, userId))!;
    const messageId = randomUUID();
    const reserved = await reserveCredits(chat.db, seen, credits, messageId, { countsApiCall: apiCall });
    if (!reserved.ok) return false;
    await inTransaction(chat.db, (tx) => settleReservation(tx, { userId, reservation: reserved.reservation, cost: credits, messageId }));
    return true;
  }

  async function ledgerOf(userId: string) {
    return chat.db.select().from(chatWalletLedger).where(eq(chatWalletLedger.userId, userId));
  }

  async function expectBalanced(userId: string) {
    const wallet = (await walletRow(chat.db, userId))!;
    const ledger = await ledgerOf(userId);
    expect(ledger.reduce((sum, row) => sum + row.planDelta, 0)).toBe(wallet.creditsRemaining);
    expect(ledger.reduce((sum, row) => sum + row.purchasedDelta, 0)).toBe(wallet.purchasedCredits);
    expect(wallet.creditsRemaining).toBeGreaterThanOrEqual(0);
    expect(wallet.apiCallsUsed).toBeLessThanOrEqual(wallet.apiCallsLimit);
  }

  async function subscribed(tier: PaidTier, interval: Interval, start: Date) {
    const userId = randomUUID();
    await deliver(userRegisteredV1, { userId, email: `pc-${userId.slice(0, 8)}@example.com`, fullName: null, tier: 'free' }, start);
    await deliver(subscriptionActivatedV1, facts(userId, tier, interval, start), start);
    return userId;
  }

  it('keeps the month’s usage through Pro → Starter → Pro: the round trip refills nothing (the reported attack)', async () => {
    const start = new Date('2026-03-01T00:00:00.000Z');
    const userId = await subscribed('professional', 'monthly', start);
    for (let call = 0; call < 40; call += 1) expect(await spend(userId, 14_600, true)).toBe(true);
    expect(await walletRow(chat.db, userId)).toMatchObject({ creditsRemaining: 1_416_000, apiCallsUsed: 40, apiCallsLimit: 500 });

    const threeMinutesIn = new Date(start.getTime() + 3 * 60_000);
    await deliver(subscriptionPlanChangedV1, { ...facts(userId, 'starter', 'monthly', start), previousTier: 'professional' }, threeMinutesIn);
    const down = (await walletRow(chat.db, userId))!;
    // Starter's 1,000,000 less the 584,000 already used this month; the 40 calls stay used.
    expect(down).toMatchObject({ tier: 'starter', creditsRemaining: 416_000, creditsLimit: 1_000_000, apiCallsUsed: 40, apiCallsLimit: 250 });
    expect(down.creditsRefillAt.toISOString()).toBe('2026-04-01T00:00:00.000Z');

    await deliver(subscriptionPlanChangedV1, { ...facts(userId, 'professional', 'monthly', start), previousTier: 'starter' }, threeMinutesIn);
    const up = (await walletRow(chat.db, userId))!;
    // The difference for the rest of the month (99.99 % of it), never past Pro's 2,000,000 in all.
    expect(up.tier).toBe('professional');
    expect(up.creditsRemaining).toBeLessThanOrEqual(1_416_000);
    expect(up.creditsRemaining).toBeGreaterThan(1_400_000);
    expect(up.creditsLimit - up.creditsRemaining).toBe(584_000);
    expect(up.apiCallsUsed).toBe(40);
    expect(up.creditsRefillAt.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    const kinds = (await ledgerOf(userId)).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === 'grant')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'plan-change')).toHaveLength(2);
    await expectBalanced(userId);
  });

  it('prorates an upgrade by the part of the month left, and a downgrade never takes purchased credits', async () => {
    const start = new Date('2026-05-01T00:00:00.000Z');
    const userId = await subscribed('starter', 'monthly', start);
    await deliver(creditsPurchasedV1, { userId, purchaseId: `cs_${userId}`, packId: 'pack', credits: 300_000, amount: 1_000, currency: 'usd' }, start);
    expect(await spend(userId, 900_000, false)).toBe(true);
    // Half of May (31 days) left at noon on the 16th.
    const midMonth = new Date('2026-05-16T12:00:00.000Z');
    await deliver(subscriptionPlanChangedV1, { ...facts(userId, 'professional', 'monthly', start), previousTier: 'starter' }, midMonth);
    expect(await walletRow(chat.db, userId)).toMatchObject({ creditsRemaining: 600_000, creditsLimit: 1_500_000, purchasedCredits: 300_000 });

    // The 600,000 plan credits first, then 200,000 of the purchased ones.
    expect(await spend(userId, 800_000, false)).toBe(true);
    await deliver(subscriptionPlanChangedV1, { ...facts(userId, 'starter', 'monthly', start), previousTier: 'professional' }, midMonth);
    // 1,500,000 used, more than Starter allows: no plan credits left, the purchased ones untouched.
    expect(await walletRow(chat.db, userId)).toMatchObject({ tier: 'starter', creditsRemaining: 0, creditsLimit: 1_500_000, purchasedCredits: 100_000 });
    await expectBalanced(userId);
  });

  it('carries the month’s usage into a billing period restarted by monthly → annual → monthly', async () => {
    const start = new Date('2026-07-01T00:00:00.000Z');
    const userId = await subscribed('professional', 'monthly', start);
    expect(await spend(userId, 1_900_000, true)).toBe(true);
    const nextDay = new Date('2026-07-02T00:00:00.000Z');
    await deliver(subscriptionPlanChangedV1, { ...facts(userId, 'professional', 'annual', nextDay), previousTier: 'professional' }, nextDay);
    const annual = (await walletRow(chat.db, userId))!;
    // One day of 31 earned 64,516 credits and 16 calls; the other 1,835,484 credits used stay used
    // in the new month (the one call used is within what the day earned).
    expect(annual).toMatchObject({ creditsRemaining: 164_516, creditsLimit: 2_000_000, apiCallsUsed: 0 });
    expect(annual.periodAnchor.toISOString()).toBe(nextDay.toISOString());
    expect(annual.creditsRefillAt.toISOString()).toBe('2026-08-02T00:00:00.000Z');
    expect(annual.renewsAt.toISOString()).toBe('2027-07-02T00:00:00.000Z');

    const sameDay = new Date('2026-07-02T00:05:00.000Z');
    await deliver(subscriptionPlanChangedV1, { ...facts(userId, 'professional', 'monthly', sameDay), previousTier: 'professional' }, sameDay);
    const back = (await walletRow(chat.db, userId))!;
    // Five minutes of the annual month earned 224 credits: no refill.
    expect(back.creditsRemaining).toBe(164_740);
    expect(back.renewsAt.toISOString()).toBe('2026-08-02T00:05:00.000Z');
    await expectBalanced(userId);
  });

  it('takes paid agents away from the web chat at once on a downgrade, whatever tier the access token still carries', async () => {
    const pro = await chat.agent({ tier: 'professional', name: 'Market Research' });
    const user = await chat.user({ tier: 'professional' });
    const now = new Date();
    await deliver(userRegisteredV1, { userId: user.id, email: `dg-${user.id.slice(0, 8)}@example.com`, fullName: null, tier: 'free' }, now);
    await deliver(subscriptionActivatedV1, facts(user.id, 'professional', 'monthly', now), now);
    const sendTo = async (agentId: string) => {
      const response = await fetch(`${chat.url}/api/chat/agents/${agentId}/messages`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'hello' }),
      });
      return { status: response.status, events: parseSse(await response.text()) };
    };
    expect((await sendTo(pro.id)).events.at(-1)?.event).toBe('done');

    await deliver(subscriptionPlanChangedV1, { ...facts(user.id, 'starter', 'monthly', now), previousTier: 'professional' }, new Date());
    // The same token, still saying professional.
    expect((await sendTo(pro.id)).status).toBe(404);
    const listed = (await request(chat.url).get('/api/chat/agents').set(user.auth).expect(200)).body.agents.map((agent: { id: string }) => agent.id);
    expect(listed).not.toContain(pro.id);
    await request(chat.url).get(`/api/chat/agents/${pro.id}/history`).set(user.auth).expect(404);
  });

  type Step =
    | { kind: 'spend'; credits: number; apiCall: boolean }
    | { kind: 'advance'; days: number }
    | { kind: 'change'; tier: PaidTier }
    | { kind: 'switch-interval'; tier: PaidTier }
    | { kind: 'cancel' }
    | { kind: 'subscribe'; tier: PaidTier; interval: Interval }
    | { kind: 'top-up'; credits: number };

  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('spend' as const), credits: fc.integer({ min: 1, max: 900_000 }), apiCall: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 40 }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('change' as const), tier: fc.constantFrom<PaidTier>('starter', 'professional') }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('switch-interval' as const), tier: fc.constantFrom<PaidTier>('starter', 'professional') }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('subscribe' as const),
        tier: fc.constantFrom<PaidTier>('starter', 'professional'),
        interval: fc.constantFrom<Interval>('monthly', 'annual'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('top-up' as const), credits: fc.integer({ min: 1, max: 2_000_000 }) }) },
  );

  it('never grants a month more plan credits than the dearest plan held in it, and never forgets its usage, over random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<PaidTier>('starter', 'professional'),
        fc.constantFrom<Interval>('monthly', 'annual'),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        async (firstTier, firstInterval, steps) => {
          let now = new Date('2026-01-10T00:00:00.000Z');
          const userId = await subscribed(firstTier, firstInterval, now);
          let subscription: { tier: PaidTier; interval: Interval; periodStart: Date; periodEnd: Date } | null = {
            tier: firstTier,
            interval: firstInterval,
            periodStart: now,
            periodEnd: addMonths(now, firstInterval === 'annual' ? 12 : 1),
          };
          let purchases = 0;
          /** The credit month the wallet is in: what was made available in it, and the dearest allowance held in it. */
          let month = { start: (await walletRow(chat.db, userId))!.periodStart.getTime(), available: ALLOWANCES[firstTier].credits, dearest: ALLOWANCES[firstTier].credits };
          const seen = new Set((await ledgerOf(userId)).map((row) => row.id));

          for (const current of steps) {
            const before = (await walletRow(chat.db, userId))!;
            let restarted = false;
            if (current.kind === 'spend') await spend(userId, current.credits, current.apiCall);
            else if (current.kind === 'top-up') {
              purchases += 1;
              await deliver(creditsPurchasedV1, { userId, purchaseId: `cs_${userId}_${purchases}`, packId: 'pack', credits: current.credits, amount: 500, currency: 'usd' }, now);
            } else if (current.kind === 'advance') {
              now = new Date(now.getTime() + current.days * DAY_MS);
              while (subscription && subscription.periodEnd <= now) {
                const periodStart: Date = subscription.periodEnd;
                subscription = { ...subscription, periodStart, periodEnd: addMonths(periodStart, subscription.interval === 'annual' ? 12 : 1) };
                await deliver(subscriptionRenewedV1, facts(userId, subscription.tier, subscription.interval, periodStart), periodStart);
              }
              await ensureWallet(chat.db, userId, subscription?.tier ?? 'free', now);
            } else if (current.kind === 'change' && subscription && subscription.tier !== current.tier) {
              const previousTier = subscription.tier;
              subscription = { ...subscription, tier: current.tier };
              await deliver(subscriptionPlanChangedV1, { ...facts(userId, current.tier, subscription.interval, subscription.periodStart), previousTier }, now);
            } else if (current.kind === 'switch-interval' && subscription) {
              const previousTier = subscription.tier;
              const interval: Interval = subscription.interval === 'annual' ? 'monthly' : 'annual';
              subscription = { tier: current.tier, interval, periodStart: now, periodEnd: addMonths(now, interval === 'annual' ? 12 : 1) };
              await deliver(subscriptionPlanChangedV1, { ...facts(userId, current.tier, interval, now), previousTier }, now);
              restarted = true;
            } else if (current.kind === 'cancel' && subscription) {
              // Cancelled at the period's end: billing says so when the period is over.
              now = subscription.periodEnd;
              await deliver(subscriptionCanceledV1, { userId, subscriptionId: 'sub_plan_change', tier: subscription.tier, reason: 'canceled', endedAt: now.toISOString() }, now);
              subscription = null;
            } else if (current.kind === 'subscribe' && !subscription) {
              subscription = { tier: current.tier, interval: current.interval, periodStart: now, periodEnd: addMonths(now, current.interval === 'annual' ? 12 : 1) };
              await deliver(subscriptionActivatedV1, facts(userId, current.tier, current.interval, now), now);
            }

            await expectBalanced(userId);
            const after = (await walletRow(chat.db, userId))!;
            const fresh = (await ledgerOf(userId)).filter((row) => !seen.has(row.id));
            for (const row of fresh) seen.add(row.id);
            const heldNow = after.tier === 'free' ? ALLOWANCES.free.credits : ALLOWANCES[after.tier as PaidTier].credits;
            const usedBefore = before.creditsLimit - before.creditsRemaining;
            const usedAfter = after.creditsLimit - after.creditsRemaining;

            if (restarted) {
              // Usage beyond what the elapsed part of the old month paid for is carried into the new one.
              const share = Math.min(1, Math.max(0, (before.creditsRefillAt.getTime() - now.getTime()) / (before.creditsRefillAt.getTime() - before.periodStart.getTime())));
              expect(usedAfter).toBeGreaterThanOrEqual(usedBefore - Math.floor(before.creditsLimit * (1 - share)));
              expect(after.creditsRemaining).toBeLessThanOrEqual(Math.max(0, heldNow - usedAfter));
              month = { start: after.periodStart.getTime(), available: after.creditsLimit, dearest: Math.max(heldNow, after.creditsLimit) };
            } else if (fresh.some((row) => row.kind === 'grant')) {
              // A new month (a renewal, a monthly refill, a cancellation or a new subscription): the plan's allowance, nothing more.
              expect(current.kind).toMatch(/^(advance|cancel|subscribe)$/);
              expect([after.creditsRemaining, after.creditsLimit, after.apiCallsUsed]).toEqual([heldNow, heldNow, 0]);
              month = { start: after.periodStart.getTime(), available: heldNow, dearest: heldNow };
            } else {
              month.available += fresh.filter((row) => row.kind === 'plan-change').reduce((sum, row) => sum + row.planDelta, 0);
              month.dearest = Math.max(month.dearest, heldNow);
              // Inside a month, a plan change never gives back what was used: credits and API calls.
              if (current.kind === 'change') {
                expect(usedAfter).toBe(usedBefore);
                expect(after.apiCallsUsed).toBe(before.apiCallsUsed);
              }
            }
            expect(month.available).toBeLessThanOrEqual(month.dearest);
          }
        },
      ),
      { numRuns: Number(process.env.PLAN_CHANGE_PROPERTY_RUNS ?? 30) },
    );
  }, 300_000);
});
