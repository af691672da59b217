import { useCallback } from 'react';
import { MANAGE_SUBSCRIPTION_PATH, type StatementCsvQuery } from '@agentdock/contracts';
import { useSessionClient, useWorkspace } from '@agentdock/session';
import { Card, type StatementRequest, StatementView } from '@agentdock/ui';
import { chatApi } from '../api/chat-api';

/**
 * Dashboard → Usage: the statement of every credit change, in words, with the balance after each;
 * in a team's workspace, of the team's pool (a member sees their own spending of it).
 */
export function UsageTab() {
  const client = useSessionClient();
  const { workspace } = useWorkspace();
  const teamId = workspace?.id ?? null;
  const load = useCallback((request: StatementRequest, signal?: AbortSignal) => chatApi(client.api, teamId).getStatement(request, signal), [client, teamId]);
  const downloadCsv = useCallback((range: StatementCsvQuery) => chatApi(client.api, teamId).getStatementCsv(range), [client, teamId]);
  return (
    <Card as="section" aria-labelledby="acc-statement-title">
      <h2 id="acc-statement-title" className="acc-card__title">
        Statement
      </h2>
      <p className="ad-muted acc-card__lead">
        {workspace
          ? `${workspace.name}’s credit pool: every change you may see, newest first, with the pool’s balance after it.`
          : 'Every change to your credits, newest first, with your balance after it.'}
      </p>
      <StatementView
        key={teamId ?? 'personal'}
        load={load}
        downloadCsv={downloadCsv}
        labelledBy="acc-statement-title"
        fileName={workspace ? 'agentdock-team-statement.csv' : 'agentdock-statement.csv'}
        receiptsHref={MANAGE_SUBSCRIPTION_PATH}
      />
    </Card>
  );
}
