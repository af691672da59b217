import { type UserProfile, type Wallet, walletBalance } from '@agentdock/contracts';
import { Badge, Menu, TierBadge, TruncatedText } from '@agentdock/ui';
import { formatNumber } from '../console/format';
import { customerName } from './user-confirmations';

export interface UserRowProps {
  user: UserProfile;
  /** undefined while wallets load; null when the user has none yet or they could not be loaded. */
  wallet: Wallet | null | undefined;
  walletsFailed: boolean;
  /** The signed-in admin's own row: the server refuses to let them suspend themselves. */
  isSelf: boolean;
  onChangePlan: () => void;
  onToggleSuspended: () => void;
  onOpenCredits: () => void;
  onOpenCustomer: () => void;
}

function Credits({ wallet, walletsFailed }: Pick<UserRowProps, 'wallet' | 'walletsFailed'>) {
  if (wallet) {
    // The one balance the customer sees everywhere (plan plus purchased credits); its parts on hover.
    const balance = walletBalance(wallet);
    return (
      <span
        className="adm-number"
        data-testid="credits"
        title={`Plan ${formatNumber(balance.plan.credits)} of ${formatNumber(wallet.creditsLimit)}, purchased ${formatNumber(balance.purchased)}`}
      >
        {formatNumber(balance.total)}
      </span>
    );
  }
  if (wallet === undefined && !walletsFailed) return <span className="ad-muted">Loading…</span>;
  return <span className="ad-muted">{walletsFailed ? 'Unavailable' : 'No wallet yet'}</span>;
}

/**
 * One user: who, plan, credits, status, and the admin's actions on them, behind one menu so no
 * single misclick changes a plan or locks anyone out (each of those asks first).
 */
export function UserRow({ user, wallet, walletsFailed, isSelf, onChangePlan, onToggleSuspended, onOpenCredits, onOpenCustomer }: UserRowProps) {
  const who = customerName(user);
  return (
    <tr>
      <td data-label="User">
        <span className="adm-user">
          <span className="adm-user__name ad-truncate" title={user.fullName ?? undefined}>
            {user.fullName ?? 'No name'}
          </span>
          {/* Focusable so keyboard users reach the full address the ellipsis hides (shown as its title). */}
          <TruncatedText className="adm-user__email" text={user.email} />
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
        <Menu
          label="Actions"
          ariaLabel={`Actions for ${who}`}
          items={[
            { label: 'Details', onSelect: onOpenCustomer },
            { label: 'Credits…', onSelect: onOpenCredits },
            { label: 'Change plan…', onSelect: onChangePlan },
            user.isSuspended
              ? { label: 'Reactivate…', onSelect: onToggleSuspended }
              : { label: 'Suspend…', onSelect: onToggleSuspended, danger: true, disabled: isSelf, disabledReason: 'You cannot suspend your own account' },
          ]}
        />
      </td>
    </tr>
  );
}
