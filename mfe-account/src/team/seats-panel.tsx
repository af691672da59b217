import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import {
  BILLING_TEAM_ENDPOINTS as BILLING,
  type BillingPeriod,
  type CheckoutPlanId,
  SUBSCRIPTION_TIER_LABELS,
  type SeatChangePreview,
  type TeamBilling,
  TEAM_SEATS_MAX,
} from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, describeFailure, Spinner } from '@agentdock/ui';
import { formatMoney } from '../dashboard/format';

const SEAT_CONFIRM_ATTEMPTS = 30;
const SEAT_CONFIRM_INTERVAL_MS = 500;

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; billing: TeamBilling };

/**
 * The team's seats, from svc-billing: buy a plan per seat through Checkout, or change the seat
 * count with the provider's proration shown before it is confirmed. Owners and admins only.
 */
export function SeatsPanel({ orgId, onChanged }: { orgId: string; onChanged: () => void }) {
  const client = useSessionClient();
  const call = useMemo(() => client.api.call.bind(client.api), [client]);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [seats, setSeats] = useState('');
  const [plan, setPlan] = useState<CheckoutPlanId>('professional');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [preview, setPreview] = useState<SeatChangePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const billing = await call(BILLING.teamBilling, { params: { orgId }, signal });
        setLoaded({ state: 'loaded', billing });
        setSeats(String(billing.subscription?.seats ?? Math.max(billing.members, 1)));
      } catch (failure) {
        if (!isAbortError(failure) && !signal?.aborted) setLoaded({ state: 'failed', message: describeFailure(failure).message });
      }
    },
    [call, orgId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // The count changes when the provider's webhook reaches billing, a moment after the change is
  // accepted: the panel waits for it rather than showing the old count as if nothing happened.
  const confirmedSeats = async (billing: TeamBilling, wanted: number): Promise<TeamBilling> => {
    let latest = billing;
    for (let attempt = 0; attempt < SEAT_CONFIRM_ATTEMPTS && latest.subscription?.seats !== wanted; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, SEAT_CONFIRM_INTERVAL_MS));
      latest = await call(BILLING.teamBilling, { params: { orgId } });
    }
    if (latest.subscription?.seats !== wanted) throw new Error(`The change to ${wanted} seats was accepted; the new count shows here once the payment provider confirms it.`);
    return latest;
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(describeFailure(failure).message);
    } finally {
      setBusy(false);
    }
  };

  if (loaded.state === 'loading') return <Spinner label="Loading the seats…" />;
  if (loaded.state === 'failed')
    return (
      <div role="alert" className="acc-team__confirm">
        <p>The seats could not be loaded: {loaded.message}</p>
        <div>
          <Button size="sm" variant="secondary" onClick={() => void load()}>
            Try Again
          </Button>
        </div>
      </div>
    );
  const { subscription, members } = loaded.billing;
  const count = Number(seats);
  const valid = Number.isInteger(count) && count >= 1 && count <= TEAM_SEATS_MAX;

  const seatsField = (
    <div className="ad-field">
      <label htmlFor={`${ids}-seats`} className="ad-field__label">
        Seats
      </label>
      <input
        id={`${ids}-seats`}
        className="ad-input"
        type="number"
        inputMode="numeric"
        min={Math.max(members, 1)}
        max={TEAM_SEATS_MAX}
        value={seats}
        onChange={(event) => {
          setSeats(event.target.value);
          setPreview(null);
        }}
      />
    </div>
  );

  if (!subscription) {
    return (
      <div className="acc-team__confirm">
        <p>Buy a plan per seat: every member of the team uses one.</p>
        {error && <Alert variant="error">{error}</Alert>}
        <div className="ad-field">
          <label htmlFor={`${ids}-plan`} className="ad-field__label">
            Plan
          </label>
          <select id={`${ids}-plan`} className="ad-input" value={plan} onChange={(event) => setPlan(event.target.value as CheckoutPlanId)}>
            <option value="starter">{SUBSCRIPTION_TIER_LABELS.starter}</option>
            <option value="professional">{SUBSCRIPTION_TIER_LABELS.professional}</option>
          </select>
        </div>
        <div className="ad-field">
          <label htmlFor={`${ids}-period`} className="ad-field__label">
            Billing
          </label>
          <select id={`${ids}-period`} className="ad-input" value={period} onChange={(event) => setPeriod(event.target.value as BillingPeriod)}>
            <option value="monthly">Monthly</option>
            <option value="annual">Annually</option>
          </select>
        </div>
        {seatsField}
        <div>
          <Button
            disabled={busy || !valid}
            onClick={() =>
              void run(async () => {
                const { url } = await call(BILLING.teamCheckout, { params: { orgId }, body: { kind: 'plan', planId: plan, billingPeriod: period, seats: count } });
                window.location.assign(url);
              })
            }
          >
            {busy ? 'Opening checkout…' : 'Buy Seats'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="acc-team__confirm">
      <p>
        {subscription.seats} paid {subscription.seats === 1 ? 'seat' : 'seats'}, {members} in use.
      </p>
      {error && <Alert variant="error">{error}</Alert>}
      {seatsField}
      {preview && (
        <p data-testid="seat-preview">
          {preview.amountDue >= 0
            ? `Changing to ${preview.seats} seats charges ${formatMoney(preview.amountDue, preview.currency)} now for the rest of this period.`
            : `Changing to ${preview.seats} seats credits ${formatMoney(-preview.amountDue, preview.currency)} to your next invoice.`}
        </p>
      )}
      <div className="ad-row acc-team__actions">
        {!preview ? (
          <Button
            variant="secondary"
            disabled={busy || !valid || count === subscription.seats}
            onClick={() => void run(async () => setPreview(await call(BILLING.previewSeats, { params: { orgId }, body: { seats: count } })))}
          >
            {busy ? 'Checking…' : 'Preview Change'}
          </Button>
        ) : (
          <Button
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const billing = await confirmedSeats(await call(BILLING.changeSeats, { params: { orgId }, body: { seats: count } }), count);
                setLoaded({ state: 'loaded', billing });
                setPreview(null);
                onChanged();
              })
            }
          >
            {busy ? 'Changing…' : `Change to ${count} Seats`}
          </Button>
        )}
      </div>
    </div>
  );
}
