import { useEffect, useId, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { Button, describeFailure } from '@agentdock/ui';
import { formatCount, formatDate, formatMoney } from '../dashboard/format';
import type { CreditPack, PoolApi, TeamPool } from './pool-api';

interface PoolCardProps {
  api: PoolApi;
  orgId: string;
  pool: TeamPool;
  /** Owners and admins buy credit packs for the team. */
  manages: boolean;
}

/** The team's shared credits: what is left, the month's allowance, packs bought, and when it refills. */
export function PoolCard({ api, orgId, pool, manages }: PoolCardProps) {
  const left = pool.creditsRemaining + pool.purchasedCredits;
  return (
    <div className="acc-team__pool">
      <dl className="acc-team__figures" data-testid="team-pool">
        <div>
          <dt>Credits left</dt>
          <dd>{formatCount(left)}</dd>
        </div>
        <div>
          <dt>Monthly allowance</dt>
          <dd>
            {formatCount(pool.creditsLimit)}
            {pool.seats > 0 && <span className="ad-muted"> for {pool.seats === 1 ? '1 seat' : `${formatCount(pool.seats)} seats`}</span>}
          </dd>
        </div>
        <div>
          <dt>Purchased credits</dt>
          <dd>{formatCount(pool.purchasedCredits)}</dd>
        </div>
        <div>
          <dt>Refills on</dt>
          <dd>{pool.seats > 0 ? formatDate(pool.refillsAt) : 'No team plan yet'}</dd>
        </div>
      </dl>
      <p className="ad-muted">The allowance refills each month and unused allowance does not carry over; purchased credits stay until they are used.</p>
      {manages && <BuyCredits api={api} orgId={orgId} />}
    </div>
  );
}

type Packs = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; packs: CreditPack[] };

/** A credit pack for the whole team, paid through Checkout; it lands in the pool when the payment clears. */
function BuyCredits({ api, orgId }: { api: PoolApi; orgId: string }) {
  const [packs, setPacks] = useState<Packs>({ state: 'loading' });
  const [packId, setPackId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pickId = useId();
  useEffect(() => {
    const controller = new AbortController();
    api
      .packs({ signal: controller.signal })
      .then((list) => {
        setPacks({ state: 'loaded', packs: list });
        setPackId(list[0]?.id ?? '');
      })
      .catch((failure: unknown) => {
        if (!isAbortError(failure) && !controller.signal.aborted) setPacks({ state: 'failed', message: describeFailure(failure).message });
      });
    return () => controller.abort();
  }, [api]);

  if (packs.state === 'loading') return <p className="ad-muted">Loading credit packs…</p>;
  if (packs.state === 'failed') return <p className="ad-muted">Credit packs could not be loaded: {packs.message}</p>;
  if (packs.packs.length === 0) return null;
  const buy = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await api.buyCredits(orgId, packId));
    } catch (failure) {
      setError(describeFailure(failure).message);
      setBusy(false);
    }
  };
  return (
    <div className="ad-row acc-team__buy">
      <label htmlFor={pickId} className="acc-team__pick">
        <span className="ad-field__label">Credit pack for the team</span>
        <select id={pickId} className="ad-input" value={packId} disabled={busy} onChange={(event) => setPackId(event.target.value)}>
          {packs.packs.map((pack) => (
            <option key={pack.id} value={pack.id}>
              {formatCount(pack.credits)} credits for {formatMoney(pack.amount, pack.currency)}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" onClick={() => void buy()} disabled={busy || !packId}>
        {busy ? 'Opening checkout…' : 'Buy Credits'}
      </Button>
      {error && (
        <p className="ad-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
