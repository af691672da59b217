import './api-keys.css';
import { useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useSessionClient, useWorkspace } from '@agentdock/session';
import { Alert, Button, Card, describeFailure, Spinner } from '@agentdock/ui';
import { QueryProvider } from '@agentdock/ui/query';
import { accountKeys } from '../query/account-queries';
import { SignedInSubpage } from '../signed-in-subpage';
import { type ApiKeyCreated, type ApiKeyRow, apiKeysApi, type ApiKeySummary, type ChatAgent, mergeUsage } from './api-keys-api';
import { CodeDocs, DEFAULT_MODEL } from './code-docs';
import { type AgentChoices, CreateKeyForm } from './create-key-form';
import { KeyList } from './key-list';
import { NewKeySecret } from './new-key-secret';
import { API_KEYS_PATH } from '@agentdock/contracts';

export const KEYS_FAILED = 'Failed to load your API keys';

const KEYS_KEY = [...accountKeys.all, 'api-keys'] as const;
const USAGE_KEY = [...accountKeys.all, 'api-key-usage'] as const;
const AGENTS_KEY = [...accountKeys.all, 'agents'] as const;

/** A query's state as the create form reads the agents. */
function agentChoices(agents: UseQueryResult<ChatAgent[]>): AgentChoices {
  if (agents.isSuccess) return { state: 'loaded', agents: agents.data };
  return agents.isError ? { state: 'failed' } : { state: 'loading' };
}

function ApiKeys() {
  const client = useSessionClient();
  const queryClient = useQueryClient();
  // The header's workspace: a team's keys (they spend from its pool) or the personal ones.
  const { workspace } = useWorkspace();
  const teamId = workspace?.id ?? null;
  const api = useMemo(() => apiKeysApi(client, teamId), [client, teamId]);
  const keysKey = [...KEYS_KEY, teamId] as const;
  // Identity's keys and chat's metering of them, side by side: a failure of the second leaves the list usable.
  const keys = useQuery({ queryKey: keysKey, queryFn: ({ signal }) => api.list({ signal }) });
  const usage = useQuery({ queryKey: USAGE_KEY, queryFn: ({ signal }) => api.usage({ signal }) });
  const agentsQuery = useQuery({ queryKey: AGENTS_KEY, queryFn: ({ signal }) => api.agents({ signal }) });
  const agents = agentChoices(agentsQuery);
  const revoke = useMutation({
    mutationFn: (row: ApiKeyRow) => api.revoke(row.id),
    onSuccess: (_, row) => {
      // Gone at once from the list; identity and chat are asked again for the figures around it.
      queryClient.setQueryData<ApiKeySummary[]>(keysKey, (current) => current?.filter((key) => key.id !== row.id));
      void queryClient.invalidateQueries({ queryKey: keysKey });
      void queryClient.invalidateQueries({ queryKey: USAGE_KEY });
    },
  });
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const reloadKeys = () => {
    void keys.refetch();
    void usage.refetch();
  };

  const onCreated = (fresh: ApiKeyCreated) => {
    setNotice(null);
    setCreated(fresh);
    queryClient.setQueryData<ApiKeySummary[]>(keysKey, (current) => current && [fresh.key, ...current.filter((key) => key.id !== fresh.key.id)]);
  };

  const onDone = () => {
    setCreated(null);
    listHeading.current?.focus();
  };

  const onRevoke = async (row: ApiKeyRow) => {
    await revoke.mutateAsync(row);
    setNotice(`The key “${row.name}” was revoked.`);
    listHeading.current?.focus();
  };

  const rows = keys.data ? mergeUsage(keys.data, usage.data ?? []) : [];
  const agentList = agentsQuery.data ?? [];
  const model = agentList.find((agent) => !agent.producesImages)?.key ?? DEFAULT_MODEL;

  return (
    <div className="acc-keys">
      <Card as="section" aria-labelledby="acc-keys-create-title" className="acc-keys__card">
        <h2 id="acc-keys-create-title" className="acc-card__title">
          Create an API key
        </h2>
        {workspace && (
          <p className="ad-muted" data-testid="team-keys-note">
            Keys made here are {workspace.name}’s: they spend from the team’s credit pool within your monthly cap, and stop working if you leave the team.
          </p>
        )}
        {created ? (
          <NewKeySecret created={created} onDone={onDone} />
        ) : (
          <CreateKeyForm api={api} agents={agents} onRetryAgents={() => void agentsQuery.refetch()} keyCount={keys.data?.length ?? null} onCreated={onCreated} />
        )}
      </Card>

      <Card as="section" aria-labelledby="acc-keys-list-title" className="acc-keys__card">
        <h2 id="acc-keys-list-title" ref={listHeading} tabIndex={-1} className="acc-card__title">
          Your API keys
        </h2>
        {notice && <Alert variant="success">{notice}</Alert>}
        {keys.isPending && <Spinner label="Loading your API keys…" />}
        {keys.isError && (
          <div className="acc-source-error" role="alert">
            <p className="acc-source-error__title">{KEYS_FAILED}</p>
            <p className="ad-muted">{describeFailure(keys.error).message}</p>
            <div>
              <Button size="sm" variant="secondary" onClick={reloadKeys}>
                Try Again
              </Button>
            </div>
          </div>
        )}
        {keys.isSuccess && <KeyList rows={rows} usageFailed={usage.isError && usage.data === undefined} agents={agentList} onRevoke={onRevoke} />}
      </Card>

      <Card as="section" aria-labelledby="use-from-code" className="acc-keys__card">
        <h2 id="use-from-code" className="acc-card__title">
          Use your agents from code
        </h2>
        <CodeDocs model={model} />
      </Card>
    </div>
  );
}

/** The account's API keys (create, list with this month's use, revoke) and how to call the agents with one. */
export default function ApiKeysPage() {
  return (
    <SignedInSubpage
      title="API Keys"
      lead="Call your agents from your own code, scripts and tools with any OpenAI-compatible client."
      actionsClassName="acc-keys__actions"
      signInMessage="Please sign in to manage your API keys."
      returnUrl={API_KEYS_PATH}
    >
      {(user) => (
        <QueryProvider key={user.id}>
          <ApiKeys />
        </QueryProvider>
      )}
    </SignedInSubpage>
  );
}
