import request from 'supertest';
import Stripe from 'stripe';
import { eventually } from '@agentdock/service-kit/testing';
import { customers, payments, planPrices, subscriptions } from '../src/db/schema';
import { storePayment } from '../src/domain/payments';
import { storedSubscriptionRecord } from '../src/domain/stored-subscription';
import type { ProviderStatus } from '../src/domain/subscription-machine';
import { STRIPE_API_VERSION } from '../src/index';
import { BillingHarness, DRIVER, type User } from './harness';

const STATS = '/api/billing/admin/stats';
const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Date.parse(iso) / 1000;

function subscription(
  id: string,
  userId: string,
  fields: {
    status: ProviderStatus;
    amount: number;
    interval?: 'month' | 'year';
    tier?: 'starter' | 'professional';
    course?: boolean;
    cancelAtPeriodEnd?: boolean;
    observedAt?: string;
  },
) {
  const product = fields.course ? ({ kind: 'course', courseId: 'growth' } as const) : ({ kind: 'plan', tier: fields.tier ?? 'starter' } as const);
  const observedAt = seconds(fields.observedAt ?? '2026-02-01T00:00:00Z');
  const state = storedSubscriptionRecord({
    id,
    userId,
    product,
    status: fields.status,
    currentPeriodStart: observedAt,
    currentPeriodEnd: observedAt + 30 * 86_400,
    cancelAtPeriodEnd: fields.cancelAtPeriodEnd ?? false,
    observedAt,
    granted: true,
    graceEndsAt: null,
    team: null,
    trial: null,
  });
  return {
    id,
    userId,
    status: fields.status,
    unitAmount: fields.amount,
    currency: 'usd',
    interval: fields.interval ?? 'month',
    observedAt,
    graceEndsAt: null,
    state,
    productKind: product.kind,
    tier: product.kind === 'plan' ? product.tier : null,
    cancelAtPeriodEnd: fields.cancelAtPeriodEnd ?? false,
  };
}

