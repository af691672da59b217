import { CHECKOUT_FAILED_TEXT, type Plan } from '@agentdock/contracts';
import { useNavigate } from 'react-router-dom';
import { AnchorButton, Button, LinkButton } from '@agentdock/ui';
import { useVisitor } from '../api/visitor';
import { cardChoice, CHOICE_LABELS, MANAGE_PATH, paidPlanStep } from './paid-plan';
import type { BillingPeriod } from './plan-price';
import { salesMailto } from './sales-mailto';

// The checkout call brings the billing contract's schemas (zod): loaded on the click, so a visitor
// who only reads the prices never downloads them.
const loadCheckout = () => import('./checkout');

/**
 * The card's call to action. For a visitor: Free signs up, custom-priced plans write to sales, paid
 * plans sign up and then check out. For a signed-in customer: Manage on the current plan, Upgrade or
 * Downgrade on the others.
 */
export function PlanAction({ plan, plans, period }: { plan: Plan; plans: readonly Plan[]; period: BillingPeriod }) {
  const navigate = useNavigate();
  const visitor = useVisitor();
  const variant = plan.highlight ? 'primary' : 'secondary';
  const choice = cardChoice(visitor, plan, plans);
  if (choice === 'current') {
    return plan.tier === 'free' ? (
      <Button variant="secondary" block disabled>
        Current plan
      </Button>
    ) : (
      <LinkButton to={MANAGE_PATH} variant="secondary" block>
        Manage
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
  if (plan.tier === 'free') {
    // A paying customer steps down to Free by cancelling at the end of the period paid for.
    return (
      <LinkButton to={choice ? MANAGE_PATH : '/signup'} variant={variant} block>
        {choice ? CHOICE_LABELS[choice](plan.name) : plan.cta}
      </LinkButton>
    );
  }
  const choose = () => {
    const step = paidPlanStep(visitor, plan, period);
    if (step.kind === 'checkout') {
      void loadCheckout().then(
        ({ startCheckout }) => startCheckout(plan, period, navigate),
        () => window.alert(CHECKOUT_FAILED_TEXT),
      );
      return;
    }
    navigate(step.to);
  };
  return (
    <Button variant={variant} block onClick={choose}>
      {choice ? CHOICE_LABELS[choice](plan.name) : plan.cta}
    </Button>
  );
}
