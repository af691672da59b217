import { z } from 'zod';
import { subscriptionTier } from './tier';

const planId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, 'Use lower-case letters, digits and dashes');

/** A price the payment provider knows: an amount in whole dollars and the provider's price id. */
const priceOption = z.object({
  amount: z.number().nonnegative(),
  priceId: z.string().min(1).nullable(),
});

/** Writable fields of a subscription plan (admin create/update bodies share this). */
export const planInput = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().max(500).default(''),
  tier: subscriptionTier,
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
  highlight: z.boolean().default(false),
  customPrice: z.boolean().default(false),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().default(0),
});
export type PlanInput = z.infer<typeof planInput>;

export const planPatch = planInput.partial();
export type PlanPatch = z.infer<typeof planPatch>;

export const planCreate = planInput.extend({ id: planId });
export type PlanCreate = z.infer<typeof planCreate>;

/** A plan as the catalog serves it. `annualPerMonth` is the yearly price / 12, rounded. */
export const plan = planInput.extend({
  id: planId,
  annualPerMonth: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;

export const planList = z.object({ plans: z.array(plan) });
export type PlanList = z.infer<typeof planList>;
