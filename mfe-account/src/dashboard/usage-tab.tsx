import { useCallback } from 'react';
import { MANAGE_SUBSCRIPTION_PATH, type StatementCsvQuery } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Card, type StatementRequest, StatementView } from '@agentdock/ui';
import { chatApi } from '../api/chat-api';

/** Dashboard → Usage: the statement of every credit change, in words, with the balance after each. */
export function UsageTab() {
  const client = useSessionClient();
  const load = useCallback((request: StatementRequest, signal?: AbortSignal) => chatApi(client.api).getStatement(request, signal), [client]);
  const downloadCsv = useCallback((range: StatementCsvQuery) => chatApi(client.api).getStatementCsv(range), [client]);
  return (
    <Card as="section" aria-labelledby="acc-statement-title">
      <h2 id="acc-statement-title" className="acc-card__title">
        Statement
      </h2>
      <p className="ad-muted acc-card__lead">Every change to your credits, newest first, with your balance after it.</p>
      <StatementView load={load} downloadCsv={downloadCsv} labelledBy="acc-statement-title" fileName="agentdock-statement.csv" receiptsHref={MANAGE_SUBSCRIPTION_PATH} />
    </Card>
  );
}
