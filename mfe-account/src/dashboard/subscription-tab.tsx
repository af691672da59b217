import { SUBSCRIPTION_TIER_LABELS, type BillingPeriod, type Plan, type SubscriptionTier } from '@agentdock/contracts';
import { Alert, Button, Card, ErrorState, SegmentedControl, TierBadge, type SegmentedOption } from '@agentdock/ui';
import type { BillingSubscription } from '../api/billing-api';
import type { Wallet } from '../api/chat-api';
import { formatDate } from './format';
import { PLAN_CHOICE_LABELS, planChoice } from './plan-choice';
import { WALLET_FAILED } from './overview-cards';
import { SourceContent } from './source-error';
import { InvoiceList } from '../subscription/invoice-list';
import { CancellingNotice } from './subscription/cancelling-notice';
import { ChangeConfirmation } from './subscription/change-confirmation';
import { PlanOption } from './subscription/plan-option';
import { NextBilling, SubscriptionFigures } from './subscription/subscription-figures';
import { SubscriptionSkeleton } from './subscription/subscription-skeleton';
import { TrialNotice } from './subscription/trial-notice';
import { useSubscriptionPlans } from './subscription/use-subscription-plans';
import { isFirstLoad, type SourceState } from './source-state';
import { SUBSCRIPTION_SOURCES, type DashboardData } from './use-dashboard-data';

export const SUBSCRIPTION_FAILED = 'Failed to load subscription information';

const PERIODS: ReadonlyArray<SegmentedOption<BillingPeriod>> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual', hint: 'Save up to 15%' },
];

interface SubscriptionTabProps {
  data: DashboardData;
  tier: SubscriptionTier;
  /** A plan change went through: refresh the figures (now and once more shortly after). */
  onPlanChanged: () => void;
}

export function SubscriptionTab({ data: { sources, reload }, tier, onPlanChanged }: SubscriptionTabProps) {
  const { subscriptions, plans } = sources;
  if (isFirstLoad(subscriptions) || isFirstLoad(plans)) return <SubscriptionSkeleton />;
  if (subscriptions.data === undefined || plans.data === undefined) {
    return (
      <ErrorState
        title="Error Loading Subscription"
        message={SUBSCRIPTION_FAILED}
        onRetry={() => void reload(SUBSCRIPTION_SOURCES)}
        retryLabel={subscriptions.pending || plans.pending ? 'Trying again…' : 'Try Again'}
      />
    );
  }
  return (
    <LoadedSubscription
      tier={tier}
      wallet={sources.wallet}
      onRetryWallet={() => void reload(['wallet'])}
      subscriptions={subscriptions.data}
      plans={plans.data}
      onPlanChanged={onPlanChanged}
    />
  );
}

interface LoadedSubscriptionProps {
  tier: SubscriptionTier;
  wallet: SourceState<Wallet>;
  onRetryWallet: () => void;
  subscriptions: BillingSubscription[];
  plans: Plan[];
  onPlanChanged: () => void;
}

function LoadedSubscription({ tier, wallet, onRetryWallet, subscriptions, plans, onPlanChanged }: LoadedSubscriptionProps) {
  const { period, setPeriod, subscription, change, busy, visiblePlans, currentName, pendingPlanId } = useSubscriptionPlans({ tier, subscriptions, plans, onPlanChanged });

  return (
    <div className="acc-subscription">
      <Card as="section" aria-labelledby="acc-sub-title">
        <div className="acc-card__head">
          <h2 id="acc-sub-title" className="acc-card__title">
            Your Subscription
          </h2>
          <TierBadge tier={tier} />
        </div>
        <SourceContent source={wallet} failedTitle={WALLET_FAILED} onRetry={onRetryWallet} skeletonLines={4}>
          {(figures) => <SubscriptionFigures wallet={figures} subscription={subscription} />}
        </SourceContent>
        {!wallet.data && <NextBilling subscription={subscription} />}
      </Card>

      <CancellingNotice subscription={subscription} busy={busy} onResumed={onPlanChanged} />
      <TrialNotice subscription={subscription} tier={tier} busy={busy} onAddCard={() => void change.openPortal()} />

      {subscription?.status === 'past_due' && (
        <div className="acc-notice" role="alert">
          <p>
            <strong>Your last payment failed.</strong>{' '}
            {subscription.graceEndsAt
              ? `Your ${SUBSCRIPTION_TIER_LABELS[tier]} plan stays active until ${formatDate(subscription.graceEndsAt)}; update your card before then to keep it.`
              : 'Update your card to keep your plan.'}
          </p>
          <div>
            <Button onClick={() => void change.openPortal()} disabled={busy}>
              Update Payment Method
            </Button>
          </div>
        </div>
      )}

      {change.message && <Alert variant={change.message.variant}>{change.message.text}</Alert>}

      <ChangeConfirmation state={change.state} currentName={currentName} onConfirm={() => void change.confirm()} onCancel={change.cancel} />

      <section aria-labelledby="acc-plans-title" className="acc-plans-section">
        <div className="acc-plans-section__head">
          <h2 id="acc-plans-title" className="acc-card__title">
            Change Plan
          </h2>
          <SegmentedControl label="Billing period" options={PERIODS} value={period} onChange={setPeriod} />
        </div>
        <div className="acc-plans">
          {visiblePlans.map((plan) => (
            <PlanOption
              key={plan.id}
              plan={plan}
              period={period}
              choice={PLAN_CHOICE_LABELS[planChoice(plan, tier, plans)]}
              current={plan.tier === tier}
              busy={busy}
              pendingPlanId={pendingPlanId}
              onChoose={() => void change.choose(plan, period)}
            />
          ))}
        </div>
      </section>

      <InvoiceList />
    </div>
  );
}
