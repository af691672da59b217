import * as z from 'zod/mini';
import { subscriptionTier } from './tier';

const planId = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and dashes'));

/** A price the payment provider knows: an amount in whole dollars and the provider's price id. */
const priceOption = z.object({
  amount: z.number().check(z.nonnegative()),
  priceId: z.nullable(z.string().check(z.minLength(1))),
});

const planFields = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  description: z.string().check(z.maxLength(500)),
  tier: subscriptionTier,
  /** null for plans quoted by contact (Enterprise). */
  monthly: z.nullable(priceOption),
  /** The yearly price, billed once a year; null when there is no annual option. */
  annual: z.nullable(priceOption),
  realTokensLimit: z.nullable(z.number().check(z.int(), z.nonnegative())),
  platformCreditsLimit: z.nullable(z.number().check(z.int(), z.nonnegative())),
  apiCallsLimit: z.nullable(z.number().check(z.int(), z.nonnegative())),
  agentsIncluded: z.nullable(z.number().check(z.int(), z.nonnegative())),
  features: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(30)),
  notIncluded: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(30)),
  cta: z.string().check(z.minLength(1), z.maxLength(40)),
  highlight: z.boolean(),
  customPrice: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().check(z.int()),
});

/** Writable fields of a subscription plan (admin create body, with `id` in planCreate). */
export const planInput = z.extend(planFields, {
  description: z._default(planFields.shape.description, ''),
  highlight: z._default(planFields.shape.highlight, false),
  customPrice: z._default(planFields.shape.customPrice, false),
  isActive: z._default(planFields.shape.isActive, true),
  sortOrder: z._default(planFields.shape.sortOrder, 0),
});
export type PlanInput = z.infer<typeof planInput>;

/** Admin update body: only the fields sent change (no defaults, so nothing unsent is reset). */
export const planPatch = z.partial(planFields);
export type PlanPatch = z.infer<typeof planPatch>;

export const planCreate = z.extend(planInput, { id: planId });
export type PlanCreate = z.infer<typeof planCreate>;

/** A plan as the catalog serves it. `annualPerMonth` is the yearly price / 12, rounded. */
export const plan = z.extend(planInput, {
  id: planId,
  annualPerMonth: z.nullable(z.number().check(z.int())),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;

export const planList = z.object({ plans: z.array(plan) });
export type PlanList = z.infer<typeof planList>;
