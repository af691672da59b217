import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, Container, ErrorState, SegmentedControl, Skeleton, type SegmentedOption } from '@agentdock/ui';
import { ContentPageHeader } from '../content/content-page-header';
import { PlanCard } from './plan-card';
import type { BillingPeriod } from './plan-price';
import { PricingFaq } from './pricing-faq';
import { usePlans, type PlansState } from './use-plans';

const PERIODS: ReadonlyArray<SegmentedOption<BillingPeriod>> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual', hint: 'save up to 15%' },
];

export function PricingContent() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [plans, retry] = usePlans();

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
        <Plans state={plans} period={period} onRetry={retry} />
        <PricingFaq />
      </Container>
    </>
  );
}

function Plans({ state, period, onRetry }: { state: PlansState; period: BillingPeriod; onRetry: () => void }) {
  if (state.status === 'loading') return <PlansSkeleton />;
  if (state.status === 'failed') {
    return <ErrorState title="Plans are unavailable right now" message="Please try again in a moment." onRetry={onRetry} />;
  }
  if (state.data.length === 0) {
    return <p className="mk-pricing-empty">No plans are available right now. Please check back soon.</p>;
  }
  return (
    <div className="mk-plans">
      {state.data.map((plan) => (
        <PlanCard key={plan.id} plan={plan} period={period} />
      ))}
    </div>
  );
}

function PlansSkeleton() {
  return (
    <div className="mk-plans" aria-busy="true">
      <span className="ad-visually-hidden" role="status">
        Loading plans…
      </span>
      {[0, 1, 2, 3].map((index) => (
        <Card key={index} className="mk-plan" aria-hidden="true">
          <Skeleton width="40%" height="1.5rem" />
          <Skeleton width="80%" />
          <Skeleton width="55%" height="2.5rem" />
          <Skeleton height="2.75rem" />
          <Skeleton width="90%" />
          <Skeleton width="75%" />
          <Skeleton width="85%" />
        </Card>
      ))}
    </div>
  );
}
