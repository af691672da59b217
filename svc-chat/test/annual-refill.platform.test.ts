import { randomUUID } from 'node:crypto';
import { subscriptionActivatedV1, subscriptionRenewedV1 } from '@agentdock/contracts';
import { inTransaction, outbox } from '@agentdock/service-data';
import { startTestService, type TestService } from '@agentdock/service-data/testing';
import { eventually } from '@agentdock/service-kit/testing';
import Stripe from 'stripe';
import request from 'supertest';
import { customers, planPrices } from '../../svc-billing/src/db/schema';
import { advanceCustomerClock } from '../../svc-billing/src/domain/test-clocks';
import { BillingHarness, PLAN_PRICE_ROWS } from '../../svc-billing/test/harness';
import type { ChatSchema } from '../src/db/schema';
import { chatProviderEnv, createChatService } from '../src/index';
import { adjustCredits, purchaseCredits } from '../src/domain/ledger';
import { ensureWallet, walletRow } from '../src/domain/wallet';
import { DRIVER } from './harness';

const DAY_MS = 86_400_000;
const STARTER_MONTHLY_CREDITS = 1_000_000;

/**
 * "Plan credits reset each month on the subscription's anchor day, on either billing period."
 * An annual Starter subscription bought through svc-billing on the local Stripe server with a test
 * clock; chat hears of it over the bus as in production. Stripe sends nothing in the months
 * between an annual plan's renewals, so the monthly refill is chat's own: the test moves the
 * customer's clock a month on and reads the wallet at the clock's time.
 */
describe(`an annual subscriber's monthly credits on a Stripe test clock (${DRIVER})`, () => {
  let billing: BillingHarness;
  let chat: TestService<ChatSchema>;
  let stripe: Stripe;

  beforeAll(async () => {
    billing = await BillingHarness.start({ testClocks: true });
    await billing.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
    // No reply is asked for here: the provider address is never called.
    const env = chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9' });
    chat = await startTestService(createChatService({ env }), { bus: billing.bus.bus, jwksUrl: billing.issuer.jwksUrl });
    stripe = new Stripe('sk_test_harness', { host: '127.0.0.1', port: billing.stripe.port, protocol: 'http' });
  });
  afterAll(async () => {
    await chat?.cleanup();
    await billing?.close();
  });

  it('refills the plan credits a month on, keeps bought credits, and leaves the billing renewal a year away', async () => {
    const user = await billing.user();
    const { body } = await request(billing.url).post('/api/billing/checkout').set(user.auth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'annual' }).expect(200);
    await fetch(body.url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    await billing.stripe.engine.webhooksIdle();

    const paid = await eventually(async () => {
      const row = await walletRow(chat.context.db, user.id);
      return row?.tier === 'starter' ? row : undefined;
    });
    const renewsAt = paid.renewsAt.getTime();
    // Billing renews once a year; the first refill comes a month after the anchor.
    expect(renewsAt - paid.periodAnchor.getTime()).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(paid.creditsRefillAt.getTime() - paid.periodAnchor.getTime()).toBeLessThanOrEqual(31 * DAY_MS);
    expect(paid.creditsRemaining).toBe(STARTER_MONTHLY_CREDITS);

    await inTransaction(chat.context.db, async (tx) => {
      await adjustCredits(tx, { userId: user.id, credits: -400_000, reason: 'spent in the first month', actorId: randomUUID() });
      await purchaseCredits(tx, { userId: user.id, credits: 5_000, purchaseId: 'pack-1' });
    });

    const [stored] = (await billing.service.context.db.select().from(customers)).filter((row) => row.userId === user.id);
    const clock = await advanceCustomerClock(stripe, stored!.customerId, 32, { pollMs: 10 });
    await billing.stripe.engine.webhooksIdle();

    // On Stripe nothing fell due: no renewal, the subscription's period still ends a year on.
    const billingEvents = (await billing.service.context.db.select().from(outbox)).map((row) => row.subject);
    expect(billingEvents).toContain(subscriptionActivatedV1.subject);
    expect(billingEvents).not.toContain(subscriptionRenewedV1.subject);
    const [subscription] = (await stripe.subscriptions.list({ customer: stored!.customerId })).data;
    expect(subscription!.items.data[0]!.current_period_end * 1000).toBe(renewsAt);

    const clockTime = new Date(clock.frozen_time * 1000);
    const refilled = await ensureWallet(chat.context.db, user.id, 'starter', clockTime);
    expect(refilled.creditsRemaining).toBe(STARTER_MONTHLY_CREDITS);
    expect(refilled.purchasedCredits).toBe(5_000);
    expect(refilled.periodStart.getTime()).toBe(paid.creditsRefillAt.getTime());
    expect(refilled.creditsRefillAt.getTime()).toBeGreaterThan(clockTime.getTime());
    expect(refilled.renewsAt.getTime()).toBe(renewsAt);
  });
});
