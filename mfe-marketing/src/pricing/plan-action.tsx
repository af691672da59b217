import { BILLING_TEXTS, type Plan } from '@agentdock/contracts';
import { useNavigate } from 'react-router-dom';
import { AnchorButton, Button, LinkButton } from '@agentdock/ui';
import { useVisitor } from '../api/visitor';
import { paidPlanStep } from './paid-plan';
import type { BillingPeriod } from './plan-price';
import { salesMailto } from './sales-mailto';

// The checkout call brings the billing contract's schemas (zod): loaded on the click, so a visitor
// who only reads the prices never downloads them.
const loadCheckout = () => import('./checkout');

/** The card's call to action: Free signs up, custom-priced plans write to sales, paid plans check out. */
export function PlanAction({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const navigate = useNavigate();
  const visitor = useVisitor();
  const variant = plan.highlight ? 'primary' : 'secondary';
  if (plan.tier === 'free') {
    return (
      <LinkButton to="/signup" variant={variant} block>
        {plan.cta}
      </LinkButton>
    );
  }
  if (plan.customPrice) {
    return (
      <AnchorButton href={salesMailto(plan.name)} variant={variant} block>
        {plan.cta}
      </AnchorButton>
    );
  }
  const choose = () => {
    const step = paidPlanStep(visitor);
    if (step.kind === 'checkout') {
      void loadCheckout().then(
        ({ startCheckout }) => startCheckout(plan, period, navigate),
        () => window.alert(BILLING_TEXTS.checkoutFailed),
      );
      return;
    }
    if (step.kind === 'manage-subscription') window.alert(step.alert);
    navigate(step.to);
  };
  return (
    <Button variant={variant} block onClick={choose}>
      {plan.cta}
    </Button>
  );
}
