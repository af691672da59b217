import { BILLING_TEXTS, type BillingSubscription } from '@agentdock/contracts';
import { Alert, Button, Card } from '@agentdock/ui';
import { canCancel, formatDate, pricePerMonth, statusLabel, statusTone } from './subscription-format';

const STATUS_ICONS = { active: '✔', canceled: '✖', 'past-due': '!', other: '•' } as const;

export interface SubscriptionCardProps {
  subscription: BillingSubscription;
  onCancel: () => void;
  busy: boolean;
}

/** One subscription as the customer knows it: what it is, its status, price and period. */
export function SubscriptionCard({ subscription, onCancel, busy }: SubscriptionCardProps) {
  const tone = statusTone(subscription.status);
  return (
    <Card className="ad-subscription" aria-labelledby={`subscription-${subscription.id}`}>
      <h2 id={`subscription-${subscription.id}`} className="ad-card__title">
        {subscription.name}
      </h2>
      <p className={`ad-subscription__status ad-subscription__status--${tone}`}>
        <span aria-hidden="true">{STATUS_ICONS[tone]}</span> <span>{statusLabel(subscription.status)}</span>
      </p>
      <p>
        <strong>{pricePerMonth(subscription.price)}</strong>
      </p>
      <p>
        Current Period: {formatDate(subscription.currentPeriodStart)} to {formatDate(subscription.currentPeriodEnd)}
      </p>
      {/* A subscription set to end bills nothing more: its last day is what matters. */}
      {subscription.cancelAtPeriodEnd ? <p>Ends on {formatDate(subscription.currentPeriodEnd)}</p> : <p>Next Billing: {formatDate(subscription.currentPeriodEnd)}</p>}
      {subscription.status === 'past_due' && subscription.graceEndsAt ? (
        <Alert variant="error">
          Your last payment failed. You keep access until{' '}
          {new Date(subscription.graceEndsAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}. Use Manage Billing to update your
          card.
        </Alert>
      ) : null}
      {subscription.cancelAtPeriodEnd ? <p className="ad-muted">{BILLING_TEXTS.cancelAtPeriodEnd}</p> : null}
      {canCancel(subscription) ? (
        <div>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel Subscription
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
