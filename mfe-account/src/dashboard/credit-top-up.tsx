import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { BILLING_TEXTS } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, Skeleton } from '@agentdock/ui';
import { billingApi, type CreditPack } from '../api/billing-api';
import { redirectTo } from './browser';
import { formatCount, formatMoney } from './format';

export const PACKS_FAILED = 'Failed to load credit packs';

type PacksState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; packs: CreditPack[] };

/**
 * One-off credit packs, paid at the provider's hosted checkout. Purchased credits are kept apart
 * from the plan's allowance and survive renewals; the wallet shows them once billing's event lands.
 */
export function CreditTopUp() {
  const client = useSessionClient();
  const [packs, setPacks] = useState<PacksState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [buying, setBuying] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setPacks({ status: 'loading' });
    billingApi(client.api)
      .getCreditPacks({ signal: controller.signal })
      .then(
        (loaded) => setPacks({ status: 'loaded', packs: loaded }),
        (error: unknown) => {
          if (isAbortError(error)) return;
          console.error('[agentdock] loading credit packs failed', error);
          setPacks({ status: 'failed' });
        },
      );
    return () => controller.abort();
  }, [client, attempt]);

  const buy = useCallback(
    async (pack: CreditPack) => {
      setFailed(false);
      setBuying(pack.id);
      try {
        redirectTo((await billingApi(client.api).startCheckout({ kind: 'credits', packId: pack.id })).url);
      } catch (error) {
        console.error('[agentdock] credit checkout failed', error);
        setBuying(null);
        setFailed(true);
      }
    },
    [client],
  );

  return (
    <Card as="section" aria-labelledby="acc-topup-title" aria-busy={packs.status === 'loading'}>
      <h2 id="acc-topup-title" className="acc-card__title">
        Buy Credits
      </h2>
      <p className="ad-muted acc-card__lead">Need more this month? Purchased credits are added to your wallet and, unlike plan credits, are kept until used.</p>
      {failed && <Alert variant="error">{BILLING_TEXTS.checkoutFailed}</Alert>}
      {packs.status === 'loading' && (
        <div className="acc-packs">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="4.5rem" />
          ))}
        </div>
      )}
      {packs.status === 'failed' && (
        <div className="acc-source-error" role="alert">
          <p className="acc-source-error__title">{PACKS_FAILED}</p>
          <div>
            <Button size="sm" variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
              Try Again
            </Button>
          </div>
        </div>
      )}
      {packs.status === 'loaded' && (
        <ul className="ad-plain-list acc-packs">
          {packs.packs.map((pack) => (
            <li key={pack.id} className="acc-pack">
              <p className="acc-pack__credits">
                <strong>{formatCount(pack.credits)}</strong> credits
              </p>
              <p className="acc-pack__price">{formatMoney(pack.amount, pack.currency)}</p>
              <Button
                size="sm"
                onClick={() => void buy(pack)}
                disabled={buying !== null}
                aria-busy={buying === pack.id}
                aria-label={`Buy ${formatCount(pack.credits)} credits for ${formatMoney(pack.amount, pack.currency)}`}
              >
                {buying === pack.id ? 'Redirecting…' : 'Buy'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
