import './api-keys.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, Container, describeFailure, LinkButton, PageHeader, Spinner } from '@agentdock/ui';
import { RequireSession } from '../sign-in-prompt';
import { type ApiKeyCreated, type ApiKeyRow, apiKeysApi, type ApiKeySummary, type ApiKeyUsage, mergeUsage } from './api-keys-api';
import { CodeDocs, DEFAULT_MODEL } from './code-docs';
import { type AgentChoices, CreateKeyForm } from './create-key-form';
import { KeyList } from './key-list';
import { NewKeySecret } from './new-key-secret';
import { API_KEYS_PATH } from '@agentdock/contracts';

export const KEYS_FAILED = 'Failed to load your API keys';

type Keys = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; keys: ApiKeySummary[] };
type Usage = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; usage: ApiKeyUsage[] };

function ApiKeys() {
  const client = useSessionClient();
  const api = useMemo(() => apiKeysApi(client), [client]);
  const [keys, setKeys] = useState<Keys>({ state: 'loading' });
  const [usage, setUsage] = useState<Usage>({ state: 'loading' });
  const [agents, setAgents] = useState<AgentChoices>({ state: 'loading' });
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  /** Identity's keys and chat's metering of them, side by side: a failure of the second leaves the list usable. */
  const loadKeys = useCallback(
    async (signal?: AbortSignal) => {
      setKeys({ state: 'loading' });
      setUsage({ state: 'loading' });
      const [listed, used] = await Promise.allSettled([api.list({ signal }), api.usage({ signal })]);
      if (signal?.aborted) return;
      if (listed.status === 'fulfilled') setKeys({ state: 'loaded', keys: listed.value });
      else if (!isAbortError(listed.reason)) setKeys({ state: 'failed', message: describeFailure(listed.reason).message });
      if (used.status === 'fulfilled') setUsage({ state: 'loaded', usage: used.value });
      else if (!isAbortError(used.reason)) setUsage({ state: 'failed' });
    },
    [api],
  );

  const loadAgents = useCallback(
    async (signal?: AbortSignal) => {
      setAgents({ state: 'loading' });
      try {
        const found = await api.agents({ signal });
        setAgents({ state: 'loaded', agents: found });
      } catch (error) {
        if (!isAbortError(error) && !signal?.aborted) setAgents({ state: 'failed' });
      }
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void loadKeys(controller.signal);
    void loadAgents(controller.signal);
    return () => controller.abort();
  }, [loadKeys, loadAgents]);

  const onCreated = (fresh: ApiKeyCreated) => {
    setNotice(null);
    setCreated(fresh);
    setKeys((current) => (current.state === 'loaded' ? { state: 'loaded', keys: [fresh.key, ...current.keys.filter((key) => key.id !== fresh.key.id)] } : current));
  };

  const onDone = () => {
    setCreated(null);
    listHeading.current?.focus();
  };

  const onRevoke = async (row: ApiKeyRow) => {
    await api.revoke(row.id);
    setKeys((current) => (current.state === 'loaded' ? { state: 'loaded', keys: current.keys.filter((key) => key.id !== row.id) } : current));
    setNotice(`The key “${row.name}” was revoked.`);
    listHeading.current?.focus();
  };

  const rows = keys.state === 'loaded' ? mergeUsage(keys.keys, usage.state === 'loaded' ? usage.usage : []) : [];
  const agentList = agents.state === 'loaded' ? agents.agents : [];
  const model = agentList.find((agent) => !agent.producesImages)?.key ?? DEFAULT_MODEL;

  return (
    <div className="acc-keys">
      <Card as="section" aria-labelledby="acc-keys-create-title" className="acc-keys__card">
        <h2 id="acc-keys-create-title" className="acc-card__title">
          Create an API key
        </h2>
        {created ? (
          <NewKeySecret created={created} onDone={onDone} />
        ) : (
          <CreateKeyForm api={api} agents={agents} onRetryAgents={() => void loadAgents()} keyCount={keys.state === 'loaded' ? keys.keys.length : null} onCreated={onCreated} />
        )}
      </Card>

      <Card as="section" aria-labelledby="acc-keys-list-title" className="acc-keys__card">
        <h2 id="acc-keys-list-title" ref={listHeading} tabIndex={-1} className="acc-card__title">
          Your API keys
        </h2>
        {notice && <Alert variant="success">{notice}</Alert>}
        {keys.state === 'loading' && <Spinner label="Loading your API keys…" />}
        {keys.state === 'failed' && (
          <div className="acc-source-error" role="alert">
            <p className="acc-source-error__title">{KEYS_FAILED}</p>
            <p className="ad-muted">{keys.message}</p>
            <div>
              <Button size="sm" variant="secondary" onClick={() => void loadKeys()}>
                Try Again
              </Button>
            </div>
          </div>
        )}
        {keys.state === 'loaded' && <KeyList rows={rows} usageFailed={usage.state === 'failed'} agents={agentList} onRevoke={onRevoke} />}
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
    <>
      <PageHeader title="API Keys" lead="Call your agents from your own code, scripts and tools with any OpenAI-compatible client.">
        <div className="ad-row acc-keys__actions">
          <LinkButton to="/dashboard" variant="secondary">
            Back to Dashboard
          </LinkButton>
        </div>
      </PageHeader>
      <Container className="ad-section ad-section--flush-top">
        <RequireSession message="Please sign in to manage your API keys." returnUrl={API_KEYS_PATH}>
          {() => <ApiKeys />}
        </RequireSession>
      </Container>
    </>
  );
}
