// `TEST_DATABASE_URL=postgres://… npx tsx bench/src/billing-webhooks.ts`: signed payment webhooks
// verified, deduplicated and applied per second by svc-billing. Prints figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { createLogger } from '@agentdock/service-kit';
import { InProcessBus } from '@agentdock/service-data';
import { createTestIssuer } from '@agentdock/service-kit/testing';
import { startTestService } from '@agentdock/service-data/testing';
import { createBillingService } from '@agentdock/svc-billing';
import Stripe from 'stripe';

const EVENTS = Number(process.env.BENCH_WEBHOOKS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 16);
const SECRET = 'whsec_bench';

/** A `customer.subscription.created` event for a fresh subscription: each one grants once. */
function subscriptionEvent(index: number): string {
  const now = Math.floor(Date.now() / 1000);
  const price = { id: 'price_starter_monthly', object: 'price', unit_amount: 5_000, currency: 'usd', recurring: { interval: 'month' } };
  return JSON.stringify({
    id: `evt_bench_${index}_${randomUUID()}`,
    object: 'event',
    type: 'customer.subscription.created',
    created: now,
    data: {
      object: {
        id: `sub_bench_${index}`,
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
        metadata: { userId: randomUUID(), kind: 'plan', tier: 'starter', planId: 'starter', billingPeriod: 'monthly' },
        items: { object: 'list', data: [{ id: `si_${index}`, price, current_period_start: now, current_period_end: now + 30 * 86_400 }] },
      },
    },
  });
}

async function main(): Promise<void> {
  const logger = createLogger({ service: 'bench', level: 'silent' });
  const issuer = await createTestIssuer();
  const bus = new InProcessBus({ logger });
  const billing = await startTestService(
    createBillingService({ stripe: { secretKey: 'sk_test_bench', webhookSecret: SECRET, host: '127.0.0.1', port: 9, protocol: 'http' }, appUrl: 'http://app.test', graceDays: 7 }),
    { bus, jwksUrl: issuer.jwksUrl },
  );
  try {
    const payloads = Array.from({ length: EVENTS }, (_, index) => subscriptionEvent(index));
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
