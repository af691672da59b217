import type { Plan } from '@agentdock/contracts';
import { useNavigate } from 'react-router-dom';
import { AnchorButton, Button, LinkButton } from '@agentdock/ui';
import { startCheckout } from './checkout';
import type { BillingPeriod } from './plan-price';
import { salesMailto } from './sales-mailto';

/** The card's call to action: Free signs up, custom-priced plans write to sales, paid plans check out. */
export function PlanAction({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const navigate = useNavigate();
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
  return (
    <Button variant={variant} block onClick={() => startCheckout(plan, period, navigate)}>
      {plan.cta}
    </Button>
  );
}
