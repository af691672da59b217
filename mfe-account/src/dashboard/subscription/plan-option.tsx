import { type BillingPeriod, type Plan, planLimitBullets } from '@agentdock/contracts';
import { AnchorButton, Button, Card, formatPrice, SITE, TierBadge } from '@agentdock/ui';
import { PLAN_CHOICE_LABELS } from '../plan-choice';

interface PlanOptionProps {
  plan: Plan;
  period: BillingPeriod;
  choice: string;
  current: boolean;
  busy: boolean;
  pendingPlanId: string | null;
  onChoose: () => void;
}

export function PlanOption({ plan, period, choice, current, busy, pendingPlanId, onChoose }: PlanOptionProps) {
  const titleId = `acc-plan-${plan.id}`;
  return (
    <Card as="article" aria-labelledby={titleId} highlight={current} className="acc-plan">
      <div className="acc-card__head">
        <h3 id={titleId} className="acc-plan__name">
          {plan.name}
        </h3>
        <TierBadge tier={plan.tier} />
      </div>
      <PlanPrice plan={plan} period={period} />
      <ul className="acc-plan__facts">
        {/* The same bullets as the pricing page, written from the plan's limits. */}
        {planLimitBullets(plan).map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
      {current ? (
        <Button disabled block>
          {choice}
        </Button>
      ) : plan.customPrice ? (
        // Plans quoted by contact are bought by talking to sales, not by card: the button says so
        // (the plan's own call to action, "Contact Sales"), never "Upgrade Now" on a mail link.
        <AnchorButton href={`mailto:${SITE.salesEmail}?subject=${encodeURIComponent(`${plan.name} plan`)}`} block>
          {plan.cta}
        </AnchorButton>
      ) : (
        <Button block variant={choice === PLAN_CHOICE_LABELS.upgrade ? 'primary' : 'secondary'} onClick={onChoose} disabled={busy}>
          {pendingPlanId === plan.id ? 'Checking price…' : choice}
        </Button>
      )}
    </Card>
  );
}

function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  if (plan.customPrice || (!plan.monthly && !plan.annual)) return <p className="acc-plan__price">Custom pricing</p>;
  const annual = period === 'annual' && plan.annual && plan.annualPerMonthMinor !== null;
  const perMonth = annual ? plan.annualPerMonthMinor! : (plan.monthly?.amountMinor ?? plan.annualPerMonthMinor ?? 0);
  return (
    <p className="acc-plan__price">
      <span className="acc-plan__amount">{formatPrice(perMonth, plan.currency)}</span>
      <span className="ad-muted"> /month</span>
      {annual && <span className="acc-plan__billing">Billed annually at {formatPrice(plan.annual!.amountMinor, plan.currency)} per year</span>}
    </p>
  );
}
