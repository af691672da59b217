import { fileURLToPath } from 'node:url';
import { BILLING_BASE, BILLING_WEBHOOK_ENDPOINT, endpointUrl, type WebhookReceipt } from '@agentdock/contracts';
import type { ServiceDefinition } from '@agentdock/service-data';
import express from 'express';
import { Counter } from 'prom-client';
import Stripe from 'stripe';
import type { BillingOptions } from './config';
import { type BillingSchema, schema } from './db/schema';
import type { BillingDeps } from './domain/billing';
import { processWebhook, type WebhookDeps } from './domain/webhooks';
import { billingConsumers } from './events/consumers';
import { stripeDashboardBase } from './domain/admin-customer';
import { billingCustomerRouter } from './routes/admin-customer';
import { billingExportsRouter } from './routes/admin-exports';
import { billingOffersRouter } from './routes/admin-offers';
import { billingStatsRouter } from './routes/admin-stats';
import { billingRouter } from './routes/billing';
import { teamBillingRouter } from './routes/teams';

export { type BillingOptions, loadBillingOptions } from './config';
/** The price → plan table, for tools that seed it (the benchmarks) as catalog's events would. */
export { planPrices } from './db/schema';

const BODY_LIMIT = '100kb';

/**
 * The Stripe API version billing's code reads (items' `current_period_*`, invoices'
 * `parent.subscription_details`). Pinned here and in every request, not left to the account's
 * default; webhook events of any other version are parked (domain/parked-events). Moving to another
 * version is a code change: this literal stops type-checking when the SDK moves on.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** The SDK, pointed at the local Stripe-protocol server when a host is configured. */
export function createStripeClient(options: BillingOptions['stripe']): Stripe {
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    ...(options.host ? { host: options.host, port: options.port, protocol: options.protocol } : {}),
  });
}

/** The payment provider's client, made at start, with the settings checkout and webhooks need. */
type BillingServiceDeps = BillingDeps & WebhookDeps;

/**
 * svc-billing owns customers, checkout, the billing portal and the subscription state driven by
 * signed payment webhooks; it keeps its plan-price read model current from catalog events.
 */
export function createBillingService(options: BillingOptions): ServiceDefinition<BillingSchema, BillingServiceDeps> {
  return {
    name: 'svc-billing',
    defaultPort: 3103,
    schema,
    migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
    // The webhook signature covers the exact bytes sent, so JSON is parsed per route below.
    parseJsonBody: false,
    async onStart(context) {
      return {
        stripe: createStripeClient(options.stripe),
        appUrl: options.appUrl,
        testClocks: options.stripe.testClocks ?? false,
        webhookSecret: options.stripe.webhookSecret,
        graceDays: options.graceDays,
        apiVersion: STRIPE_API_VERSION,
        parkedEvents: new Counter({
          name: 'billing_webhook_events_parked_total',
          help: 'Signed webhook events of another Stripe API version than billing reads: stored unapplied for an operator',
          labelNames: ['api_version', 'type'] as const,
          registers: [context.metricsRegistry],
        }),
      };
    },
    mount(app, context, deps) {
      app.post(endpointUrl(BILLING_WEBHOOK_ENDPOINT), express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const fresh = await processWebhook(context, deps, body, req.get('stripe-signature'));
        res.json({ received: true, duplicate: !fresh } satisfies WebhookReceipt);
      });
      app.use(billingStatsRouter(context), billingExportsRouter(context), billingCustomerRouter(context, stripeDashboardBase(options.stripe.secretKey)));
      app.use(BILLING_BASE, express.json({ limit: BODY_LIMIT }), billingOffersRouter(context, deps.stripe), billingRouter(context, deps), teamBillingRouter(context, deps));
    },
    consumers: billingConsumers,
  };
}
