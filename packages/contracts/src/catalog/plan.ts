import { z } from 'zod';
import { subscriptionTier } from './tier';

const planId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and dashes');

/** ISO 4217, lower case as the payment provider spells it. */
export const currencyCode = z.string().regex(/^[a-z]{3}$/, 'Use a three-letter currency code such as usd');

/**
 * A price the payment provider knows: integer minor units of the plan's currency (cents for usd),
 * so no price passes through a float, and the provider's price id.
 */
const priceOption = z.object({
  amountMinor: z.number().int().nonnegative(),
  priceId: z.string().min(1).nullable(),
});

const planFields = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().max(500),
  tier: subscriptionTier,
  /** The currency of both prices. */
  currency: currencyCode,
  /** null for plans quoted by contact (Enterprise). */
  monthly: priceOption.nullable(),
  /** The yearly price, billed once a year; null when there is no annual option. */
  annual: priceOption.nullable(),
  realTokensLimit: z.number().int().nonnegative().nullable(),
  platformCreditsLimit: z.number().int().nonnegative().nullable(),
  apiCallsLimit: z.number().int().nonnegative().nullable(),
  agentsIncluded: z.number().int().nonnegative().nullable(),
  features: z.array(z.string().min(1).max(200)).max(30),
  notIncluded: z.array(z.string().min(1).max(200)).max(30),
  cta: z.string().min(1).max(40),
  highlight: z.boolean(),
  customPrice: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});

/** Writable fields of a subscription plan (admin create body, with `id` in planCreate). */
export const planInput = planFields.extend({
  description: planFields.shape.description.default(''),
  currency: planFields.shape.currency.default('usd'),
  highlight: planFields.shape.highlight.default(false),
  customPrice: planFields.shape.customPrice.default(false),
  isActive: planFields.shape.isActive.default(true),
  sortOrder: planFields.shape.sortOrder.default(0),
});
export type PlanInput = z.infer<typeof planInput>;

/** Admin update body: only the fields sent change (no defaults, so nothing unsent is reset). */
export const planPatch = planFields.partial();
export type PlanPatch = z.infer<typeof planPatch>;

export const planCreate = planInput.extend({ id: planId });
export type PlanCreate = z.infer<typeof planCreate>;

/**
 * A plan as the catalog serves it. `annualPerMonthMinor` is the yearly price / 12 rounded to a
 * whole unit of the currency (whole dollars), in minor units.
 */
export const plan = planInput.extend({
  id: planId,
  annualPerMonthMinor: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;

export const planList = z.object({ plans: z.array(plan) });
export type PlanList = z.infer<typeof planList>;
