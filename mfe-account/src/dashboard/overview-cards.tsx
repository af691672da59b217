import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { balanceParts, type SubscriptionTier, walletBalance } from '@agentdock/contracts';
import { Card, ProgressBar, TierBadge } from '@agentdock/ui';
import type { BillingSubscription } from '../api/billing-api';
import type { Wallet } from '../api/chat-api';
import { API_KEYS_PATH } from '@agentdock/contracts';
import { daysUntil, formatCount, formatDate, percentOf } from './format';
import { SourceContent } from './source-error';
import type { SourceState } from './source-state';

export const WALLET_FAILED = 'Failed to load credits and API calls';

interface OverviewCardsProps {
  tier: SubscriptionTier;
  wallet: SourceState<Wallet>;
  onRetryWallet: () => void;
  /** The plan subscription, when billing answered: one set to end says so instead of "Renews on". */
  subscription?: BillingSubscription | null;
}

/** Credits, API calls and renewal: the three figures a customer checks first. */
export function OverviewCards({ tier, wallet, onRetryWallet, subscription }: OverviewCardsProps) {
  const endsAt = subscription?.cancelAtPeriodEnd ? new Date(subscription.currentPeriodEnd * 1000).toISOString() : null;
  const fromWallet = (render: (data: Wallet) => ReactNode) => (
    <SourceContent source={wallet} failedTitle={WALLET_FAILED} onRetry={onRetryWallet}>
      {render}
    </SourceContent>
  );
  return (
    <div className="acc-cards">
      <Card as="section" aria-labelledby="acc-credits-title">
        <div className="acc-card__head">
          <h2 id="acc-credits-title" className="acc-card__title">
            Platform Credits
          </h2>
          <TierBadge tier={tier} />
        </div>
        {fromWallet((data) => (
          <CreditsFigures wallet={data} endsAt={endsAt} />
        ))}
      </Card>
      <Card as="section" aria-labelledby="acc-calls-title">
        <h2 id="acc-calls-title" className="acc-card__title">
          API Calls
        </h2>
        {fromWallet((data) => (
          <ApiCallFigures wallet={data} />
        ))}
      </Card>
      <Card as="section" aria-labelledby="acc-renewal-title">
        <h2 id="acc-renewal-title" className="acc-card__title">
          Renewal
        </h2>
        {fromWallet((data) => (
          <RenewalFigures wallet={data} endsAt={endsAt} />
        ))}
      </Card>
    </div>
  );
}

/** The one balance (plan plus purchased credits) every screen shows, with its two parts in words. */
function CreditsFigures({ wallet, endsAt }: { wallet: Wallet; endsAt: string | null }) {
  const { creditsRemaining, creditsLimit } = wallet;
  const balance = walletBalance(wallet, { endsAt });
  const [planPart, purchasedPart] = balanceParts(balance);
  const percent = percentOf(creditsRemaining, creditsLimit);
  return (
    <>
      <p className="acc-figure">
        <span className="acc-figure__value" data-testid="credits-remaining">
          {formatCount(balance.total)}
        </span>
        <span className="acc-figure__label">platform credits available</span>
      </p>
      <ProgressBar
        label="Platform credits remaining"
        value={creditsRemaining}
        max={creditsLimit}
        valueText={`${formatCount(creditsRemaining)} of ${formatCount(creditsLimit)}`}
        tone={percent <= 10 ? 'danger' : percent <= 25 ? 'warning' : 'primary'}
      />
      <ul className="ad-plain-list acc-figure__note" data-testid="balance-parts">
        <li>{planPart}</li>
        {balance.purchased > 0 && <li data-testid="purchased-credits">{purchasedPart}</li>}
      </ul>
      <p className="ad-muted acc-figure__note">
        {formatCount(creditsRemaining)} of {formatCount(creditsLimit)} plan credits this period. Unused plan credits do not roll over.
      </p>
    </>
  );
}

function ApiCallFigures({ wallet }: { wallet: Wallet }) {
  const { apiCallsUsed, apiCallsLimit } = wallet;
  const percent = percentOf(apiCallsUsed, apiCallsLimit);
  return (
    <>
      <p className="acc-figure">
        <span className="acc-figure__value" data-testid="api-calls">
          {formatCount(apiCallsUsed)} / {formatCount(apiCallsLimit)}
        </span>
        <span className="acc-figure__label">API calls used</span>
      </p>
      <ProgressBar
        label="API calls used"
        value={apiCallsUsed}
        max={apiCallsLimit}
        valueText={`${formatCount(apiCallsUsed)} of ${formatCount(apiCallsLimit)}`}
        tone={percent >= 90 ? 'danger' : percent >= 75 ? 'warning' : 'primary'}
      />
      <p className="ad-muted acc-figure__note">Monthly limit: {formatCount(apiCallsLimit)}</p>
      <p className="acc-figure__extra">{formatCount(Math.max(0, apiCallsLimit - apiCallsUsed))} calls remaining</p>
      <p className="ad-muted acc-figure__note">Requests to the API with your keys. Chatting on this site does not count.</p>
      <p className="acc-figure__note">
        <Link to={API_KEYS_PATH}>Manage API keys</Link>
      </p>
    </>
  );
}

/** Plan credits refill monthly, even on an annual plan: the countdown is to the refill, beside the billing renewal; a plan set to end promises no refill past its end. */
function RenewalFigures({ wallet, endsAt }: { wallet: Wallet; endsAt: string | null }) {
  const { plan } = walletBalance(wallet, { endsAt });
  const days = daysUntil(plan.refillsAt ?? plan.endsAt ?? wallet.refillsAt);
  const counted = plan.refillsAt ? 'until credits refill' : 'until the plan ends';
  return (
    <>
      <p className="acc-figure">
        <span className="acc-figure__value" data-testid="days-until-renewal">
          {formatCount(days)}
        </span>
        <span className="acc-figure__label">{`${days === 1 ? 'day' : 'days'} ${counted}`}</span>
      </p>
      {plan.refillsAt && <p className="ad-muted acc-figure__note">Credits refill on {formatDate(plan.refillsAt)}</p>}
      <p className="ad-muted acc-figure__note">{endsAt ? `Ends on ${formatDate(endsAt)}` : `Renews on ${formatDate(wallet.renewsAt)}`}</p>
    </>
  );
}
