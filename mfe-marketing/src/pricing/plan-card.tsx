import { type Plan, planBullets } from '@agentdock/contracts';
import { Badge, Card, formatPrice } from '@agentdock/ui';
import { PlanAction } from './plan-action';
import { planPrice, type BillingPeriod } from './plan-price';
import { mentionsRealTokens, REAL_TOKENS_NOTE_ID } from './real-tokens-note';

export function PlanCard({ plan, plans, period, current = false }: { plan: Plan; plans: readonly Plan[]; period: BillingPeriod; current?: boolean }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card as="article" highlight={plan.highlight} className="mk-plan" aria-labelledby={titleId}>
      {current ? (
        <Badge variant="success" className="mk-plan__badge">
          Current plan
        </Badge>
      ) : (
        plan.highlight && (
          <Badge variant="primary" className="mk-plan__badge">
            MOST POPULAR
          </Badge>
        )
      )}
      <h2 id={titleId} className="mk-plan__name">
        {plan.name}
      </h2>
      {plan.description && <p className="ad-muted mk-plan__description">{plan.description}</p>}
      <PriceBlock plan={plan} period={period} />
      <PlanAction plan={plan} plans={plans} period={period} />
      <ul className="mk-plan__features">
        {planBullets(plan).map((feature) => (
          <li key={feature} className="mk-plan__feature" aria-describedby={mentionsRealTokens(feature) ? REAL_TOKENS_NOTE_ID : undefined}>
            <span className="mk-plan__mark mk-plan__mark--yes" aria-hidden="true">
              ✓
            </span>
            <span className="ad-visually-hidden">Included: </span>
            <span>
              {feature}
              {mentionsRealTokens(feature) && <sup aria-hidden="true">*</sup>}
            </span>
          </li>
        ))}
        {plan.notIncluded.map((feature) => (
          <li key={feature} className="mk-plan__feature mk-plan__feature--no">
            <span className="mk-plan__mark mk-plan__mark--no" aria-hidden="true">
              ✕
            </span>
            <span className="ad-visually-hidden">Not included: </span>
            {feature}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PriceBlock({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const price = planPrice(plan, period);
  if (price.kind === 'custom') {
    return (
      <div className="mk-plan__price">
        <span className="mk-plan__amount mk-plan__amount--custom">Custom pricing</span>
        <span className="mk-plan__billing">Tailored to your organisation</span>
      </div>
    );
  }
  return (
    <div className="mk-plan__price">
      <span>
        <span className="mk-plan__amount">{formatPrice(price.perMonth, price.currency)}</span>
        <span className="mk-plan__per"> /month</span>
      </span>
      {price.billedYearly !== undefined && <span className="mk-plan__billing">Billed annually at {formatPrice(price.billedYearly, price.currency)} per year</span>}
      {price.savingPerMonth !== undefined && <span className="mk-plan__saving">Save {formatPrice(price.savingPerMonth, price.currency)} per month</span>}
    </div>
  );
}
