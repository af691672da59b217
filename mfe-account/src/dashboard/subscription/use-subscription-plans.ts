import { useState } from 'react';
import { SUBSCRIPTION_TIER_LABELS, type BillingPeriod, type Plan, type SubscriptionTier } from '@agentdock/contracts';
import type { BillingSubscription } from '../../api/billing-api';
import { planSubscription } from '../plan-choice';
import { usePlanChange } from '../use-plan-change';

interface SubscriptionPlansOptions {
  tier: SubscriptionTier;
  subscriptions: BillingSubscription[];
  plans: Plan[];
  onPlanChanged: () => void;
}

/** The plans the customer may move to, the billing period they are priced in, and the change under way. */
export function useSubscriptionPlans({ tier, subscriptions, plans, onPlanChanged }: SubscriptionPlansOptions) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const subscription = planSubscription(subscriptions);
  const change = usePlanChange({ subscription, onChanged: onPlanChanged });
  // While billing is asked (a price, a change, a redirect) the buttons wait; a question to the customer leaves them usable.
  const busy = change.state.step !== 'idle' && change.state.step !== 'confirm' && change.state.step !== 'confirm-cancel';
  // A retired plan stays listed for the customer still on it.
  const visiblePlans = plans.filter((plan) => plan.isActive || plan.tier === tier);
  const currentName = plans.find((plan) => plan.tier === tier)?.name ?? SUBSCRIPTION_TIER_LABELS[tier];
  const pendingPlanId = change.state.step === 'pricing' ? change.state.plan.id : null;
  return { period, setPeriod, subscription, change, busy, visiblePlans, currentName, pendingPlanId };
}
