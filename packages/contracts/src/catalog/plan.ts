import * as z from 'zod/mini';
import { PLAN_LIMIT_BULLET_MESSAGE, statesPlanLimit } from './plan-bullets';
import { subscriptionTier } from './tier';

/**
 * The largest whole number the catalog's integer columns hold: a larger amount or limit is a
 * 400 naming its field, never an "integer out of range" 500.
 */
export const MAX_INT4 = 2_147_483_647;
const storedCount = () => z.number().check(z.int(), z.nonnegative(), z.lte(MAX_INT4));

const planId = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and dashes'));

/** ISO 4217, lower case as the payment provider spells it. */
export const currencyCode = z.string().check(z.regex(/^[a-z]{3}$/, 'Use a three-letter currency code such as usd'));

/**
 * A price the payment provider knows: integer minor units of the plan's currency (cents for usd),
 * so no price passes through a float, and the provider's price id.
 */
const priceOption = z.object({
  amountMinor: storedCount(),
  priceId: z.nullable(z.string().check(z.minLength(1))),
});

const planFields = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  description: z.string().check(z.maxLength(500)),
  tier: subscriptionTier,
  /** The currency of both prices. */
  currency: currencyCode,
  /** null for plans quoted by contact (Enterprise). */
  monthly: z.nullable(priceOption),
  /** The yearly price, billed once a year; null when there is no annual option. */
  annual: z.nullable(priceOption),
  realTokensLimit: z.nullable(storedCount()),
  platformCreditsLimit: z.nullable(storedCount()),
  apiCallsLimit: z.nullable(storedCount()),
  agentsIncluded: z.nullable(storedCount()),
  features: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(30)),
  notIncluded: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(30)),
  cta: z.string().check(z.minLength(1), z.maxLength(40)),
  highlight: z.boolean(),
  customPrice: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().check(z.int(), z.gte(-MAX_INT4), z.lte(MAX_INT4)),
});

/** What an admin may save as bullets: free text only, the numeric ones are written from the limits. */
const writableFeatures = z
  .array(
    z.string().check(
      z.minLength(1),
      z.maxLength(200),
      z.refine((bullet) => !statesPlanLimit(bullet), PLAN_LIMIT_BULLET_MESSAGE),
    ),
  )
  .check(z.maxLength(30));
const writableFields = z.extend(planFields, { features: writableFeatures });

/** Writable fields of a subscription plan (admin create body, with `id` in planCreate). */
export const planInput = z.extend(writableFields, {
  description: z._default(planFields.shape.description, ''),
  currency: z._default(planFields.shape.currency, 'usd'),
  highlight: z._default(planFields.shape.highlight, false),
  customPrice: z._default(planFields.shape.customPrice, false),
  isActive: z._default(planFields.shape.isActive, true),
  sortOrder: z._default(planFields.shape.sortOrder, 0),
});

/** Admin update body: only the fields sent change (no defaults, so nothing unsent is reset). */
export const planPatch = z.partial(writableFields);
export type PlanPatch = z.infer<typeof planPatch>;

export const planCreate = z.extend(planInput, { id: planId });
export type PlanCreate = z.infer<typeof planCreate>;

/**
 * A plan as the catalog serves it. `annualPerMonthMinor` is the yearly price / 12 rounded to a
 * whole unit of the currency (whole dollars), in minor units.
 */
export const plan = z.extend(planInput, {
  id: planId,
  // What is stored is served as it is: plans saved before the bullets were generated are read too.
  features: planFields.shape.features,
  annualPerMonthMinor: z.nullable(z.number().check(z.int())),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;

export const planList = z.object({ plans: z.array(plan) });
