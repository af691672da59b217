import { useEffect } from 'react';
import { SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { Alert, Button } from '@agentdock/ui';
import type { PaymentReturn } from './payment-return';

/** The success banner hides itself after this long; the cancelled one stays until dismissed. */
export const SUCCESS_BANNER_MS = 5000;

export const CREDITS_PURCHASED = 'Your credits are being added to your wallet. Purchased credits are kept until used, even when your plan renews.';
export const CREDITS_CANCELLED = 'You were not charged. You can buy credits anytime from your dashboard.';

const isSuccess = (banner: PaymentReturn) => banner.outcome === 'success' || banner.outcome === 'credits-success';

export function PaymentBanner({ banner, onDismiss }: { banner: PaymentReturn; onDismiss: () => void }) {
  useEffect(() => {
    if (!isSuccess(banner)) return;
    const timer = setTimeout(onDismiss, SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner, onDismiss]);

  if (banner.outcome === 'credits-success') {
    return (
      <Alert variant="success" className="acc-banner">
        <p>
          <strong>Credits Purchased!:</strong> {CREDITS_PURCHASED}
        </p>
      </Alert>
    );
  }
  if (banner.outcome === 'credits-cancelled') {
    return (
      <Alert variant="info" className="acc-banner">
        <p>
          <strong>Credit Purchase Cancelled:</strong> {CREDITS_CANCELLED}
        </p>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </Alert>
    );
  }
  if (banner.outcome === 'cancelled') {
    return (
      <Alert variant="info" className="acc-banner">
        <p>
          <strong>Subscription Upgrade Cancelled:</strong> Your subscription upgrade was cancelled. You can try again anytime from the subscription page.
        </p>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </Alert>
    );
  }
  const plan = banner.tier ? SUBSCRIPTION_TIER_LABELS[banner.tier] : 'new';
  return (
    <Alert variant="success" className="acc-banner">
      <p>
        <strong>Subscription Upgraded Successfully!:</strong> Your {plan} plan is now active. You have access to premium features and increased limits.
      </p>
    </Alert>
  );
}
