import { ConfigError } from '@agentdock/service-kit';
import { loadBillingOptions } from '../config';
import { advanceCustomerClock } from '../domain/test-clocks';
import { createStripeClient } from '../index';

// npm run test-clock -w @agentdock/svc-billing -- <cus_…> <days>
// Advances the customer's Stripe test clock (test mode, customers made with STRIPE_TEST_CLOCKS=true),
// with the same Stripe variables svc-billing runs with: Stripe test mode or the local server.
const [customerId, daysText] = process.argv.slice(2);
const days = Number(daysText);
if (!customerId?.startsWith('cus_') || !Number.isFinite(days) || days <= 0) {
  console.error('usage: npm run test-clock -w @agentdock/svc-billing -- <cus_…> <days>');
  process.exit(2);
}
try {
  const options = loadBillingOptions(process.env);
  if (options.stripe.secretKey.startsWith('sk_live_')) throw new Error('Test clocks exist in test mode only.');
  const clock = await advanceCustomerClock(createStripeClient(options.stripe), customerId, days);
  console.log(`Test clock ${clock.id} is now at ${new Date(clock.frozen_time * 1000).toISOString()}.`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
