import { randomUUID } from 'node:crypto';
import { inTransaction } from '@agentdock/service-data';
import { startTestService, type TestService } from '@agentdock/service-data/testing';
import { eventually } from '@agentdock/service-kit/testing';
import { eq } from '@agentdock/service-data/orm';
import request from 'supertest';
import { planPrices, subscriptions } from '../../svc-billing/src/db/schema';
import { BillingHarness, PLAN_PRICE_ROWS } from '../../svc-billing/test/harness';
import type { ChatSchema } from '../src/db/schema';
import { chatProviderEnv, createChatService } from '../src/index';
import { adjustCredits } from '../src/domain/ledger';
import { walletRow } from '../src/domain/wallet';
import { DRIVER } from './harness';

/**
 * The reported attack, end to end: Pro bought through svc-billing on the local Stripe server,
 * spent, changed to Starter and back through billing's plan-change endpoint (Stripe prorates the
 * price, billing turns its webhooks into events, chat hears them over the bus), then switched to
 * annual billing. No step refills the month.
 */
describe(`plan changes through billing and the local Stripe (${DRIVER})`, () => {
  let billing: BillingHarness;
  let chat: TestService<ChatSchema>;

  beforeAll(async () => {
    billing = await BillingHarness.start();
    await billing.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
    const env = chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9' });
    chat = await startTestService(createChatService({ env }), { bus: billing.bus.bus, jwksUrl: billing.issuer.jwksUrl });
  });
  afterAll(async () => {
    await chat?.cleanup();
    await billing?.close();
  });

  const walletWhen = (userId: string, ready: (row: NonNullable<Awaited<ReturnType<typeof walletRow>>>) => boolean) =>
    eventually(async () => {
      const row = await walletRow(chat.context.db, userId);
      return row && ready(row) ? row : undefined;
    });

  it('keeps the month’s usage through Pro → Starter → Pro → Pro annual', async () => {
    const user = await billing.user();
    const { body } = await request(billing.url).post('/api/billing/checkout').set(user.auth).send({ kind: 'plan', planId: 'professional', billingPeriod: 'monthly' }).expect(200);
    await fetch(body.url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    await billing.stripe.engine.webhooksIdle();
    const paid = await walletWhen(user.id, (row) => row.tier === 'professional');
    expect(paid.creditsRemaining).toBe(2_000_000);
    await inTransaction(chat.context.db, (tx) => adjustCredits(tx, { userId: user.id, credits: -584_000, reason: 'spent', actorId: randomUUID() }));
    const [subscription] = await billing.service.context.db.select().from(subscriptions);
    const change = async (planId: string, billingPeriod: 'monthly' | 'annual') => {
      await request(billing.url).post(`/api/billing/subscriptions/${subscription!.id}/change-plan`).set(user.auth).send({ planId, billingPeriod }).expect(200);
      // Deliveries are shuffled and may still be on their way: billing has the change once its
      // stored subscription says so, and only then is the next change made.
      await eventually(async () => {
        const [row] = await billing.service.context.db.select().from(subscriptions).where(eq(subscriptions.id, subscription!.id));
        return row?.tier === planId && row.interval === (billingPeriod === 'annual' ? 'year' : 'month');
      });
    };

    await change('starter', 'monthly');
    const starter = await walletWhen(user.id, (row) => row.tier === 'starter');
    expect(starter).toMatchObject({ creditsRemaining: 416_000, creditsLimit: 1_000_000 });
    expect(starter.creditsRefillAt).toEqual(paid.creditsRefillAt);

    await change('professional', 'monthly');
    const pro = await walletWhen(user.id, (row) => row.tier === 'professional');
    expect(pro.creditsLimit - pro.creditsRemaining).toBe(584_000);
    expect(pro.creditsRemaining).toBeLessThanOrEqual(1_416_000);
    expect(pro.creditsRefillAt).toEqual(paid.creditsRefillAt);

    // Stripe starts a new billing period from now for the annual price: still no refill.
    await change('professional', 'annual');
    const annual = await walletWhen(user.id, (row) => row.renewsAt.getTime() > pro.renewsAt.getTime());
    // The seconds the old month ran earned a few credits back (2,000,000 a month is under 1 a second): no refill.
    expect(annual.creditsRemaining).toBeLessThan(pro.creditsRemaining + 1_000);
    expect(annual.creditsLimit - annual.creditsRemaining).toBeGreaterThan(584_000 - 1_000);
  });
});
