import { SUBSCRIPTION_TIER_LABELS, SUBSCRIPTION_TIERS, type SubscriptionTier, type UserProfile, type Wallet, walletBalance } from '@agentdock/contracts';
import { Badge, Button, TierBadge } from '@agentdock/ui';
import { formatNumber } from '../console/format';

export interface UserRowProps {
  user: UserProfile;
  /** undefined while wallets load; null when the user has none yet or they could not be loaded. */
  wallet: Wallet | null | undefined;
  walletsFailed: boolean;
  busy: boolean;
  /** The signed-in admin's own row: the server refuses to let them suspend themselves. */
  isSelf: boolean;
  creditsOpen: boolean;
  onTierChange: (tier: SubscriptionTier) => void;
  onToggleSuspended: () => void;
  onOpenCredits: () => void;
  onOpenCustomer: () => void;
}

function Credits({ wallet, walletsFailed }: Pick<UserRowProps, 'wallet' | 'walletsFailed'>) {
  if (wallet) {
    // The balance the customer sees everywhere; the plan's part beside it, over its monthly allowance.
    const balance = walletBalance(wallet);
    return (
      <span>
        <span data-testid="credits">{formatNumber(balance.total)}</span>
        <span className="ad-muted adm-credits__plan">{` (plan ${formatNumber(balance.plan.credits)} / ${formatNumber(wallet.creditsLimit)})`}</span>
      </span>
    );
  }
  if (wallet === undefined && !walletsFailed) return <span className="ad-muted">Loading…</span>;
  return <span className="ad-muted">{walletsFailed ? 'Unavailable' : 'No wallet yet'}</span>;
}

/** One user: who, plan, credits, status, and the admin's actions on them. */
export function UserRow({ user, wallet, walletsFailed, busy, isSelf, creditsOpen, onTierChange, onToggleSuspended, onOpenCredits, onOpenCustomer }: UserRowProps) {
  const who = user.fullName ?? user.email;
  return (
    <tr>
      <td data-label="User">
        <span className="adm-user">
          <span className="adm-user__name" title={user.fullName ?? undefined}>
            {user.fullName ?? 'No name'}
          </span>
          <span className="adm-user__email" title={user.email}>
            {user.email}
          </span>
        </span>
      </td>
      <td data-label="Plan">
        <TierBadge tier={user.subscriptionTier} />
      </td>
      <td data-label="Credits">
        <Credits wallet={wallet} walletsFailed={walletsFailed} />
      </td>
      <td data-label="Status">
        <Badge variant={user.isSuspended ? 'danger' : 'success'}>{user.isSuspended ? 'Suspended' : 'Active'}</Badge>
      </td>
      <td data-label="Actions">
        <div className="adm-row-actions">
          <select
            className="ad-input adm-tier-select"
            aria-label={`Plan for ${who}`}
            value={user.subscriptionTier}
            disabled={busy}
            onChange={(event) => onTierChange(event.target.value as SubscriptionTier)}
          >
            {SUBSCRIPTION_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {SUBSCRIPTION_TIER_LABELS[tier]}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant={user.isSuspended ? 'secondary' : 'danger'}
            disabled={busy || (isSelf && !user.isSuspended)}
            title={isSelf ? 'You cannot suspend your own account' : undefined}
            onClick={onToggleSuspended}
            aria-label={`${user.isSuspended ? 'Reactivate' : 'Suspend'} ${who}`}
          >
            {user.isSuspended ? 'Reactivate' : 'Suspend'}
          </Button>
          <Button size="sm" variant="ghost" aria-expanded={creditsOpen} onClick={onOpenCredits} aria-label={`Credits of ${who}`}>
            Credits
          </Button>
          <Button size="sm" variant="ghost" onClick={onOpenCustomer} aria-label={`Details of ${who}`}>
            Details
          </Button>
        </div>
      </td>
    </tr>
  );
}
