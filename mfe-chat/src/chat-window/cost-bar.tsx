import { type ChatAgent, estimateTokens, formatCreditCount, upToCredits, type Wallet } from '@agentdock/contracts';
import { Link } from 'react-router-dom';
import type { Charge } from './stream-reducer';

/**
 * Under the composer: the most the typed message can cost (the reservation's own rule, so the
 * charge is never above it), the last reply's exact charge, and what is left.
 */
export function CostBar({
  typed,
  agent,
  wallet,
  available,
  lastCharge,
}: {
  typed: string;
  agent: ChatAgent | undefined;
  wallet: Wallet | null;
  available: number;
  lastCharge: Charge | null;
}) {
  const upTo = typed && agent && wallet ? upToCredits({ messageTokens: estimateTokens(typed), maxReplyTokens: agent.maxReplyTokens, balance: available }) : null;
  return (
    <p className="chat-costs chat-muted">
      <span data-testid="estimated-cost">This message: {upTo !== null ? `up to ${formatCreditCount(upTo)} credits` : '—'}</span>
      {lastCharge ? (
        <span data-testid="last-charge">
          Last reply: {formatCreditCount(lastCharge.credits)} credits (up to {formatCreditCount(lastCharge.upToCredits)})
        </span>
      ) : null}
      <span>
        Balance: <strong data-testid="credits-remaining">{wallet ? `${formatCreditCount(available)} credits` : '…'}</strong>
      </span>
      <Link to="/pricing">Upgrade</Link>
    </p>
  );
}
