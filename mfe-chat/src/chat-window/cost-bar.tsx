import { formatCreditCount, sendEstimate, type Wallet } from '@agentdock/contracts';
import { Link } from 'react-router-dom';

/** Under the composer: what the typed message would cost against what is left. */
export function CostBar({ typed, wallet, available }: { typed: string; wallet: Wallet | null; available: number }) {
  return (
    <p className="chat-costs chat-muted">
      <span data-testid="estimated-cost">Estimated cost: {typed ? `${formatCreditCount(sendEstimate(typed).credits)} credits` : '—'}</span>
      <span>
        Balance: <strong data-testid="credits-remaining">{wallet ? `${formatCreditCount(available)} credits` : '…'}</strong>
      </span>
      <Link to="/pricing">Upgrade</Link>
    </p>
  );
}
