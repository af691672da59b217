import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { cancellationRequests, planPrices, subscriptions } from '../src/db/schema';
import { BillingHarness, DRIVER, PLAN_PRICE_ROWS, type User } from './harness';

describe(`svc-billing cancellation with a reason (${DRIVER})`, () => {
  let billing: BillingHarness;
  let admin: User;
  beforeAll(async () => {
    billing = await BillingHarness.start();
    admin = await billing.user({ admin: true });
    await billing.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
  });
  afterAll(() => billing.close());

  const subscribe = async (user: User) => {
    const { body } = await request(billing.url).post('/api/billing/checkout').set(user.auth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly' }).expect(200);
    await fetch(body.url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    return eventually(async () => (await billing.service.context.db.select().from(subscriptions)).find((row) => row.userId === user.id));
  };
  const cancel = (user: User, id: string, body: object) => request(billing.url).post(`/api/billing/subscriptions/${id}/cancel`).set(user.auth).send(body);
  const reasonsOf = async (subscriptionId: string) =>
    (await billing.service.context.db.select().from(cancellationRequests)).filter((row) => row.subscriptionId === subscriptionId).map((row) => [row.reason, row.comment]);

  it('stores the reason and note, passes them to the provider, counts each request once and the overview counts them by reason', async () => {
    const customer = await billing.user();
    const subscription = await subscribe(customer);

    const cancelled = await cancel(customer, subscription.id, { cancelAtPeriodEnd: true, reason: 'too_expensive', comment: '  Too much for a small team.  ' }).expect(200);
    expect(cancelled.body).toMatchObject({ id: subscription.id, cancelAtPeriodEnd: true, status: 'active' });
    expect(await reasonsOf(subscription.id)).toEqual([['too_expensive', 'Too much for a small team.']]);
    const provider = billing.stripe.engine.subscription(subscription.id);
    expect(provider).toMatchObject({ cancel_at_period_end: true, cancellation_feedback: 'too_expensive', cancellation_comment: 'Too much for a small team.' });

    // Asking again while it is set to end changes nothing and counts nothing more.
    await cancel(customer, subscription.id, { cancelAtPeriodEnd: true, reason: 'unused' }).expect(200);
    expect(await reasonsOf(subscription.id)).toHaveLength(1);

    // Resumed, then cancelled again without a reason: a second request, reason not given.
    const resumed = await request(billing.url).post(`/api/billing/subscriptions/${subscription.id}/resume`).set(customer.auth).expect(200);
    expect(resumed.body.cancelAtPeriodEnd).toBe(false);
    expect(billing.stripe.engine.subscription(subscription.id).cancel_at_period_end).toBe(false);
    await cancel(customer, subscription.id, { cancelAtPeriodEnd: true }).expect(200);
    expect(await reasonsOf(subscription.id)).toEqual(
      expect.arrayContaining([
        ['too_expensive', 'Too much for a small team.'],
        [null, null],
      ]),
    );

    // The overview counts subscriptions as the provider's webhooks leave them: resuming and
    // cancelling again sends two, delivered late and out of order here.
    await billing.stripe.engine.webhooksIdle();
    const today = new Date().toISOString().slice(0, 10);
    const stats = (await request(billing.url).get('/api/billing/admin/stats').query({ from: today, to: today }).set(admin.auth).expect(200)).body;
    expect(stats.cancellationReasons).toEqual([
      { reason: 'too_expensive', count: 1 },
      { reason: null, count: 1 },
    ]);
    expect(stats.cancellingCustomers).toBe(1);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await request(billing.url).get('/api/billing/admin/stats').query({ from: yesterday, to: yesterday }).set(admin.auth).expect(200)).body.cancellationReasons).toEqual([]);
  });

  it('refuses a reason that is not one of the offered ones and a note that is too long, with a sentence; another customer’s subscription is not found', async () => {
    const customer = await billing.user();
    const subscription = await subscribe(customer);
    const unknown = await cancel(customer, subscription.id, { cancelAtPeriodEnd: true, reason: 'bored' }).expect(400);
    expect(JSON.stringify(unknown.body)).toContain('reason');
    const long = await cancel(customer, subscription.id, { cancelAtPeriodEnd: true, comment: 'x'.repeat(501) }).expect(400);
    expect(JSON.stringify(long.body)).toContain('Keep the note under 500 characters.');
    await cancel(await billing.user(), subscription.id, { cancelAtPeriodEnd: true, reason: 'other' }).expect(404);
    expect(await reasonsOf(subscription.id)).toEqual([]);
    expect(billing.stripe.engine.subscription(subscription.id).cancel_at_period_end).toBe(false);
  });
});
