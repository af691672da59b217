import { randomUUID } from 'node:crypto';
import { type EventDefinition } from '@agentdock/contracts';
import { type DeliveryOptions, startLocalStripe, type RunningLocalStripe } from '@agentdock/local-stripe';
import { createTestIssuer } from '@agentdock/service-kit/testing';
import { createTestBus, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import type { z } from 'zod';
import type { BillingSchema, PlanPriceRow } from '../src/db/schema';
import { createBillingService } from '../src/index';
import { HoldingProxy } from './holding-proxy';

export const DRIVER = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * Webhooks as Stripe may deliver them: late, out of order, some twice, retried when refused.
 * Seeded per run (printed); WEBHOOK_CHAOS_SEED replays a failing one.
 */
export function chaoticDelivery(): DeliveryOptions {
  const seed = Number(process.env.WEBHOOK_CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.info(`webhook delivery: shuffled and duplicated, WEBHOOK_CHAOS_SEED=${seed}`);
  return { retryDelaysMs: [20, 50, 100, 200, 400], chaos: { seed, maxDelayMs: 25, duplicateRate: 0.5 } };
}
const SECRET_KEY = 'sk_test_harness';
export const WEBHOOK_SECRET = 'whsec_harness';

/** Billing's price → plan table as catalog's events leave it for the local server's plan prices. */
export const PLAN_PRICE_ROWS = (): PlanPriceRow[] => {
  const row = { currency: 'usd', tier: 'starter', platformCreditsLimit: 1_000_000, apiCallsLimit: 250, isActive: true, deleted: false, lastEventAt: new Date() };
  return [
    {
      ...row,
      planId: 'starter',
      name: 'Starter',
      monthlyPriceCents: 5_000,
      monthlyPriceId: 'price_starter_monthly',
      annualPriceCents: 54_000,
      annualPriceId: 'price_starter_annual',
    },
    {
      ...row,
      planId: 'professional',
      name: 'Pro',
      tier: 'professional',
      monthlyPriceCents: 10_000,
      monthlyPriceId: 'price_professional_monthly',
      annualPriceCents: 102_000,
      annualPriceId: 'price_professional_annual',
    },
  ];
};

export interface User {
  id: string;
  auth: { authorization: string };
}

/** svc-billing against the local Stripe-protocol server, on a throwaway database and bus. */
export class BillingHarness {
  private constructor(
    readonly bus: TestBus,
    readonly issuer: Awaited<ReturnType<typeof createTestIssuer>>,
    readonly stripe: RunningLocalStripe,
    readonly service: TestService<BillingSchema>,
    /** Between the service and the local Stripe server, when asked for. */
    readonly proxy: HoldingProxy | null,
  ) {}

  static async start(options: { testClocks?: boolean; proxy?: boolean } = {}): Promise<BillingHarness> {
    const bus = await createTestBus();
    const issuer = await createTestIssuer();
    const stripe = await startLocalStripe({ port: 0, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, cancelUnpaidAfterDays: 7, delivery: chaoticDelivery() });
    const proxy = options.proxy ? await HoldingProxy.start(stripe.port) : null;
    const service = await startTestService(
      createBillingService({
        stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: proxy?.port ?? stripe.port, protocol: 'http', testClocks: options.testClocks },
        appUrl: 'http://app.test',
        graceDays: 7,
      }),
      { bus: bus.bus, jwksUrl: issuer.jwksUrl },
    );
    stripe.engine.webhookUrl = `${service.url}/api/billing/webhooks/stripe`;
    return new BillingHarness(bus, issuer, stripe, service, proxy);
  }

  get url(): string {
    return this.service.url;
  }

  async user(options: { admin?: boolean } = {}): Promise<User> {
    const id = randomUUID();
    const token = await this.issuer.issue({ sub: id, email: `u-${id.slice(0, 8)}@example.com`, admin: options.admin ?? false });
    return { id, auth: { authorization: `Bearer ${token}` } };
  }

  async publish<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>): Promise<void> {
    await this.bus.bus.publish(event.subject, { id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'test', data });
  }

  async close(): Promise<void> {
    await this.service.cleanup();
    await this.proxy?.close();
    await this.stripe.close();
    await this.issuer.close();
    await this.bus.destroy();
  }
}
