import { StripeApiError } from './errors';
import { type Charge, type Coupon, type Discount, newId, type PromotionCode, type StripeStore } from './store';

/** The local server's automatic tax: one fixed test rate, exclusive (added on top of the price). */
export const TEST_TAX_PERCENT = 10;
export const TEST_TAX_RATE_ID = 'txr_local_test_rate';

const DURATIONS: ReadonlySet<string> = new Set(['once', 'repeating', 'forever']);

const invalid = (message: string, param: string): never => {
  throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', message, param);
};

const optionalInteger = (value: unknown, param: string): number | null => {
  if (value === undefined || value === '') return null;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_integer', `Invalid integer: ${param}`, param);
  return number;
};

export interface CouponParams {
  id?: string;
  name?: string;
  percent_off?: string | number;
  amount_off?: string | number;
  currency?: string;
  duration?: string;
  duration_in_months?: string | number;
  max_redemptions?: string | number;
  redeem_by?: string | number;
  metadata?: Record<string, string>;
}

/** Stripe's coupon rules: exactly one of percent_off and amount_off (with its currency), months only when repeating. */
export function createCoupon(store: StripeStore, params: CouponParams, now: number): Coupon {
  const percent = params.percent_off === undefined ? null : Number(params.percent_off);
  const amount = optionalInteger(params.amount_off, 'amount_off');
  if ((percent === null) === (amount === null)) invalid('You must pass exactly one of percent_off or amount_off.', 'percent_off');
  if (percent !== null && !(percent > 0 && percent <= 100)) invalid('percent_off must be greater than 0 and at most 100.', 'percent_off');
  if (amount !== null && amount <= 0) invalid('amount_off must be a positive integer.', 'amount_off');
  if (amount !== null && !params.currency) invalid('You must pass currency when passing amount_off.', 'currency');
  const duration = params.duration ?? 'once';
  if (!DURATIONS.has(duration)) invalid('Invalid duration: must be one of forever, once, or repeating', 'duration');
  const months = optionalInteger(params.duration_in_months, 'duration_in_months');
  if (duration === 'repeating' && (months === null || months < 1)) invalid('duration_in_months is required when duration is repeating.', 'duration_in_months');
  if (duration !== 'repeating' && months !== null) invalid('duration_in_months can only be used with duration repeating.', 'duration_in_months');
  const maxRedemptions = optionalInteger(params.max_redemptions, 'max_redemptions');
  if (maxRedemptions !== null && maxRedemptions < 1) invalid('max_redemptions must be a positive integer.', 'max_redemptions');
  const redeemBy = optionalInteger(params.redeem_by, 'redeem_by');
  if (redeemBy !== null && redeemBy <= now) invalid('redeem_by must be in the future.', 'redeem_by');
  const id = params.id || newId('co').slice(0, 11);
  if (store.coupons.has(id)) throw new StripeApiError(400, 'invalid_request_error', 'resource_already_exists', 'Coupon already exists.', 'id');
  const coupon: Coupon = {
    id,
    object: 'coupon',
    amount_off: amount,
    currency: amount === null ? null : (params.currency ?? '').toLowerCase(),
    percent_off: percent,
    duration: duration as Coupon['duration'],
    duration_in_months: months,
    max_redemptions: maxRedemptions,
    redeem_by: redeemBy,
    name: params.name || null,
    created: now,
    times_redeemed: 0,
    metadata: params.metadata ?? {},
  };
  store.coupons.set(id, coupon);
  return coupon;
}

/** Stripe's `valid`: a coupon can still be redeemed (not past redeem_by, redemptions left). */
export const couponValid = (coupon: Coupon, now: number) =>
  (coupon.redeem_by === null || now < coupon.redeem_by) && (coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions);

export interface PromotionCodeParams {
  promotion?: { type?: string; coupon?: string };
  code?: string;
  active?: string | boolean;
  expires_at?: string | number;
  max_redemptions?: string | number;
  metadata?: Record<string, string>;
}

