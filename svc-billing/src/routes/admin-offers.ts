import { BILLING_ADMIN_ENDPOINTS, billingSettingsBody, createPromotionRequest, planTrial, updatePromotionRequest } from '@agentdock/contracts';
import { requireAdmin } from '@agentdock/service-kit';
import { type ServiceContext } from '@agentdock/service-data';
import { type RequestHandler, Router } from 'express';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { BillingSchema } from '../db/schema';
import { createPromotion, listPromotionCodes, listTrials, readSettings, setPromotionActive, setTrial, writeSettings } from '../domain/offers-admin';

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

const codeParams = z.object({ id: z.string().min(1).max(255) });

/** The operator's trials, promotion codes and tax setting (admins only); mounted under the billing base with its JSON parser. */
export function billingOffersRouter(context: ServiceContext<BillingSchema>, stripe: Stripe): Router {
  const router = Router();
  const adminOnly = requireAdmin(context.verifier);
  router.get(BILLING_ADMIN_ENDPOINTS.trials.route, adminOnly, noStore, async (_req, res) => {
    res.json({ trials: await listTrials(context.db) });
  });
  router.put(BILLING_ADMIN_ENDPOINTS.setTrial.route, adminOnly, noStore, async (req, res) => {
    res.json(await setTrial(context.db, planTrial.parse(req.body)));
  });
  router.get(BILLING_ADMIN_ENDPOINTS.promotionCodes.route, adminOnly, noStore, async (_req, res) => {
    res.json({ codes: await listPromotionCodes(stripe) });
  });
  router.post(BILLING_ADMIN_ENDPOINTS.createPromotionCode.route, adminOnly, noStore, async (req, res) => {
    res.status(201).json(await createPromotion(stripe, createPromotionRequest.parse(req.body)));
  });
  router.post(BILLING_ADMIN_ENDPOINTS.updatePromotionCode.route, adminOnly, noStore, async (req, res) => {
    const { id } = codeParams.parse(req.params);
    res.json(await setPromotionActive(stripe, id, updatePromotionRequest.parse(req.body).active));
  });
  router.get(BILLING_ADMIN_ENDPOINTS.settings.route, adminOnly, noStore, async (_req, res) => {
    res.json(await readSettings(context.db));
  });
  router.put(BILLING_ADMIN_ENDPOINTS.setSettings.route, adminOnly, noStore, async (req, res) => {
    res.json(await writeSettings(context.db, billingSettingsBody.parse(req.body)));
  });
  return router;
}
