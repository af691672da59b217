import { useState } from 'react';
import { checkoutIntentOf, type Plan, planBullets } from '@agentdock/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Container, EmailConfirmedNotice, SegmentedControl, type SegmentedOption } from '@agentdock/ui';
import { useVisitor } from '../api/visitor';
import { ContentPageHeader } from '../content/content-page-header';
import { CatalogList, type CatalogListSkeleton } from '../shared/catalog-list';
import { PlanCard } from './plan-card';
import type { BillingPeriod } from './plan-price';
import { PricingFaq } from './pricing-faq';
import { mentionsRealTokens, RealTokensNote } from './real-tokens-note';
import { type IntentState, useCheckoutIntent } from './use-checkout-intent';
import { usePlans, type PlansState } from './use-plans';

const PERIODS: ReadonlyArray<SegmentedOption<BillingPeriod>> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual', hint: 'save up to 15%' },
];

export function PricingContent() {
  const [search] = useSearchParams();
  // A plan chosen before signing up comes back with its billing period.
  const [period, setPeriod] = useState<BillingPeriod>(() => checkoutIntentOf(search.toString())?.period ?? 'monthly');
  const [plans, retry] = usePlans();
  const intent = useCheckoutIntent(plans.status === 'loaded' ? plans.data : undefined);
  // The payment provider sends a customer who left checkout back with subscription=cancelled.
  const cancelled = search.get('subscription') === 'cancelled';

  return (
    <>
      <ContentPageHeader center eyebrow="Pricing" slot="pricing.intro" fallbackTitle="Pricing">
        <div className="mk-pricing-controls">
          <SegmentedControl label="Billing period" options={PERIODS} value={period} onChange={setPeriod} />
          <Link to="/manage-subscription" className="mk-pricing-manage">
            Manage My Subscription
          </Link>
        </div>
      </ContentPageHeader>
      <Container className="mk-pricing-body">
        <EmailConfirmedNotice />
        <IntentNotice intent={intent} />
        {cancelled ? <Alert variant="info">Checkout cancelled. You have not been charged.</Alert> : null}
        <Plans state={plans} period={period} onRetry={retry} />
        <PricingFaq />
      </Container>
    </>
  );
}

function IntentNotice({ intent }: { intent: IntentState }) {
  if (intent.kind === 'checking-out') {
    return (
      <Alert variant="info">
        Taking you to checkout for the {intent.plan.name} plan, billed {intent.intent.period === 'annual' ? 'annually' : 'monthly'}…
      </Alert>
    );
  }
  if (intent.kind === 'already-paying') return <Alert variant="info">You already have a paid plan: change it with the Upgrade or Downgrade buttons below.</Alert>;
  return null;
}

const PLAN_SKELETON: CatalogListSkeleton = {
  gridClassName: 'mk-plans',
  cardClassName: 'mk-plan',
  count: 4,
  label: 'Loading plans…',
  lines: [{ width: '40%', height: '1.5rem' }, { width: '80%' }, { width: '55%', height: '2.5rem' }, { height: '2.75rem' }, { width: '90%' }, { width: '75%' }, { width: '85%' }],
};

function Plans({ state, period, onRetry }: { state: PlansState; period: BillingPeriod; onRetry: () => void }) {
  const visitor = useVisitor();
  const isCurrent = (plan: Plan) => visitor.status === 'signed-in' && visitor.user.subscriptionTier === plan.tier;
  return (
    <CatalogList
      state={state}
      onRetry={onRetry}
      skeleton={PLAN_SKELETON}
      failedTitle="Plans are unavailable right now"
      emptyText="No plans are available right now. Please check back soon."
    >
      {(plans) => (
        <>
          <div className="mk-plans">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} plans={plans} period={period} current={isCurrent(plan)} />
            ))}
          </div>
          {plans.some((plan) => planBullets(plan).some(mentionsRealTokens)) && <RealTokensNote />}
        </>
      )}
    </CatalogList>
  );
}