export function createPromotionCode(store: StripeStore, params: PromotionCodeParams, now: number): PromotionCode {
  if (params.promotion?.type !== 'coupon' || !params.promotion.coupon) {
    throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: promotion[coupon].', 'promotion[coupon]');
  }
  const coupon = store.coupons.get(params.promotion.coupon);
  if (!coupon) throw new StripeApiError(400, 'invalid_request_error', 'resource_missing', `No such coupon: '${params.promotion.coupon}'`, 'promotion[coupon]');
  const code = params.code ?? newId('').slice(1, 9).toUpperCase();
  if (!/^[A-Za-z0-9_-]{1,500}$/.test(code)) invalid('A promotion code may contain only letters, digits, hyphens and underscores.', 'code');
  const active = [...store.promotionCodes.values()].some((entry) => entry.active && entry.code.toLowerCase() === code.toLowerCase());
  if (active) throw new StripeApiError(400, 'invalid_request_error', 'resource_already_exists', 'An active promotion code with this code already exists.', 'code');
  const expiresAt = optionalInteger(params.expires_at, 'expires_at');
  if (expiresAt !== null && expiresAt <= now) invalid('expires_at must be in the future.', 'expires_at');
  const maxRedemptions = optionalInteger(params.max_redemptions, 'max_redemptions');
  if (maxRedemptions !== null && maxRedemptions < 1) invalid('max_redemptions must be a positive integer.', 'max_redemptions');
  const promotionCode: PromotionCode = {
    id: newId('promo'),
    object: 'promotion_code',
    code,
    coupon: coupon.id,
    active: params.active === undefined ? true : String(params.active) === 'true',
    expires_at: expiresAt,
    max_redemptions: maxRedemptions,
    times_redeemed: 0,
    created: now,
    metadata: params.metadata ?? {},
  };
  store.promotionCodes.set(promotionCode.id, promotionCode);
  return promotionCode;
}

/** The text Stripe Checkout shows for a code it will not take. */
export const INVALID_CODE_MESSAGE = 'This code is invalid.';

/** The active promotion code a customer typed (case-insensitive, as Checkout reads it), if it can be redeemed now. */
export function redeemableCode(store: StripeStore, code: string, now: number): PromotionCode | null {
  const found = [...store.promotionCodes.values()].find((entry) => entry.active && entry.code.toLowerCase() === code.trim().toLowerCase());
  if (!found) return null;
  const coupon = store.coupons.get(found.coupon);
  if (!coupon || !couponValid(coupon, now)) return null;
  if (found.expires_at !== null && now >= found.expires_at) return null;
  if (found.max_redemptions !== null && found.times_redeemed >= found.max_redemptions) return null;
  return found;
}

const addMonths = (start: number, months: number) => {
  const date = new Date(start * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
};

/** Redeems a coupon (and its code) for a customer: counts the redemption and makes the discount. */
export function redeem(
  store: StripeStore,
  applied: { coupon: string; promotion_code: string | null },
  owner: { customer: string; subscription: string | null; checkout_session: string | null },
  now: number,
): Discount {
  const coupon = store.coupons.get(applied.coupon);
  if (!coupon) throw new StripeApiError(400, 'invalid_request_error', 'resource_missing', `No such coupon: '${applied.coupon}'`, 'discounts');
  coupon.times_redeemed += 1;
  if (applied.promotion_code) {
    const code = store.promotionCodes.get(applied.promotion_code);
    if (code) code.times_redeemed += 1;
  }
  const discount: Discount = {
    id: newId('di'),
    object: 'discount',
    coupon: coupon.id,
    promotion_code: applied.promotion_code,
    ...owner,
    start: now,
    end: coupon.duration === 'repeating' ? addMonths(now, coupon.duration_in_months ?? 1) : null,
  };
  store.discounts.set(discount.id, discount);
  return discount;
}

/** What a coupon takes off an amount (never more than the amount). */
export function discountOff(coupon: Coupon | undefined, amount: number): number {
  if (!coupon) return 0;
  const off = coupon.percent_off !== null ? Math.round((amount * coupon.percent_off) / 100) : (coupon.amount_off ?? 0);
  return Math.min(Math.max(off, 0), Math.max(amount, 0));
}

/** Price → discount → tax at the test rate on what remains (Stripe taxes the discounted amount). */
export function charge(subtotal: number, coupon: Coupon | undefined, automaticTax: boolean): Charge {
  const discount = discountOff(coupon, subtotal);
  const taxable = subtotal - discount;
  const tax = automaticTax && taxable > 0 ? Math.round((taxable * TEST_TAX_PERCENT) / 100) : 0;
  return { subtotal, discount, tax, total: taxable + tax };
}

/** Whether a discount still applies to an invoice made at `at` (a once-coupon only to its first). */
export function discountApplies(discount: Discount | undefined, coupon: Coupon | undefined, at: number, firstInvoice: boolean): boolean {
  if (!discount || !coupon) return false;
  if (coupon.duration === 'once') return firstInvoice;
  return discount.end === null || at < discount.end;
}
