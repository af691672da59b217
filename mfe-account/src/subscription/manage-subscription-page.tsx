import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BILLING_ERROR_CODES, BILLING_TEXTS, type BillingSubscription } from '@agentdock/contracts';
import { ApiError } from '@agentdock/api-client';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, Container, ErrorState, LinkButton, PageHeader } from '@agentdock/ui';
import { QueryProvider } from '@agentdock/ui/query';
import { billingApi, type CancellationAnswer } from '../api/billing-api';
import { useAccountQueries } from '../query/account-queries';
import { RequireSession } from '../sign-in-prompt';
import { CancelDialog } from './cancel-dialog';
import { CancellingBanner } from './cancelling-banner';
import { InvoiceList } from './invoice-list';
import { SubscriptionCard } from './subscription-card';
import { canResume } from './subscription-format';
import { useSubscriptionChanges } from './use-subscription-changes';
import './subscription.css';

function Subscriptions() {
  const client = useSessionClient();
  const load = useQuery(useAccountQueries().subscriptions);
  const { resume: resuming, cancel: cancellation } = useSubscriptionChanges();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  /** The subscription the cancel dialog asks about, while it is open. */
  const [cancelling, setCancelling] = useState<BillingSubscription | null>(null);
  const busy = redirecting || resuming.isPending || cancellation.isPending;

  const openPortal = async () => {
    setError(null);
    // The portal manages subscriptions; with none there is nothing to open.
    if (load.data?.length === 0) return setError(BILLING_TEXTS.noSubscriptionForPortal);
    setRedirecting(true);
    try {
      window.location.assign((await billingApi(client.api).openPortal()).url);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.code === BILLING_ERROR_CODES.noCustomer ? BILLING_TEXTS.noSubscriptionForPortal : BILLING_TEXTS.portalFailed);
      setRedirecting(false);
    }
  };

  const resume = (id: string) => {
    setError(null);
    resuming.mutate(id, { onError: () => setError(BILLING_TEXTS.resumeFailed) });
  };

  const cancel = (answer: CancellationAnswer) => {
    if (cancelling) cancellation.mutate({ id: cancelling.id, answer }, { onSuccess: () => setCancelling(null) });
  };

  if (load.data === undefined) {
    return load.isError ? <ErrorState title={BILLING_TEXTS.listFailed} onRetry={() => void load.refetch()} /> : <p role="status">Loading subscription details...</p>;
  }
  const subscriptions = load.data;
  return (
    <div className="ad-subscriptions">
      {error ? <Alert variant="error">{error}</Alert> : null}
      {subscriptions.filter(canResume).map((subscription) => (
        <CancellingBanner key={subscription.id} subscription={subscription} busy={busy} onResume={() => resume(subscription.id)} />
      ))}
      {subscriptions.length === 0 ? (
        <Card>
          <h2>No Active Subscriptions</h2>
          <p>You don't have any active subscriptions. Upgrade to a paid plan to access premium features.</p>
          <LinkButton to="/pricing">View Plans</LinkButton>
        </Card>
      ) : (
        subscriptions.map((subscription) => (
          <SubscriptionCard
            key={subscription.id}
            subscription={subscription}
            busy={busy}
            onCancel={() => {
              cancellation.reset();
              setCancelling(subscription);
            }}
          />
        ))
      )}
      <div className="ad-subscriptions__actions">
        <Button onClick={() => void openPortal()} disabled={busy}>
          Manage Billing
        </Button>
        <LinkButton to="/pricing" variant="secondary">
          View All Plans
        </LinkButton>
      </div>
      <InvoiceList />
      {cancelling ? (
        <CancelDialog
          subscription={cancelling}
          pending={busy}
          error={cancellation.isError ? BILLING_TEXTS.cancelFailed : null}
          onConfirm={cancel}
          onClose={() => setCancelling(null)}
        />
      ) : null}
    </div>
  );
}

/** The caller's card subscriptions from the billing service, with cancellation and the billing portal. */
export default function ManageSubscriptionPage() {
  return (
    <>
      <PageHeader title="Manage Subscription" lead="Your subscriptions, billing periods and invoices." />
      <Container className="ad-section ad-section--flush-top">
        <RequireSession message="Please sign in to manage your subscription." returnUrl="/manage-subscription">
          {(user) => (
            <QueryProvider key={user.id}>
              <Subscriptions />
            </QueryProvider>
          )}
        </RequireSession>
      </Container>
    </>
  );
}
