// `TEST_DATABASE_URL=postgres://… npx tsx bench/src/billing-webhooks.ts`: signed payment webhooks
// verified, deduplicated and applied per second by svc-billing (each one retrieves its subscription
// from the local Stripe server, as billing does from Stripe). Prints figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { createLogger } from '@agentdock/service-kit';
import { InProcessBus } from '@agentdock/service-data';
import { createTestIssuer } from '@agentdock/service-kit/testing';
import { startTestService } from '@agentdock/service-data/testing';
import { startLocalStripe, type RunningLocalStripe } from '@agentdock/local-stripe';
import { createBillingService, planPrices, STRIPE_API_VERSION } from '@agentdock/svc-billing';
import Stripe from 'stripe';

const EVENTS = Number(process.env.BENCH_WEBHOOKS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 16);
const SECRET = 'whsec_bench';

/**
 * A signed-up subscription on the local Stripe server (billing retrieves each subscription an event
 * names), and the `customer.subscription.created` event Stripe would send for it: each grants once.
 */
async function subscriptionEvent(stripe: RunningLocalStripe, index: number): Promise<string> {
  const customer = stripe.engine.createCustomer({ metadata: {} });
  const session = stripe.engine.createCheckoutSession({
    mode: 'subscription',
    customer: customer.id,
    success_url: 'http://app.test/done',
    line_items: [{ price: 'price_starter_monthly', quantity: 1 }],
    subscription_data: { metadata: { userId: randomUUID() } },
  });
  const paid = await stripe.engine.payCheckout(session.id, '4242424242424242');
  return JSON.stringify({
    id: `evt_bench_${index}_${randomUUID()}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    type: 'customer.subscription.created',
    created: Math.floor(Date.now() / 1000),
    data: { object: stripe.engine.present(stripe.engine.subscription(paid.subscription!)) },
  });
}

async function main(): Promise<void> {
  const logger = createLogger({ service: 'bench', level: 'silent' });
  const issuer = await createTestIssuer();
  const bus = new InProcessBus({ logger });
  const stripe = await startLocalStripe({ port: 0, secretKey: 'sk_test_bench', webhookSecret: SECRET, cancelUnpaidAfterDays: 7 });
  const billing = await startTestService(
    createBillingService({
      stripe: { secretKey: 'sk_test_bench', webhookSecret: SECRET, host: '127.0.0.1', port: stripe.port, protocol: 'http' },
      appUrl: 'http://app.test',
      graceDays: 7,
    }),
    { bus, jwksUrl: issuer.jwksUrl },
  );
  try {
    // Billing's price → plan table as the catalog's events leave it for the local server's Starter price.
    await billing.context.db.insert(planPrices).values({
      planId: 'starter',
      name: 'Starter',
      tier: 'starter',
      currency: 'usd',
      monthlyPriceCents: 5_000,
      monthlyPriceId: 'price_starter_monthly',
      annualPriceCents: 54_000,
      annualPriceId: 'price_starter_annual',
      platformCreditsLimit: 1_000_000,
      apiCallsLimit: 250,
      isActive: true,
      lastEventAt: new Date(),
    });
    const payloads: string[] = [];
    for (let index = 0; index < EVENTS; index += 1) payloads.push(await subscriptionEvent(stripe, index));
    let next = 0;
    const worker = async () => {
      while (next < payloads.length) {
        const payload = payloads[next++]!;
        const response = await fetch(`${billing.url}/api/billing/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
          body: payload,
        });
        if (!response.ok) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const driver = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`billing webhooks (${driver}, concurrency ${CONCURRENCY}): ${EVENTS} in ${seconds.toFixed(2)} s = ${(EVENTS / seconds).toFixed(0)} per second`);
  } finally {
    await billing.cleanup();
    await stripe.close();
    await issuer.close();
    await bus.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
