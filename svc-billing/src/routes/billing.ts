import {
  BILLING_ENDPOINTS,
  cancelSubscriptionRequest,
  changePlanRequest,
  checkoutRequest,
  type CreditPackList,
  type InvoiceList,
  type RedirectResponse,
  type SubscriptionList,
} from '@agentdock/contracts';
import { getAuth, requireAuth } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { Router } from 'express';
import { z } from 'zod';
import type { BillingSchema } from '../db/schema';
import { type BillingDeps, changePlan, listSubscriptions, openPortal, previewPlanChange, startCheckout } from '../domain/billing';
import { cancelAtPeriodEnd, resumeSubscription } from '../domain/cancellation';
import { CREDIT_PACKS } from '../domain/checkout-rules';
import { listInvoices } from '../domain/invoices';

const subscriptionParams = z.object({ id: z.string().min(1).max(255) });

/** The signed-in user's billing: every call acts on the user of the verified token only. */
export function billingRouter(context: ServiceContext<BillingSchema>, deps: BillingDeps): Router {
  const router = Router();
  const signedIn = requireAuth(context.verifier);

  router.get(BILLING_ENDPOINTS.creditPacks.route, (_req, res) => {
    res.json({ packs: [...CREDIT_PACKS] } satisfies CreditPackList);
  });

  router.post(BILLING_ENDPOINTS.checkout.route, signedIn, async (req, res) => {
    const url = await startCheckout(context, deps, getAuth(req), checkoutRequest.parse(req.body));
    res.json({ url } satisfies RedirectResponse);
  });

  router.post(BILLING_ENDPOINTS.portal.route, signedIn, async (req, res) => {
    res.json({ url: await openPortal(context, deps, getAuth(req)) } satisfies RedirectResponse);
  });

  router.get(BILLING_ENDPOINTS.subscriptions.route, signedIn, async (req, res) => {
    res.json({ subscriptions: await listSubscriptions(context.db, getAuth(req).sub) } satisfies SubscriptionList);
  });

  router.get(BILLING_ENDPOINTS.invoices.route, signedIn, async (req, res) => {
    res.json({ invoices: await listInvoices(context.db, getAuth(req).sub) } satisfies InvoiceList);
  });

  router.post(BILLING_ENDPOINTS.cancelSubscription.route, signedIn, async (req, res) => {
    const request = cancelSubscriptionRequest.parse(req.body);
    const { id } = subscriptionParams.parse(req.params);
    res.json(await cancelAtPeriodEnd(context, deps, getAuth(req).sub, id, request));
  });

  router.post(BILLING_ENDPOINTS.resumeSubscription.route, signedIn, async (req, res) => {
    const { id } = subscriptionParams.parse(req.params);
    res.json(await resumeSubscription(context, deps, getAuth(req).sub, id));
  });

  router.post(BILLING_ENDPOINTS.previewPlanChange.route, signedIn, async (req, res) => {
    const { id } = subscriptionParams.parse(req.params);
    res.json(await previewPlanChange(context, deps, getAuth(req).sub, id, changePlanRequest.parse(req.body)));
  });

  router.post(BILLING_ENDPOINTS.changePlan.route, signedIn, async (req, res) => {
    const { id } = subscriptionParams.parse(req.params);
    res.json(await changePlan(context, deps, getAuth(req).sub, id, changePlanRequest.parse(req.body)));
  });

  return router;
}
