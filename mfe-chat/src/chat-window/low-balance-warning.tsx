import { formatCreditCount } from '@agentdock/contracts';
import { LinkButton } from '@agentdock/ui';

/** Said before a send fails for want of credits, with the two ways to get more. */
export function LowBalanceWarning({ available }: { available: number }) {
  return (
    <div className="chat-low-balance" role="alert">
      <span>Your balance of {formatCreditCount(available)} credits may not cover a typical reply.</span>
      <LinkButton to="/dashboard" size="sm">
        Top up
      </LinkButton>
      <LinkButton to="/pricing" size="sm" variant="secondary">
        Upgrade
      </LinkButton>
    </div>
  );
}
