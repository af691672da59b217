import type { LedgerKind } from '@agentdock/contracts';
import { formatDateTime, formatNumber } from '../../console/format';
import { LoadStates } from '../../console/load-states';
import { useCustomerCredits } from './use-customer';

const LEDGER_LABELS: Record<LedgerKind, string> = {
  grant: 'Allowance',
  reservation: 'Reserved',
  settlement: 'Settled',
  release: 'Released',
  expiry: 'Expired',
  refund: 'Refund',
  'top-up': 'Top-up',
  'admin-adjustment': 'Admin adjustment',
  'plan-change': 'Plan change',
};
const signed = (value: number) => (value > 0 ? `+${formatNumber(value)}` : formatNumber(value));

export function CustomerCredits({ userId }: { userId: string }) {
  const usage = useCustomerCredits(userId);
  return (
    <div className="adm-breakdown">
      <h3>Credits</h3>
      <LoadStates loaded={usage} label="Credits">
        {({ wallet, replies, summary }) => (
          <>
            <p data-testid="customer-credits">
              {wallet
                ? `${formatNumber(wallet.creditsRemaining)} of ${formatNumber(wallet.creditsLimit)} plan credits left, ${formatNumber(wallet.purchasedCredits)} purchased; renews ${formatDateTime(wallet.renewsAt)}.`
                : 'No wallet yet.'}
            </p>
            <p>{`Recent replies: ${formatNumber(replies.length)}, ${formatNumber(replies.reduce((sum, reply) => sum + (reply.refunded ? 0 : reply.creditsUsed), 0))} credits.`}</p>
            <p data-testid="customer-conversations">{`Conversations: ${formatNumber(summary.conversations)}`}</p>
            {summary.ledger.length > 0 && (
              <ul className="adm-list" aria-label="Latest wallet changes">
                {summary.ledger.map((row) => (
                  <li key={row.id} className="adm-list__row">
                    <span>{`${formatDateTime(row.createdAt)}: ${LEDGER_LABELS[row.kind]} ${signed(row.planDelta)} plan, ${signed(row.purchasedDelta)} purchased${row.reason ? ` (${row.reason})` : ''}`}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </LoadStates>
    </div>
  );
}
