import { SUBSCRIPTION_TIER_LABELS, type SubscriptionTier } from '@agentdock/contracts';
import { Alert, Button, formatPrice } from '@agentdock/ui';
import type { BillingSubscription } from '../../api/billing-api';
import { endDay } from '../../subscription/cancelling-banner';

export interface TrialNoticeProps {
  subscription: BillingSubscription | null;
  tier: SubscriptionTier;
  busy: boolean;
  /** Opens the billing portal, where a card is added. */
  onAddCard: () => void;
}

/**
 * While a trial runs (and is not set to end, which the cancelling banner says): when it ends and
 * what happens then — the first charge to the card on file, or, without a card, the plan lost.
 */
export function TrialNotice({ subscription, tier, busy, onAddCard }: TrialNoticeProps) {
  const trial = subscription?.status === 'trialing' && !subscription.cancelAtPeriodEnd ? subscription.trial : null;
  if (!subscription || !trial) return null;
  const ends = `Free trial — ends on ${endDay(Date.parse(trial.endsAt) / 1000)}.`;
  if (trial.cardOnFile) {
    return <Alert variant="info">{`${ends} Your card will be charged ${formatPrice(trial.firstCharge, subscription.price.currency)} then.`}</Alert>;
  }
  return (
    <Alert variant="info">
      <p>{`${ends} Add a card before then to keep ${SUBSCRIPTION_TIER_LABELS[tier]}.`}</p>
      <Button size="sm" onClick={onAddCard} disabled={busy}>
        Add a Card
      </Button>
    </Alert>
  );
}
