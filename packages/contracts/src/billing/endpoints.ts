import * as z from 'zod/mini';
import { BILLING_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import {
  billingSubscription,
  cancelSubscriptionRequest,
  changePlanPreview,
  changePlanRequest,
  checkoutRequest,
  creditPackList,
  invoiceList,
  redirectResponse,
  subscriptionList,
} from './http';

/** svc-billing's endpoints for the signed-in user (credit packs are public), behind the gateway at /api/billing. */
export const BILLING_ENDPOINTS = {
  creditPacks: defineEndpoint('GET', BILLING_BASE, '/credit-packs', { response: creditPackList }),
  checkout: defineEndpoint('POST', BILLING_BASE, '/checkout', { request: checkoutRequest, response: redirectResponse }),
  portal: defineEndpoint('POST', BILLING_BASE, '/portal', { response: redirectResponse }),
  subscriptions: defineEndpoint('GET', BILLING_BASE, '/subscriptions', { response: subscriptionList }),
  /** The caller's invoices and receipts, newest first. */
  invoices: defineEndpoint('GET', BILLING_BASE, '/invoices', { response: invoiceList }),
  cancelSubscription: defineEndpoint('POST', BILLING_BASE, '/subscriptions/:id/cancel', { request: cancelSubscriptionRequest, response: billingSubscription }),
  /** Undoes a cancellation at period end while the period runs (Stripe: cancel_at_period_end false). */
  resumeSubscription: defineEndpoint('POST', BILLING_BASE, '/subscriptions/:id/resume', { response: billingSubscription }),
  previewPlanChange: defineEndpoint('POST', BILLING_BASE, '/subscriptions/:id/change-plan/preview', { request: changePlanRequest, response: changePlanPreview }),
  changePlan: defineEndpoint('POST', BILLING_BASE, '/subscriptions/:id/change-plan', { request: changePlanRequest, response: billingSubscription }),
} as const;

/** What the payment provider's webhook is answered with once the event is stored. */
export const webhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookReceipt = z.infer<typeof webhookReceipt>;

/**
 * Where Stripe (or the local test-mode provider) posts its signed events. The body is the raw
 * bytes the signature covers, so it has no request schema here.
 */
export const BILLING_WEBHOOK_ENDPOINT = defineEndpoint('POST', BILLING_BASE, '/webhooks/stripe', { response: webhookReceipt });
