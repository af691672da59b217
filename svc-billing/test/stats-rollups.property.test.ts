import { randomUUID } from 'node:crypto';
import { rollupDifferences } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import fc from 'fast-check';
import request from 'supertest';
import { billingRollups, payments, planConversions, subscriptions } from '../src/db/schema';
import { billingStatsFor } from '../src/domain/admin-stats';
import { storePayment } from '../src/domain/payments';
import { storedSubscriptionRecord } from '../src/domain/stored-subscription';
import type { ProviderStatus } from '../src/domain/subscription-machine';
import { BillingHarness, DRIVER, type User } from './harness';

/**
 * Random histories of payments (stored as the webhooks store them: a re-reported charge follows its
 * new total, the earliest plan payment is the conversion) and of subscriptions written, changed and
 * deleted: after each, every rollup equals its recomputation and the stats of a random range equal
 * the figures counted here from the raw rows.
 */
type Step =
  | { kind: 'pay'; user: number; payment: number; type: 'plan' | 'course' | 'credit-pack' | 'refund'; amount: number; currency: string; daysAgo: number }
  | { kind: 'subscribe'; user: number; status: ProviderStatus; amount: number; interval: 'month' | 'year'; course: boolean; cancelling: boolean; daysAgo: number }
  | { kind: 'change'; pick: number; status: ProviderStatus; amount: number; cancelling: boolean; daysAgo: number }
  | { kind: 'delete'; pick: number };

const STATUSES: ProviderStatus[] = ['active', 'past_due', 'canceled', 'unpaid', 'incomplete_expired'];
const amount = fc.integer({ min: 1, max: 20_000 }).map((value) => value * 12);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    user: fc.nat(3),
    payment: fc.nat(5),
    type: fc.constantFrom('plan' as const, 'course' as const, 'credit-pack' as const, 'refund' as const),
    amount,
    currency: fc.constantFrom('usd', 'eur'),
    daysAgo: fc.nat(10),
  }),
  fc.record({
    kind: fc.constant('subscribe' as const),
    user: fc.nat(3),
    status: fc.constantFrom(...STATUSES),
    amount,
    interval: fc.constantFrom('month' as const, 'year' as const),
    course: fc.boolean(),
    cancelling: fc.boolean(),
    daysAgo: fc.nat(10),
  }),
  fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), status: fc.constantFrom(...STATUSES), amount, cancelling: fc.boolean(), daysAgo: fc.nat(10) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const add = (money: Record<string, number>, currency: string, value: number) => (money[currency] = (money[currency] ?? 0) + value);
const rounded = (money: Record<string, number>) => Object.fromEntries(Object.entries(money).map(([currency, value]) => [currency, Math.round(value)]));

