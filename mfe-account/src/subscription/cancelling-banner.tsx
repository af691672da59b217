import { Alert, Button } from '@agentdock/ui';
import type { BillingSubscription } from '../api/billing-api';

/** "27 Dec": the last day, in UTC as billing counts periods. */
export const endDay = (epochSeconds: number) => new Date(epochSeconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export interface CancellingBannerProps {
  subscription: BillingSubscription;
  busy: boolean;
  onResume: () => void;
}

/** While a subscription is set to end: when, and the way back ("Your Starter plan ends on 27 Dec — Resume"). */
export function CancellingBanner({ subscription, busy, onResume }: CancellingBannerProps) {
  return (
    <Alert variant="info" className="ad-cancelling-banner">
      <p>
        Your {subscription.name} ends on {endDay(subscription.currentPeriodEnd)} —{' '}
        <Button size="sm" onClick={onResume} disabled={busy}>
          Resume
        </Button>
      </p>
    </Alert>
  );
}
