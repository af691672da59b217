import {
  BILLING_PERIODS,
  type BillingSettingsBody,
  CHECKOUT_PLAN_IDS,
  COUPON_DURATIONS,
  type CreatePromotionRequest,
  type PlanTrial,
  type PromotionCodeView,
} from '@agentdock/contracts';
import { BadRequestError, NotFoundError } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import Stripe from 'stripe';
import { billingSettings, planTrials } from '../db/schema';
import { SETTINGS_ID, taxEnabled } from './checkout-offers';

/** Every paid plan and period with its trial; a pair the operator never set has none (0 days, card required). */
export async function listTrials(db: Db): Promise<PlanTrial[]> {
  const rows = await db.select().from(planTrials);
  return CHECKOUT_PLAN_IDS.flatMap((planId) =>
    BILLING_PERIODS.map((billingPeriod) => {
      const row = rows.find((entry) => entry.planId === planId && entry.billingPeriod === billingPeriod);
      return { planId, billingPeriod, days: row?.days ?? 0, cardRequired: row?.cardRequired ?? true };
    }),
  );
}

export async function setTrial(db: Db, trial: PlanTrial): Promise<PlanTrial> {
  const values = { ...trial, updatedAt: new Date() };
  await db
    .insert(planTrials)
    .values(values)
    .onConflictDoUpdate({ target: [planTrials.planId, planTrials.billingPeriod], set: values });
  return trial;
}

export async function readSettings(db: Db): Promise<BillingSettingsBody> {
  return { taxEnabled: await taxEnabled(db) };
}

export async function writeSettings(db: Db, settings: BillingSettingsBody): Promise<BillingSettingsBody> {
  const values = { id: SETTINGS_ID, taxEnabled: settings.taxEnabled, updatedAt: new Date() };
  await db.insert(billingSettings).values(values).onConflictDoUpdate({ target: billingSettings.id, set: values });
  return settings;
}

const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

function toView(code: Stripe.PromotionCode): PromotionCodeView {
  const coupon = code.promotion.coupon;
  const full = coupon && typeof coupon !== 'string' ? coupon : null;
  return {
    id: code.id,
    code: code.code,
    active: code.active,
    couponId: full?.id ?? (typeof coupon === 'string' ? coupon : ''),
    name: full?.name ?? null,
    percentOff: full?.percent_off ?? null,
    amountOff: full?.amount_off ?? null,
    currency: full?.currency ?? null,
    duration: COUPON_DURATIONS.find((duration) => duration === full?.duration) ?? 'once',
    durationInMonths: full?.duration_in_months ?? null,
    maxRedemptions: code.max_redemptions,
    timesRedeemed: code.times_redeemed,
    expiresAt: iso(code.expires_at),
  };
}

/** The provider refused the request (a code already in use, a date in the past): the operator is told why. */
async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      if (error.statusCode === 404) throw new NotFoundError(error.message);
      throw new BadRequestError(error.message);
    }
    throw error;
  }
}

const EXPAND_COUPON = ['promotion.coupon'];

/** The promotion codes at the provider, newest first, with their coupons. */
export async function listPromotionCodes(stripe: Stripe): Promise<PromotionCodeView[]> {
  const page = await stripe.promotionCodes.list({ limit: 100, expand: EXPAND_COUPON.map((path) => `data.${path}`) });
  return page.data.map(toView);
}

/**
 * Makes the coupon, then the code customers type for it. The code's own limits carry the
 * redemptions and expiry, so one coupon could later get more codes; a code the provider refuses
 * leaves no coupon behind.
 */
export async function createPromotion(stripe: Stripe, request: CreatePromotionRequest): Promise<PromotionCodeView> {
  const expiresAt = request.expiresAt === undefined ? undefined : Math.floor(Date.parse(request.expiresAt) / 1000);
  if (expiresAt !== undefined && expiresAt * 1000 <= Date.now()) throw new BadRequestError('The expiry date must be in the future.');
  const off =
    request.discount.kind === 'percent'
      ? { percent_off: request.discount.percentOff }
      : { amount_off: request.discount.amountOff, currency: request.discount.currency.toLowerCase() };
  const coupon = await provider(() =>
    stripe.coupons.create({
      ...off,
      duration: request.duration,
      ...(request.durationInMonths === undefined ? {} : { duration_in_months: request.durationInMonths }),
      ...(request.name ? { name: request.name } : {}),
    }),
  );
  try {
    const code = await provider(() =>
      stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: request.code,
        ...(request.maxRedemptions === undefined ? {} : { max_redemptions: request.maxRedemptions }),
        ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
        expand: EXPAND_COUPON,
      }),
    );
    return toView(code);
  } catch (error) {
    await stripe.coupons.del(coupon.id).catch(() => undefined);
    throw error;
  }
}

export async function setPromotionActive(stripe: Stripe, id: string, active: boolean): Promise<PromotionCodeView> {
  return toView(await provider(() => stripe.promotionCodes.update(id, { active, expand: EXPAND_COUPON })));
}
