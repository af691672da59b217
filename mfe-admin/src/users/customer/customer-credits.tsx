import { useCallback } from 'react';
import { balanceParts, balanceText, type StatementCsvQuery, walletBalance } from '@agentdock/contracts';
import { type StatementRequest, StatementView } from '@agentdock/ui';
import { useAdminApi } from '../../api/use-admin-api';
import { formatDateTime, formatNumber } from '../../console/format';
import { LoadStates } from '../../console/load-states';
import { useCustomerCredits } from './use-customer';

/** The customer's balance as they see it, and their statement, the same lines as on their dashboard. */
export function CustomerCredits({ userId }: { userId: string }) {
  const usage = useCustomerCredits(userId);
  const api = useAdminApi();
  const load = useCallback((request: StatementRequest, signal?: AbortSignal) => api.chat.customerStatement(userId, request, signal), [api, userId]);
  const downloadCsv = useCallback((range: StatementCsvQuery) => api.chat.customerStatementCsv(userId, range), [api, userId]);
  return (
    <div className="adm-breakdown">
      <h3>Credits</h3>
      <LoadStates loaded={usage} label="Credits">
        {({ wallet, replies, summary }) => (
          <>
            <p data-testid="customer-credits">
              {wallet ? `${balanceText(walletBalance(wallet))}: ${balanceParts(walletBalance(wallet)).join(' + ')}; renews ${formatDateTime(wallet.renewsAt)}.` : 'No wallet yet.'}
            </p>
            <p>{`Recent replies: ${formatNumber(replies.length)}, ${formatNumber(replies.reduce((sum, reply) => sum + (reply.refunded ? 0 : reply.creditsUsed), 0))} credits.`}</p>
            <p data-testid="customer-conversations">{`Conversations: ${formatNumber(summary.conversations)}`}</p>
          </>
        )}
      </LoadStates>
      <h4 id={`statement-${userId}`}>Statement</h4>
      <StatementView load={load} downloadCsv={downloadCsv} labelledBy={`statement-${userId}`} fileName={`statement-${userId}.csv`} />
    </div>
  );
}
