import type { Request, Router } from 'express';
import type { StripeEngine } from './engine';
import { StripeApiError } from './errors';
import { createCoupon, createPromotionCode } from './promotions';
import { allow, list, LIST_PARAMS, param } from './api-helpers';
import { toCoupon, toPromotionCode } from './shapes';
import type { PromotionCode } from './store';

const id = (req: Request) => param(req, 'id');

/** Stripe's coupon and promotion-code endpoints (`/v1/coupons`, `/v1/promotion_codes`). */
export function promotionRoutes(api: Router, engine: StripeEngine): void {
  const { store } = engine;
  const coupon = (couponId: string) =>
    store.coupons.get(couponId) ??
    (() => {
      throw new StripeApiError(404, 'invalid_request_error', 'resource_missing', `No such coupon: '${couponId}'`, 'id');
    })();
  const code = (codeId: string) =>
    store.promotionCodes.get(codeId) ??
    (() => {
      throw new StripeApiError(404, 'invalid_request_error', 'resource_missing', `No such promotion code: '${codeId}'`, 'id');
    })();
  const presentCode = (entry: PromotionCode) => toPromotionCode(entry, store.coupons.get(entry.coupon), store.now());

  api.post('/coupons', allow('id', 'name', 'percent_off', 'amount_off', 'currency', 'duration', 'duration_in_months', 'max_redemptions', 'redeem_by', 'metadata'), (req, res) =>
    res.json(toCoupon(createCoupon(store, req.body ?? {}, store.now()), store.now())),
  );
  api.get('/coupons', allow(...LIST_PARAMS), (req, res) =>
    res.json(
      list(
        '/v1/coupons',
        [...store.coupons.values()].reverse().map((entry) => toCoupon(entry, store.now())),
        req,
      ),
    ),
  );
  api.get('/coupons/:id', allow(), (req, res) => res.json(toCoupon(coupon(id(req)), store.now())));
  // Deleting a coupon stops new redemptions; discounts already made keep applying, as on Stripe.
  api.delete('/coupons/:id', allow(), (req, res) => {
    const found = coupon(id(req));
    store.coupons.delete(found.id);
    for (const entry of store.promotionCodes.values()) if (entry.coupon === found.id) entry.active = false;
    res.json({ id: found.id, object: 'coupon', deleted: true });
  });

  api.post('/promotion_codes', allow('promotion', 'code', 'active', 'expires_at', 'max_redemptions', 'metadata', 'restrictions'), (req, res) =>
    res.json(presentCode(createPromotionCode(store, req.body ?? {}, store.now()))),
  );
  api.get('/promotion_codes', allow('active', 'code', 'coupon', 'customer', ...LIST_PARAMS), (req, res) => {
    const { active, code: text, coupon: couponId } = req.query;
    const codes = [...store.promotionCodes.values()].filter(
      (entry) =>
        (active === undefined || String(entry.active) === active) &&
        (text === undefined || entry.code.toLowerCase() === String(text).toLowerCase()) &&
        (couponId === undefined || entry.coupon === couponId),
    );
    res.json(list('/v1/promotion_codes', codes.reverse().map(presentCode), req));
  });
  api.get('/promotion_codes/:id', allow(), (req, res) => res.json(presentCode(code(id(req)))));
  api.post('/promotion_codes/:id', allow('active', 'metadata', 'restrictions'), (req, res) => {
    const found = code(id(req));
    const body = (req.body ?? {}) as { active?: string | boolean; metadata?: Record<string, string> };
    if (body.active !== undefined) {
      const active = String(body.active) === 'true';
      // As on Stripe, a code whose coupon is gone cannot be switched back on.
      if (active && !store.coupons.has(found.coupon))
        throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', 'The coupon of this promotion code was deleted.', 'active');
      found.active = active;
    }
    if (body.metadata) found.metadata = { ...found.metadata, ...body.metadata };
    res.json(presentCode(found));
  });
}
