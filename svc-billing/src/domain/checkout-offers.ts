import type { BillingPeriod } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, eq } from '@agentdock/service-data/orm';
import type Stripe from 'stripe';
import { billingSettings, planTrials, subscriptions } from '../db/schema';

type SessionExtras = Pick<
  Stripe.Checkout.SessionCreateParams,
  'payment_method_collection' | 'automatic_tax' | 'tax_id_collection' | 'billing_address_collection' | 'customer_update'
>;

export const SETTINGS_ID = 'default';

export async function taxEnabled(db: Db): Promise<boolean> {
  const [row] = await db.select({ taxEnabled: billingSettings.taxEnabled }).from(billingSettings).where(eq(billingSettings.id, SETTINGS_ID));
  return row?.taxEnabled ?? false;
}

/**
 * With tax on, Checkout computes it (Stripe Tax), asks for the billing address it needs and lets a
 * business give its tax id, and saves both on the customer (`customer_update`, which Stripe
 * requires for tax ids on an existing customer).
 */
export async function taxParams(db: Db): Promise<SessionExtras> {
  if (!(await taxEnabled(db))) return {};
  return {
    automatic_tax: { enabled: true },
    tax_id_collection: { enabled: true },
    billing_address_collection: 'required',
    customer_update: { address: 'auto', name: 'auto' },
  };
}

/**
 * The trial a plan checkout starts with: the operator's days for the plan and period, for a
 * customer who never held a plan subscription (one trial per customer, not one per plan); none
 * otherwise. Without a card required, Checkout collects one only if it has to.
 */
export async function trialFor(
  db: Db,
  userId: string,
  planId: string,
  billingPeriod: BillingPeriod,
): Promise<{ days: number; extras: Pick<SessionExtras, 'payment_method_collection'> } | null> {
  const [trial] = await db
    .select()
    .from(planTrials)
    .where(and(eq(planTrials.planId, planId), eq(planTrials.billingPeriod, billingPeriod)));
  if (!trial || trial.days <= 0) return null;
  const [earlier] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.productKind, 'plan')))
    .limit(1);
  if (earlier) return null;
  return { days: trial.days, extras: trial.cardRequired ? {} : { payment_method_collection: 'if_required' } };
}
