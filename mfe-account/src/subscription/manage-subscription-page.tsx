import { useCallback, useEffect, useState } from 'react';
import { BILLING_ERROR_CODES, BILLING_TEXTS, type BillingSubscription } from '@agentdock/contracts';
import { ApiError, isAbortError } from '@agentdock/api-client';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, Container, ErrorState, LinkButton, PageHeader } from '@agentdock/ui';
import { billingApi } from '../api/billing-api';
import { RequireSession } from '../sign-in-prompt';
import { canCancel, canResume, formatDate, pricePerMonth, statusLabel, statusTone } from './subscription-format';
import './subscription.css';

const STATUS_ICONS = { active: '✔', canceled: '✖', 'past-due': '!', other: '•' } as const;

type Load = { state: 'loading' } | { state: 'error' } | { state: 'loaded'; subscriptions: BillingSubscription[] };

interface SubscriptionCardProps {
  subscription: BillingSubscription;
  onCancel: () => void;
  onResume: () => void;
  busy: boolean;
}

function SubscriptionCard({ subscription, onCancel, onResume, busy }: SubscriptionCardProps) {
  const tone = statusTone(subscription.status);
  return (
    <Card className="ad-subscription" aria-labelledby={`subscription-${subscription.id}`}>
      <h2 id={`subscription-${subscription.id}`} className="ad-card__title">
        {subscription.name}
      </h2>
      <p className={`ad-subscription__status ad-subscription__status--${tone}`}>
        <span aria-hidden="true">{STATUS_ICONS[tone]}</span> <span>{statusLabel(subscription.status)}</span>
      </p>
      <p className="ad-subscription__id">ID: {subscription.id}</p>
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
      {subscription.cancelAtPeriodEnd ? <Alert variant="info">{BILLING_TEXTS.cancelAtPeriodEnd}</Alert> : null}
      {canCancel(subscription) ? (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel Subscription
        </Button>
      ) : null}
      {canResume(subscription) ? (
        <Button onClick={onResume} disabled={busy}>
          Resume subscription
        </Button>
      ) : null}
    </Card>
  );
}

function Subscriptions() {
  const client = useSessionClient();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  const cancel = async (id: string) => {
    if (!window.confirm(BILLING_TEXTS.cancelConfirm)) return;
    setError(null);
    setBusy(true);
    try {
      await billingApi(client.api).cancelAtPeriodEnd(id);
      await reload();
    } catch {
      setError(BILLING_TEXTS.cancelFailed);
    } finally {
      setBusy(false);
    }
  };

  if (load.state === 'loading') return <p role="status">Loading subscription details...</p>;
  if (load.state === 'error') return <ErrorState title={BILLING_TEXTS.listFailed} onRetry={() => void reload()} />;
  return (
    <div className="ad-subscriptions">
      {error ? <Alert variant="error">{error}</Alert> : null}
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
            onCancel={() => void cancel(subscription.id)}
            onResume={() => void resume(subscription.id)}
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
