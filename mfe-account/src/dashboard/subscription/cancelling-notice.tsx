import { useState } from 'react';
import { BILLING_TEXTS } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Alert } from '@agentdock/ui';
import { billingApi, type BillingSubscription } from '../../api/billing-api';
import { CancellingBanner } from '../../subscription/cancelling-banner';
import { canResume } from '../../subscription/subscription-format';

/** On the Subscription tab, while the plan is set to end: the banner and its Resume, which refreshes the tab. */
export function CancellingNotice({ subscription, busy, onResumed }: { subscription: BillingSubscription | null; busy: boolean; onResumed: () => void }) {
  const client = useSessionClient();
  const [resuming, setResuming] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!subscription || !canResume(subscription)) return null;
  const resume = async () => {
    setFailed(false);
    setResuming(true);
    try {
      await billingApi(client.api).resume(subscription.id);
      onResumed();
    } catch {
      setFailed(true);
    } finally {
      setResuming(false);
    }
  };
  return (
    <>
      <CancellingBanner subscription={subscription} busy={busy || resuming} onResume={() => void resume()} />
      {failed ? <Alert variant="error">{BILLING_TEXTS.resumeFailed}</Alert> : null}
    </>
  );
}