describe(`billing stats rollups equal the raw rows on ${DRIVER}`, () => {
  let billing: BillingHarness;
  let admin: User;
  beforeAll(async () => {
    billing = await BillingHarness.start();
    admin = await billing.user({ admin: true });
  });
  afterAll(() => billing.close());

  /** The figures of a range counted straight from the raw rows. */
  async function counted(from: string, to: string) {
    const db = billing.service.context.db;
    const inRange = (date: Date) => dayOf(date) >= from && dayOf(date) <= to;
    const [money, refunds, mrr, churn] = [{}, {}, {}, {}] as Array<Record<string, number>>;
    for (const row of (await db.select().from(payments)).filter((payment) => inRange(payment.paidAt))) {
      add(money!, row.currency, row.amount);
      if (row.kind === 'refund') add(refunds!, row.currency, -row.amount);
    }
    const all = await db.select().from(subscriptions);
    const plans = all.filter((row) => row.productKind === 'plan');
    const share = (row: (typeof plans)[number]) => (row.interval === 'year' ? row.unitAmount / 12 : row.unitAmount);
    const active = plans.filter((row) => row.status === 'active');
    // MRR counts every active subscription, plans and courses alike; the customer figures are plans'.
    for (const row of all.filter((subscription) => subscription.status === 'active')) add(mrr!, row.currency, share(row));
    const ended = plans.filter((row) => ['canceled', 'unpaid', 'incomplete_expired'].includes(row.status) && inRange(new Date(row.observedAt * 1000)));
    for (const row of ended) add(churn!, row.currency, share(row));
    return {
      revenue: rounded(money!),
      refunds: rounded(refunds!),
      mrr: rounded(mrr!),
      mrrChurn: rounded(churn!),
      payingCustomers: active.length,
      pastDueCustomers: plans.filter((row) => row.status === 'past_due').length,
      cancellingCustomers: active.filter((row) => row.cancelAtPeriodEnd).length,
      cancellations: ended.length,
      conversions: (await db.select().from(planConversions)).filter((row) => inRange(row.convertedAt)).length,
    };
  }

  it('keeps every rollup equal to its recomputation over random histories', async () => {
    const db = billing.service.context.db;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), fc.nat(10), fc.nat(10), async (steps, first, length) => {
        const run = randomUUID().slice(0, 8);
        const written: string[] = [];
        let subscribed = 0;
        for (const current of steps) {
          if (current.kind === 'pay') {
            const value = current.type === 'refund' ? -current.amount : current.amount;
            const payment = {
              id: `in_${run}_${current.payment}`,
              userId: `user-${run}-${current.user}`,
              kind: current.type,
              subscriptionId: null,
              amount: value,
              currency: current.currency,
            };
            await db.transaction((tx) => storePayment(tx, { ...payment, paidAt: daysAgo(current.daysAgo) }));
          } else if (current.kind === 'subscribe') {
            const id = `sub_${run}_${(subscribed += 1)}`;
            const observedAt = seconds(daysAgo(current.daysAgo));
            const product = current.course ? ({ kind: 'course', courseId: 'growth' } as const) : ({ kind: 'plan', tier: 'starter' } as const);
            const state = storedSubscriptionRecord({
              id,
              userId: `user-${run}-${current.user}`,
              product,
              status: current.status,
              currentPeriodStart: observedAt,
              currentPeriodEnd: observedAt + 30 * 86_400,
              cancelAtPeriodEnd: current.cancelling,
              observedAt,
              granted: true,
              graceEndsAt: null,
              team: null,
              trial: null,
            });
            await db.insert(subscriptions).values({
              id,
              userId: `user-${run}-${current.user}`,
              status: current.status,
              unitAmount: current.amount,
              currency: 'usd',
              interval: current.interval,
              observedAt,
              graceEndsAt: null,
              state,
              productKind: product.kind,
              tier: product.kind === 'plan' ? product.tier : null,
              cancelAtPeriodEnd: current.cancelling,
            });
            written.push(id);
          } else if (current.kind === 'change' && written.length > 0) {
            await db
              .update(subscriptions)
              .set({ status: current.status, unitAmount: current.amount, cancelAtPeriodEnd: current.cancelling, observedAt: seconds(daysAgo(current.daysAgo)) })
              .where(eq(subscriptions.id, written[current.pick % written.length]!));
          } else if (current.kind === 'delete' && written.length > 0) {
            await db.delete(subscriptions).where(eq(subscriptions.id, written.splice(current.pick % written.length, 1)[0]!));
          }
        }
        expect(await rollupDifferences(db, billingRollups)).toEqual([]);
        const range = { from: dayOf(daysAgo(first + length)), to: dayOf(daysAgo(first)) };
        const stats = await billingStatsFor(db, range);
        const { revenue, refunds, mrr, mrrChurn, payingCustomers, pastDueCustomers, cancellingCustomers, cancellations, conversions } = stats;
        expect({ revenue, refunds, mrr, mrrChurn, payingCustomers, pastDueCustomers, cancellingCustomers, cancellations, conversions }).toEqual(
          await counted(range.from, range.to),
        );
        const { body } = await request(billing.url).get('/api/billing/admin/stats').query(range).set(admin.auth).expect(200);
        expect(body).toEqual(stats);
      }),
      { numRuns: Number(process.env.STATS_PROPERTY_RUNS ?? 15) },
    );
  }, 300_000);
});
