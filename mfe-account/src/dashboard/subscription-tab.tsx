import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SUBSCRIPTION_TIER_LABELS, type BillingPeriod, type Plan, type SubscriptionTier } from '@agentdock/contracts';
import { Alert, AnchorButton, Button, Card, ErrorState, formatPrice, SegmentedControl, SITE, Skeleton, TierBadge, type SegmentedOption } from '@agentdock/ui';
import type { BillingSubscription } from '../api/billing-api';
import type { Wallet } from '../api/chat-api';
import { daysUntil, formatCount, formatDate } from './format';
import { PLAN_CHOICE_LABELS, planChoice, planSubscription, priceDifference } from './plan-choice';
import { WALLET_FAILED } from './overview-cards';
import { SourceContent } from './source-error';
import { usePlanChange, type PlanChangeStep } from './use-plan-change';
import { isFirstLoad, type SourceState } from './use-sources';
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
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const subscription = planSubscription(subscriptions);
  const change = usePlanChange({ subscription, onChanged: onPlanChanged });
  const busy = change.state.step !== 'idle' && change.state.step !== 'confirm' && change.state.step !== 'confirm-cancel';
  const visiblePlans = plans.filter((plan) => plan.isActive || plan.tier === tier);

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

      <ChangeConfirmation
        state={change.state}
        currentName={plans.find((plan) => plan.tier === tier)?.name ?? SUBSCRIPTION_TIER_LABELS[tier]}
        onConfirm={() => void change.confirm()}
        onCancel={change.cancel}
      />

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
              pendingPlanId={change.state.step === 'pricing' ? change.state.plan.id : null}
              onChoose={() => void change.choose(plan, period)}
            />
          ))}
        </div>
      </section>
    </div>
  );
}

function SubscriptionFigures({ wallet, subscription }: { wallet: Wallet; subscription: BillingSubscription | null }) {
  const days = daysUntil(wallet.renewsAt);
  return (
    <dl className="acc-details acc-details--figures">
      <div>
        <dt>Platform credits remaining</dt>
        <dd>{formatCount(wallet.creditsRemaining)}</dd>
      </div>
      <div>
        <dt>API calls used</dt>
        <dd>
          {formatCount(wallet.apiCallsUsed)} / {formatCount(wallet.apiCallsLimit)}
        </dd>
      </div>
      <div>
        <dt>Days until renewal</dt>
        <dd>{formatCount(days)}</dd>
      </div>
      <div>
        <dt>Next billing date</dt>
        <dd>{nextBilling(subscription)}</dd>
      </div>
    </dl>
  );
}

/** With the wallet unavailable, the billing date (billing's own figure) is still shown. */
function NextBilling({ subscription }: { subscription: BillingSubscription | null }) {
  return (
    <dl className="acc-details">
      <div>
        <dt>Next billing date</dt>
        <dd>{nextBilling(subscription)}</dd>
      </div>
    </dl>
  );
}

function nextBilling(subscription: BillingSubscription | null): string {
  if (!subscription) return 'No upcoming payment';
  const end = formatDate(new Date(subscription.currentPeriodEnd * 1000));
  return subscription.cancelAtPeriodEnd ? `None: your plan ends on ${end}` : end;
}

interface PlanOptionProps {
  plan: Plan;
  period: BillingPeriod;
  choice: string;
  current: boolean;
  busy: boolean;
  pendingPlanId: string | null;
  onChoose: () => void;
}

function PlanOption({ plan, period, choice, current, busy, pendingPlanId, onChoose }: PlanOptionProps) {
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
        {plan.platformCreditsLimit !== null && <li>{formatCount(plan.platformCreditsLimit)} platform credits per month</li>}
        {plan.apiCallsLimit !== null && <li>{formatCount(plan.apiCallsLimit)} API calls per month</li>}
        {plan.agentsIncluded !== null && <li>{formatCount(plan.agentsIncluded)} AI agents</li>}
      </ul>
      {current ? (
        <Button disabled block>
          {choice}
        </Button>
      ) : plan.customPrice ? (
        // Plans quoted by contact are bought by talking to sales, not by card.
        <AnchorButton href={`mailto:${SITE.salesEmail}?subject=${encodeURIComponent(`${plan.name} plan`)}`} block>
          {choice}
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

interface ChangeConfirmationProps {
  state: PlanChangeStep;
  /** The current plan as the plan cards name it ("Pro"), so the question reads like the cards. */
  currentName: string;
  onConfirm: () => void;
  onCancel: () => void;
}

function ChangeConfirmation({ state, currentName, onConfirm, onCancel }: ChangeConfirmationProps) {
  const navigate = useNavigate();
  const panel = useRef<HTMLElement>(null);
  const open = state.step === 'confirm' || state.step === 'changing' || state.step === 'confirm-cancel';
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  if (state.step === 'redirecting') return <Alert variant="info">Redirecting to secure payment…</Alert>;
  if (!open) return null;

  if (state.step === 'confirm-cancel') {
    return (
      <section aria-labelledby="acc-confirm-title" className="ad-card acc-confirm" ref={panel} tabIndex={-1}>
        <h2 id="acc-confirm-title" className="acc-card__title">
          Move to {state.plan.name}?
        </h2>
        <p>
          The {state.plan.name} plan has no card subscription: moving to it means cancelling your {currentName} subscription. It stays active until the end of the current billing
          period.
        </p>
        <div className="ad-row">
          <Button onClick={() => navigate('/manage-subscription')}>Go to Subscription Management</Button>
          <Button variant="secondary" onClick={onCancel}>
            Keep My Plan
          </Button>
        </div>
      </section>
    );
  }

  const changing = state.step === 'changing';
  return (
    <section aria-labelledby="acc-confirm-title" aria-describedby="acc-confirm-text" className="ad-card acc-confirm" ref={panel} tabIndex={-1}>
      <h2 id="acc-confirm-title" className="acc-card__title">
        Change from {currentName} to {state.plan.name}, billed {state.request.billingPeriod === 'annual' ? 'annually' : 'monthly'}?
      </h2>
      <p id="acc-confirm-text">{priceDifference(state.preview, state.plan, state.request.billingPeriod)}</p>
      <div className="ad-row">
        <Button onClick={onConfirm} disabled={changing}>
          {changing ? 'Changing plan…' : 'Confirm Change'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={changing}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

function SubscriptionSkeleton() {
  return (
    <div className="acc-subscription" aria-busy="true">
      <span role="status" className="ad-visually-hidden">
        Loading subscription…
      </span>
      <Card>
        <Skeleton width="40%" height="1.5rem" />
        <Skeleton width="70%" />
        <Skeleton width="60%" />
        <Skeleton width="65%" />
      </Card>
      <div className="acc-plans" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <Card key={index}>
            <Skeleton width="50%" height="1.5rem" />
            <Skeleton width="40%" height="2.5rem" />
            <Skeleton width="85%" />
            <Skeleton height="2.75rem" />
          </Card>
        ))}
      </div>
    </div>
  );
}
