import type Stripe from 'stripe';

const DAY = 86_400;

/**
 * A Stripe test clock for a new customer, so its renewals can be driven in test mode. The key
 * makes a retried first checkout reuse the clock, as `customer-<userId>` reuses the customer.
 */
export async function createCustomerClock(stripe: Stripe, userId: string): Promise<string> {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000), name: `user ${userId}` }, { idempotencyKey: `clock-${userId}` });
  return clock.id;
}

/**
 * Moves a customer's test clock forward by `days` and waits until Stripe has run what fell due
 * (an advance answers `advancing` at once; renewals, failed renewals and their webhooks follow).
 * The same call works on Stripe test mode and on the local server.
 */
export async function advanceCustomerClock(stripe: Stripe, customerId: string, days: number, { pollMs = 250, timeoutMs = 120_000 } = {}): Promise<Stripe.TestHelpers.TestClock> {
  const customer = await stripe.customers.retrieve(customerId);
  if (customer.deleted) throw new Error(`Customer ${customerId} was deleted`);
  const clockId = typeof customer.test_clock === 'string' ? customer.test_clock : customer.test_clock?.id;
  if (!clockId) throw new Error(`Customer ${customerId} has no test clock: it was created without STRIPE_TEST_CLOCKS=true`);
  const current = await stripe.testHelpers.testClocks.retrieve(clockId);
  let clock = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: current.frozen_time + Math.round(days * DAY) });
  const deadline = Date.now() + timeoutMs;
  while (clock.status === 'advancing') {
    if (Date.now() > deadline) throw new Error(`Test clock ${clockId} is still advancing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    clock = await stripe.testHelpers.testClocks.retrieve(clockId);
  }
  if (clock.status !== 'ready') throw new Error(`Test clock ${clockId} failed to advance (${clock.status})`);
  return clock;
}
