import { BILLING_TEXTS } from '@agentdock/contracts';
import { Alert } from '@agentdock/ui';
import type { BillingSubscription } from '../../api/billing-api';
import { CancellingBanner } from '../../subscription/cancelling-banner';
import { canResume } from '../../subscription/subscription-format';
import { useSubscriptionChanges } from '../../subscription/use-subscription-changes';

/** On the Subscription tab, while the plan is set to end: the banner and its Resume, which refreshes the tab. */
export function CancellingNotice({ subscription, busy, onResumed }: { subscription: BillingSubscription | null; busy: boolean; onResumed: () => void }) {
  const { resume } = useSubscriptionChanges();
  if (!subscription || !canResume(subscription)) return null;
  return (
    <>
      <CancellingBanner subscription={subscription} busy={busy || resume.isPending} onResume={() => resume.mutate(subscription.id, { onSuccess: onResumed })} />
      {resume.isError ? <Alert variant="error">{BILLING_TEXTS.resumeFailed}</Alert> : null}
    </>
  );
}
