import { useCallback, useEffect, useState } from 'react';
import { BILLING_ERROR_CODES, BILLING_TEXTS, type BillingSubscription } from '@agentdock/contracts';
import { ApiError, isAbortError } from '@agentdock/api-client';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, Container, ErrorState, LinkButton, PageHeader } from '@agentdock/ui';
import { billingApi, type CancellationAnswer } from '../api/billing-api';
import { RequireSession } from '../sign-in-prompt';
import { CancelDialog } from './cancel-dialog';
import { CancellingBanner } from './cancelling-banner';
import { InvoiceList } from './invoice-list';
import { SubscriptionCard } from './subscription-card';
import { canResume } from './subscription-format';
import './subscription.css';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'loaded'; subscriptions: BillingSubscription[] };

function Subscriptions() {
  const client = useSessionClient();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The subscription the cancel dialog asks about, while it is open. */
  const [cancelling, setCancelling] = useState<BillingSubscription | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLoad({ state: 'loaded', subscriptions: await billingApi(client.api).getSubscriptions({ signal }) });
      } catch (caught) {
        if (!isAbortError(caught)) setLoad({ state: 'error' });
      }
    },
    [client],
  );

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const openPortal = async () => {
    setError(null);
    // The portal manages subscriptions; with none there is nothing to open.
    if (load.state === 'loaded' && load.subscriptions.length === 0) return setError(BILLING_TEXTS.noSubscriptionForPortal);
    setBusy(true);
    try {
      window.location.assign((await billingApi(client.api).openPortal()).url);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.code === BILLING_ERROR_CODES.noCustomer ? BILLING_TEXTS.noSubscriptionForPortal : BILLING_TEXTS.portalFailed);
      setBusy(false);
    }
  };

  const resume = async (id: string) => {
    setError(null);
    setBusy(true);
    try {
      await billingApi(client.api).resume(id);
      await reload();
    } catch {
      setError(BILLING_TEXTS.resumeFailed);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (answer: CancellationAnswer) => {
    if (!cancelling) return;
    setCancelError(null);
    setBusy(true);
    try {
      await billingApi(client.api).cancelAtPeriodEnd(cancelling.id, answer);
      setCancelling(null);
      await reload();
    } catch {
      setCancelError(BILLING_TEXTS.cancelFailed);
    } finally {
      setBusy(false);
    }
  };

  if (load.state === 'loading') return <p role="status">Loading subscription details...</p>;
  if (load.state === 'error') return <ErrorState title={BILLING_TEXTS.listFailed} onRetry={() => void reload()} />;
  return (
    <div className="ad-subscriptions">
      {error ? <Alert variant="error">{error}</Alert> : null}
      {load.subscriptions.filter(canResume).map((subscription) => (
        <CancellingBanner key={subscription.id} subscription={subscription} busy={busy} onResume={() => void resume(subscription.id)} />
      ))}
      {load.subscriptions.length === 0 ? (
        <Card>
          <h2>No Active Subscriptions</h2>
          <p>You don't have any active subscriptions. Upgrade to a paid plan to access premium features.</p>
          <LinkButton to="/pricing">View Plans</LinkButton>
        </Card>
      ) : (
        load.subscriptions.map((subscription) => (
          <SubscriptionCard
            key={subscription.id}
            subscription={subscription}
            busy={busy}
            onCancel={() => {
              setCancelError(null);
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
        <CancelDialog subscription={cancelling} pending={busy} error={cancelError} onConfirm={(answer) => void cancel(answer)} onClose={() => setCancelling(null)} />
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
          {() => <Subscriptions />}
        </RequireSession>
      </Container>
    </>
  );
}
