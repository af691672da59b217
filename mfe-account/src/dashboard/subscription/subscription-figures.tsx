import type { BillingSubscription } from '../../api/billing-api';
import type { Wallet } from '../../api/chat-api';
import { daysUntil, formatCount, formatDate } from '../format';

export function SubscriptionFigures({ wallet, subscription }: { wallet: Wallet; subscription: BillingSubscription | null }) {
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
        {/* A plan set to end renews no more: the count is to its last day. */}
        <dt>{subscription?.cancelAtPeriodEnd ? 'Days until your plan ends' : 'Days until renewal'}</dt>
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
export function NextBilling({ subscription }: { subscription: BillingSubscription | null }) {
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
