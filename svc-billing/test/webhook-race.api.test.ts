import { randomUUID } from 'node:crypto';
import { eq } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import Stripe from 'stripe';
import request from 'supertest';
import { planPrices, subscriptions } from '../src/db/schema';
import { STRIPE_API_VERSION } from '../src/index';
import { BillingHarness, DRIVER, PLAN_PRICE_ROWS, type User, WEBHOOK_SECRET } from './harness';

/**
 * A webhook asks the provider for the subscription before it stores it, and the answer can come
 * back after a newer one was stored. Here the proxy holds one answer back until the race is set up,
 * and both events carry the same second (the state machine's own order cannot tell them apart).
 */
describe(`svc-billing webhooks racing a newer write (${DRIVER})`, () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await BillingHarness.start({ proxy: true });
    await billing.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
  });
  afterAll(() => billing.close());

  const subscribe = async (user: User) => {
    billing.stripe.engine.webhookUrl = `${billing.url}/api/billing/webhooks/stripe`;
    const { body } = await request(billing.url).post('/api/billing/checkout').set(user.auth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly' }).expect(200);
    await fetch(body.url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    const row = await eventually(async () => (await billing.service.context.db.select().from(subscriptions)).find((stored) => stored.userId === user.id));
    // From here on the test delivers the events itself, in the order the race needs.
    await billing.stripe.engine.webhooksIdle();
    billing.stripe.engine.webhookUrl = undefined;
    return row.id;
  };

  const updatedEvent = (subscriptionId: string, created: number) =>
    JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created,
      type: 'customer.subscription.updated',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: subscriptionId, object: 'subscription' } },
    });
  const deliver = (payload: string) =>
    request(billing.url)
      .post('/api/billing/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload);
  const holdRetrievalOf = (subscriptionId: string) => billing.proxy!.holdNext((req) => req.method === 'GET' && req.url!.startsWith(`/v1/subscriptions/${subscriptionId}`));
  const storedCancelFlag = async (id: string) => (await billing.service.context.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.cancelAtPeriodEnd;
  const setAtProvider = (id: string, cancel: boolean) => billing.stripe.engine.updateSubscription(id, { cancel_at_period_end: cancel });

  it('asks again when a newer answer was stored while its own was on the way', async () => {
    const id = await subscribe(await billing.user());
    const second = Math.floor(Date.now() / 1000);
    const held = holdRetrievalOf(id);
    const late = deliver(updatedEvent(id, second)).then((response) => response.status); // sent now, answered later
    await held.reached; // its answer says: not set to end

    await setAtProvider(id, true);
    await deliver(updatedEvent(id, second)).expect(200);
    expect(await storedCancelFlag(id)).toBe(true);

    held.release();
    expect(await late).toBe(200);
    expect(await storedCancelFlag(id)).toBe(true);
  });

  it('asks again when a newer answer came with an older event, which changes nothing but counts as a write', async () => {
    const id = await subscribe(await billing.user());
    const second = Math.floor(Date.now() / 1000);
    await setAtProvider(id, true);
    const held = holdRetrievalOf(id);
    const late = deliver(updatedEvent(id, second)).then((response) => response.status); // sent now, answered later
    await held.reached; // its answer says: set to end

    await setAtProvider(id, false);
    // An event from a minute ago, delivered late: older than what is stored, so the state machine
    // keeps the stored state, though its answer is the newest.
    await deliver(updatedEvent(id, second - 60)).expect(200);
    expect(await storedCancelFlag(id)).toBe(false);

    held.release();
    expect(await late).toBe(200);
    expect(await storedCancelFlag(id)).toBe(false);
  });

  it("asks again when the customer's own request stored the flag while its answer was on the way", async () => {
    const customer = await billing.user();
    const id = await subscribe(customer);
    const held = holdRetrievalOf(id);
    const late = deliver(updatedEvent(id, Math.floor(Date.now() / 1000))).then((response) => response.status);
    await held.reached; // its answer says: not set to end

    await request(billing.url).post(`/api/billing/subscriptions/${id}/cancel`).set(customer.auth).send({ cancelAtPeriodEnd: true }).expect(200);
    expect(await storedCancelFlag(id)).toBe(true);

    held.release();
    expect(await late).toBe(200);
    expect(await storedCancelFlag(id)).toBe(true);
  });
});
