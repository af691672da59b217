import { useEffect, useRef } from 'react';
import { CHECKOUT_FAILED_TEXT, checkoutIntentOf, type CheckoutIntent, type Plan } from '@agentdock/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { useVisitor } from '../api/visitor';

export type IntentState =
  | { kind: 'none' }
  /** Signed in on the free tier: the chosen plan's checkout is starting. */
  | { kind: 'checking-out'; plan: Plan; intent: CheckoutIntent }
  /** Already paying: the plan is changed from the cards, not bought again. */
  | { kind: 'already-paying'; plan: Plan };

/**
 * The plan chosen before signing up (`/pricing?checkout=starter&period=annual`, sign-up's return
 * path): once the visitor is signed in on the free tier and the plans are known, its checkout
 * starts, once.
 */
export function useCheckoutIntent(plans: readonly Plan[] | undefined): IntentState {
  const { search } = useLocation();
  const navigate = useNavigate();
  const visitor = useVisitor();
  const started = useRef(false);
  const intent = checkoutIntentOf(search);
  const plan = intent ? plans?.find((candidate) => candidate.id === intent.planId && candidate.tier !== 'free' && !candidate.customPrice) : undefined;
  const free = visitor.status === 'signed-in' && visitor.user.subscriptionTier === 'free';

  useEffect(() => {
    if (!intent || !plan || !free || started.current) return;
    started.current = true;
    void import('./checkout').then(
      ({ startCheckout }) => startCheckout(plan, intent.period, navigate),
      () => window.alert(CHECKOUT_FAILED_TEXT),
    );
  }, [intent, plan, free, navigate]);

  if (!intent || !plan || visitor.status !== 'signed-in') return { kind: 'none' };
  return free ? { kind: 'checking-out', plan, intent } : { kind: 'already-paying', plan };
}
