import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BILLING_TEXTS } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, Skeleton } from '@agentdock/ui';
import { billingApi, type CreditPack } from '../api/billing-api';
import { useAccountQueries } from '../query/account-queries';
import { redirectTo } from './browser';
import { formatCount, formatMoney } from './format';

export const PACKS_FAILED = 'Failed to load credit packs';

/**
 * One-off credit packs, paid at the provider's hosted checkout. Purchased credits are kept apart
 * from the plan's allowance and survive renewals; the wallet shows them once billing's event lands.
 */
export function CreditTopUp() {
  const client = useSessionClient();
  const packs = useQuery(useAccountQueries().creditPacks);
  const [buying, setBuying] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

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
    <Card as="section" aria-labelledby="acc-topup-title" aria-busy={packs.isPending}>
      <h2 id="acc-topup-title" className="acc-card__title">
        Buy Credits
      </h2>
      <p className="ad-muted acc-card__lead">Need more this month? Purchased credits are added to your wallet and, unlike plan credits, are kept until used.</p>
      {failed && <Alert variant="error">{BILLING_TEXTS.checkoutFailed}</Alert>}
      {packs.isPending && (
        <div className="acc-packs">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="4.5rem" />
          ))}
        </div>
      )}
      {packs.isError && (
        <div className="acc-source-error" role="alert">
          <p className="acc-source-error__title">{PACKS_FAILED}</p>
          <div>
            <Button size="sm" variant="secondary" onClick={() => void packs.refetch()}>
              Try Again
            </Button>
          </div>
        </div>
      )}
      {packs.isSuccess && (
        <ul className="ad-plain-list acc-packs">
          {packs.data.map((pack) => (
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
