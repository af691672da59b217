import { subscriptionRenewedV1 } from '@agentdock/contracts';
import { outbox } from '@agentdock/service-data';
import request from 'supertest';
import Stripe from 'stripe';
import { customers, planPrices } from '../src/db/schema';
import { advanceCustomerClock } from '../src/domain/test-clocks';
import { BillingHarness, DRIVER, PLAN_PRICE_ROWS } from './harness';

// Stripe's own test clocks (create, advance, customer test_clock), as svc-billing's test tooling
// drives them: the same calls run against Stripe test mode with STRIPE_TEST_CLOCKS=true.
describe(`billing on Stripe test clocks (${DRIVER})`, () => {
  let harness: BillingHarness;
  let stripe: Stripe;
  beforeAll(async () => {
    harness = await BillingHarness.start({ testClocks: true });
    await harness.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
    stripe = new Stripe('sk_test_harness', { host: '127.0.0.1', port: harness.stripe.port, protocol: 'http' });
  });
  afterAll(() => harness.close());

  it("gives each new customer a test clock, and advancing it renews that customer's subscription only", async () => {
    const payer = await harness.user();
    const bystander = await harness.user();
    for (const user of [payer, bystander]) {
      const { body } = await request(harness.url).post('/api/billing/checkout').set(user.auth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly' }).expect(200);
      await fetch(body.url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    }
    await harness.stripe.engine.webhooksIdle();
    const [stored] = (await harness.service.context.db.select().from(customers)).filter((row) => row.userId === payer.id);
    const customer = await stripe.customers.retrieve(stored!.customerId);
    expect(customer).toMatchObject({ test_clock: expect.stringMatching(/^clock_/) });
    const before = await stripe.testHelpers.testClocks.retrieve((customer as Stripe.Customer).test_clock as string);
    expect(before).toMatchObject({ object: 'test_helpers.test_clock', status: 'ready' });

    const clock = await advanceCustomerClock(stripe, stored!.customerId, 32, { pollMs: 10 });
    expect(clock.frozen_time).toBe(before.frozen_time + 32 * 86_400);
    await harness.stripe.engine.webhooksIdle();
    const renewed = (await harness.service.context.db.select().from(outbox))
      .filter((row) => row.subject === subscriptionRenewedV1.subject)
      .map((row) => (row.payload as { data: { userId: string } }).data);
    // Only the payer's clock moved: the bystander's subscription did not renew.
    expect(renewed).toEqual([expect.objectContaining({ userId: payer.id })]);
    // An advance to the past is refused, as on Stripe.
    await expect(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: clock.frozen_time - 1 })).rejects.toMatchObject({ code: 'parameter_invalid' });
  });
});