describe(`svc-billing admin stats (${DRIVER})`, () => {
  let billing: BillingHarness;
  let admin: User;
  beforeAll(async () => {
    billing = await BillingHarness.start();
    admin = await billing.user({ admin: true });
  });
  afterAll(() => billing.close());

  describe('on a seeded month with a known answer', () => {
    beforeAll(async () => {
      await billing.service.context.db.insert(subscriptions).values([
        subscription('sub_a', 'user-a', { status: 'active', amount: 5_000 }),
        subscription('sub_b', 'user-b', { status: 'active', amount: 102_000, interval: 'year', tier: 'professional' }),
        // Set to cancel at the end of the paid period: still paying until then.
        subscription('sub_c', 'user-c', { status: 'active', amount: 10_000, tier: 'professional', cancelAtPeriodEnd: true }),
        subscription('sub_d', 'user-d', { status: 'past_due', amount: 5_000 }),
        subscription('sub_e', 'user-e', { status: 'canceled', amount: 5_000, observedAt: '2026-03-20T10:00:00Z' }),
        subscription('sub_f', 'user-f', { status: 'active', amount: 2_000, course: true }),
        // Upgraded from Starter during March: counted at the price paid now.
        subscription('sub_g', 'user-g', { status: 'active', amount: 10_000, tier: 'professional' }),
        subscription('sub_h', 'user-h', { status: 'canceled', amount: 5_000, observedAt: '2026-02-10T00:00:00Z' }),
        subscription('sub_i', 'user-i', { status: 'canceled', amount: 54_000, interval: 'year', observedAt: '2026-03-31T23:59:59Z' }),
        subscription('sub_j', 'user-j', { status: 'active', amount: 60_000, interval: 'year', course: true }),
        subscription('sub_k', 'user-k', { status: 'past_due', amount: 3_000, course: true }),
        // A course that ended is not plan churn.
        subscription('sub_l', 'user-l', { status: 'canceled', amount: 5_000, course: true, observedAt: '2026-03-20T10:00:00Z' }),
      ]);
      const payment = (id: string, userId: string, kind: 'plan' | 'course' | 'credit-pack' | 'refund', amount: number, paidAt: string, currency = 'usd') => ({
        id,
        userId,
        kind,
        subscriptionId: null,
        amount,
        currency,
        paidAt: at(paidAt),
      });
      const seeded = [
        payment('in_a1', 'user-a', 'plan', 5_000, '2026-03-05T09:00:00Z'),
        payment('in_b1', 'user-b', 'plan', 102_000, '2026-03-10T12:00:00Z'),
        payment('in_c0', 'user-c', 'plan', 10_000, '2026-02-01T00:00:00Z'),
        payment('in_c1', 'user-c', 'plan', 10_000, '2026-03-01T00:00:00Z'),
        payment('in_g1', 'user-g', 'plan', 4_839, '2026-03-12T08:00:00Z'),
        payment('in_g0', 'user-g', 'plan', 5_000, '2026-02-15T00:00:00Z'),
        payment('in_f1', 'user-f', 'course', 2_000, '2026-03-03T00:00:00Z'),
        payment('cs_a1', 'user-a', 'credit-pack', 1_500, '2026-03-05T18:00:00Z'),
        payment('re_b1', 'user-b', 'refund', -2_000, '2026-03-15T00:00:00Z'),
        payment('in_d1', 'user-d', 'plan', 5_000, '2026-04-01T00:00:00Z'),
        payment('cs_h1', 'user-h', 'credit-pack', 900, '2026-03-31T23:59:59Z', 'eur'),
      ];
      // As the webhooks store them, user-c's in date order and user-g's not: the earliest plan payment wins.
      const db = billing.service.context.db;
      for (const row of seeded) await db.transaction((tx) => storePayment(tx, row));
    });

    it('counts MRR (plans and courses, each on its own line), ARR, ARPU and customers by plan, past_due apart', async () => {
      const { body } = await request(billing.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-31' }).set(admin.auth).expect(200);
      // Plans: 5,000 + 102,000 / 12 + 10,000 (cancelling) + 10,000 (upgraded) = 33,500; the past_due 5,000 apart.
      expect(body.planMrr).toEqual({ usd: 33_500 });
      // Courses: user-f's 2,000 a month and user-j's 60,000 a year (5,000 a month); user-k's past_due 3,000 apart.
      expect(body.courseMrr).toEqual({ usd: 7_000 });
      expect(body.courseSubscriptions).toBe(2);
      expect(body.mrr).toEqual({ usd: 40_500 });
      expect(body.arr).toEqual({ usd: 486_000 });
      expect(body.pastDueMrr).toEqual({ usd: 8_000 });
      // ARPU is per paying plan customer: 33,500 / 4.
      expect(body.arpu).toEqual({ usd: 8_375 });
      expect(body).toMatchObject({ payingCustomers: 4, pastDueCustomers: 1, cancellingCustomers: 1 });
      expect(body.byPlan).toEqual([
        { tier: 'professional', interval: 'month', currency: 'usd', customers: 2, mrr: 20_000 },
        { tier: 'professional', interval: 'year', currency: 'usd', customers: 1, mrr: 8_500 },
        { tier: 'starter', interval: 'month', currency: 'usd', customers: 1, mrr: 5_000 },
      ]);
    });

    it('sums the money collected in the range, refunds deducted, per currency and per day', async () => {
      const { body } = await request(billing.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-31' }).set(admin.auth).expect(200);
      expect(body.revenue).toEqual({ usd: 5_000 + 102_000 + 10_000 + 4_839 + 2_000 + 1_500 - 2_000, eur: 900 });
      expect(body.refunds).toEqual({ usd: 2_000 });
      expect(body.days).toHaveLength(31);
      expect(body.days[0]).toEqual({ date: '2026-03-01', revenue: { usd: 10_000 }, conversions: 0, cancellations: 0 });
      expect(body.days[4]).toEqual({ date: '2026-03-05', revenue: { usd: 6_500 }, conversions: 1, cancellations: 0 });
      expect(body.days[14]).toEqual({ date: '2026-03-15', revenue: { usd: -2_000 }, conversions: 0, cancellations: 0 });
      expect(body.days[30]).toEqual({ date: '2026-03-31', revenue: { eur: 900 }, conversions: 0, cancellations: 1 });
    });

    it('counts first plan payments as conversions and ended plans as logo and MRR churn', async () => {
      const { body } = await request(billing.url).get(STATS).query({ from: '2026-03-01', to: '2026-03-31' }).set(admin.auth).expect(200);
      // user-c and user-g first paid in February: renewals and upgrades are not conversions.
      expect(body.conversions).toBe(2);
      expect(body.cancellations).toBe(2);
      expect(body.mrrChurn).toEqual({ usd: 5_000 + 4_500 });
      const february = (await request(billing.url).get(STATS).query({ from: '2026-02-01', to: '2026-02-28' }).set(admin.auth).expect(200)).body;
      expect(february).toMatchObject({ conversions: 2, cancellations: 1, revenue: { usd: 15_000 }, mrrChurn: { usd: 5_000 } });
    });

    it('lists customers by billing status for the users filter, cancelling ones among the active', async () => {
      const ids = async (status: string) => (await request(billing.url).get('/api/billing/admin/customers').query({ status }).set(admin.auth).expect(200)).body;
      expect((await ids('active')).userIds.sort()).toEqual(['user-a', 'user-b', 'user-c', 'user-g']);
      expect(await ids('past_due')).toEqual({ userIds: ['user-d'], total: 1 });
      expect(await ids('cancelling')).toEqual({ userIds: ['user-c'], total: 1 });
      const refused = await request(billing.url).get('/api/billing/admin/customers').query({ status: 'gone' }).set(admin.auth).expect(400);
      expect(JSON.stringify(refused.body)).toContain('Choose active, past_due or cancelling.');
    });

    it('shows one customer’s subscriptions and payments with links into the provider’s test dashboard', async () => {
      await billing.service.context.db.insert(customers).values({ userId: 'user-b', customerId: 'cus_b' });
      const { body } = await request(billing.url).get('/api/billing/admin/customers/user-b').set(admin.auth).expect(200);
      expect(body.customerId).toBe('cus_b');
      expect(body.dashboardUrl).toBe('https://dashboard.stripe.com/test/customers/cus_b');
      expect(body.subscriptions).toEqual([
        expect.objectContaining({
          id: 'sub_b',
          kind: 'plan',
          product: 'professional',
          status: 'active',
          unitAmount: 102_000,
          interval: 'year',
          cancelAtPeriodEnd: false,
          dashboardUrl: 'https://dashboard.stripe.com/test/subscriptions/sub_b',
        }),
      ]);
      expect(body.payments).toEqual([
        { id: 're_b1', kind: 'refund', amount: -2_000, currency: 'usd', paidAt: '2026-03-15T00:00:00.000Z', dashboardUrl: null },
        { id: 'in_b1', kind: 'plan', amount: 102_000, currency: 'usd', paidAt: '2026-03-10T12:00:00.000Z', dashboardUrl: 'https://dashboard.stripe.com/test/invoices/in_b1' },
      ]);
      const stranger = (await request(billing.url).get('/api/billing/admin/customers/nobody').set(admin.auth).expect(200)).body;
      expect(stranger).toEqual({ customerId: null, dashboardUrl: null, subscriptions: [], payments: [] });
    });

    it('refuses a range that is not one, with a sentence', async () => {
      const backwards = await request(billing.url).get(STATS).query({ from: '2026-03-31', to: '2026-03-01' }).set(admin.auth).expect(400);
      expect(JSON.stringify(backwards.body)).toContain('The end of the range must not be before its start.');
      await request(billing.url).get(STATS).query({ from: '2026-01-01', to: '2027-06-01' }).set(admin.auth).expect(400);
      await request(billing.url).get(STATS).query({ from: '2026-02-30', to: '2026-03-01' }).set(admin.auth).expect(400);
      await request(billing.url).get(STATS).set(admin.auth).expect(400);
    });
  });

  it('records what webhooks report: a paid checkout, a prorated upgrade and a refund', async () => {
    const row = { tier: 'starter', platformCreditsLimit: 1_000, apiCallsLimit: 10, isActive: true, deleted: false, lastEventAt: new Date() };
    await billing.service.context.db.insert(planPrices).values([
      { ...row, planId: 'starter', name: 'Starter', monthlyPriceCents: 5_000, monthlyPriceId: 'price_starter_monthly' },
      { ...row, planId: 'professional', name: 'Pro', tier: 'professional', monthlyPriceCents: 10_000, monthlyPriceId: 'price_professional_monthly' },
    ]);
    const user = await billing.user();
    const { body } = await request(billing.url).post('/api/billing/checkout').set(user.auth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly' }).expect(200);
    const paid = await fetch(body.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }),
    });
    expect(paid.status).toBe(303);
    // Webhooks arrive after the API call answers, as Stripe delivers them.
    const subscriptionRow = await eventually(async () => (await billing.service.context.db.select().from(subscriptions)).find((candidate) => candidate.userId === user.id));
    await request(billing.url)
      .post(`/api/billing/subscriptions/${subscriptionRow.id}/change-plan`)
      .set(user.auth)
      .send({ planId: 'professional', billingPeriod: 'monthly' })
      .expect(200);
    const mine = async () => (await billing.service.context.db.select().from(payments)).filter((payment) => payment.userId === user.id);
    const plan = await eventually(async () => {
      const recorded = await mine();
      return recorded.length >= 2 && recorded;
    });
    expect(plan.map((payment) => [payment.kind, payment.subscriptionId])).toEqual([
      ['plan', subscriptionRow.id],
      ['plan', subscriptionRow.id],
    ]);
    // The first month at 5,000, then the upgrade's prorated difference (up to 5,000 at the period's start).
    const amounts = plan.map((payment) => payment.amount);
    expect(amounts).toContain(5_000);
    const collected = amounts.reduce((sum, amount) => sum + amount, 0);
    expect(collected).toBeGreaterThan(5_000);
    expect(collected).toBeLessThanOrEqual(10_000);

    // The provider reports a refund of part of the first charge; billing signs nothing, it verifies.
    const [customer] = (await billing.service.context.db.select().from(customers)).filter((candidate) => candidate.userId === user.id);
    const created = Math.floor(Date.now() / 1000);
    const event = {
      id: 'evt_refund_stats',
      object: 'event',
      type: 'charge.refunded',
      api_version: STRIPE_API_VERSION,
      created,
      data: {
        object: {
          id: 'ch_stats',
          object: 'charge',
          customer: customer!.customerId,
          currency: 'usd',
          amount: 5_000,
          amount_refunded: 1_200,
          metadata: {},
          refunds: { object: 'list', data: [{ id: 're_stats', object: 'refund', amount: 1_200, created, status: 'succeeded' }] },
        },
      },
    };
    const payload = JSON.stringify(event);
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: 'whsec_harness' });
    await request(billing.url).post('/api/billing/webhooks/stripe').set('stripe-signature', signature).set('content-type', 'application/json').send(payload).expect(200);
    await request(billing.url).post('/api/billing/webhooks/stripe').set('stripe-signature', signature).set('content-type', 'application/json').send(payload).expect(200);
    const refunds = (await mine()).filter((payment) => payment.kind === 'refund');
    expect(refunds.map((payment) => [payment.id, payment.amount])).toEqual([['re_stats', -1_200]]);

    const today = new Date().toISOString().slice(0, 10);
    const stats = (await request(billing.url).get(STATS).query({ from: today, to: today }).set(admin.auth).expect(200)).body;
    expect(stats.revenue.usd).toBe(collected - 1_200);
    expect(stats.conversions).toBe(1);
    expect(stats.mrr.usd).toBeGreaterThanOrEqual(10_000);
  });
});
