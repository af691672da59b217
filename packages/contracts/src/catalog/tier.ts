import * as z from 'zod/mini';

/** Ordered from least to most access; the order is what "at or below a tier" means. */
export const SUBSCRIPTION_TIERS = ['free', 'starter', 'professional', 'enterprise'] as const;
export const subscriptionTier = z.enum(SUBSCRIPTION_TIERS);
export type SubscriptionTier = z.infer<typeof subscriptionTier>;
