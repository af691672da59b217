import { useEffect, useRef, useState } from 'react';
import type { AdminAgent, AgentBuilder as AgentBuilderState, ModelConnection } from '@agentdock/contracts';
import { Alert, Badge, Button, TierBadge } from '@agentdock/ui';
import { useAdminApi } from '../../api/use-admin-api';
import { useReportError } from '../../console/admin-banner';
import { ADMIN_ERRORS, type AdminErrorText } from '../../console/admin-errors';
import { LoadStates } from '../../console/load-states';
import { useLoad } from '../../console/use-load';
import { behaviourBody, type BehaviourErrors, behaviourValues, type BehaviourValues } from './behaviour-values';
import { BehaviourForm } from './behaviour-form';
import { KnowledgePanel } from '../knowledge-panel';
import { DraftTestChat } from './draft-test-chat';
import { VersionHistory } from './version-history';

/** One agent's builder: its draft form, the "Draft test" chat beside it, Publish, and the versions. */
export function AgentBuilder({ agent, onBack }: { agent: AdminAgent; onBack: () => void }) {
  const api = useAdminApi();
  const loaded = useLoad(async (signal) => {
    const [builder, connections] = await Promise.all([api.catalog.agentBuilder(agent.id, { signal }), api.chat.listConnections({ signal })]);
    return { builder, connections };
  }, `builder-${agent.id}`);
  return (
    <section className="adm-tab" aria-labelledby="adm-builder-title">
      <div className="adm-tab__head">
        <h2 id="adm-builder-title">{`Build: ${agent.name}`}</h2>
        <TierBadge tier={agent.tier} />
        <Button variant="secondary" onClick={onBack}>
          Back to agents
        </Button>
      </div>
      <LoadStates loaded={loaded} label="Agent builder">
        {({ builder, connections }) => <BuilderBody agent={agent} initial={builder} connections={connections} />}
      </LoadStates>
    </section>
  );
}

function BuilderBody({ agent, initial, connections }: { agent: AdminAgent; initial: AgentBuilderState; connections: ModelConnection[] }) {
  const api = useAdminApi();
  const report = useReportError();
  const [state, setState] = useState(initial);
  const [values, setValues] = useState<BehaviourValues>(() => behaviourValues(initial.draft));
  const [errors, setErrors] = useState<BehaviourErrors>({});
  const [saved, setSaved] = useState<BehaviourValues>(values);
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [models, setModels] = useState<string[]>([]);
  const latest = useRef(values);
  latest.current = values;

  const connectionId = values.connectionId || connections.find((connection) => connection.isDefault)?.id;
  useEffect(() => {
    if (!connectionId) return;
    const controller = new AbortController();
    api.chat
      .connectionModels(connectionId, { signal: controller.signal })
      .then((list) => setModels(list.map((model) => model.id)))
      .catch(() => setModels([]));
    return () => controller.abort();
  }, [api, connectionId]);

  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const live = state.versions.find((version) => version.version === state.publishedVersion);
  const draftDiffers = live ? JSON.stringify(behaviourValues(live.behaviour)) !== JSON.stringify(values) : true;

  async function run(label: string, failure: AdminErrorText, action: () => Promise<AgentBuilderState>, done: string) {
    setPending(label);
    setNotice(null);
    try {
      const next = await action();
      setState(next);
      const nextValues = behaviourValues(next.draft);
      setValues(nextValues);
      setSaved(nextValues);
      setNotice(done);
    } catch (error) {
      report(failure, error);
    } finally {
      setPending(null);
    }
  }

  function checked() {
    const result = behaviourBody(latest.current);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.body : null;
  }

  const saveDraft = () => {
    const body = checked();
    if (body) void run('save', ADMIN_ERRORS.saveDraft, () => api.catalog.saveAgentDraft(agent.id, body), 'Draft saved. Customers still get the live version.');
  };
  const publish = () => {
    const body = checked();
    if (!body) return;
    void run(
      'publish',
      ADMIN_ERRORS.publishAgent,
      async () => {
        if (dirty) await api.catalog.saveAgentDraft(agent.id, body);
        return api.catalog.publishAgent(agent.id);
      },
      'Published: new replies use this version from now on.',
    );
  };

  return (
    <div className="adm-builder">
      <div className="adm-builder__main">
        <p className="adm-hint" aria-live="polite">
          {state.publishedVersion === null ? <Badge variant="warning">Not published</Badge> : <Badge variant="success">{`Live: version ${state.publishedVersion}`}</Badge>}{' '}
          {dirty ? 'Unsaved changes.' : draftDiffers && state.publishedVersion !== null ? 'The draft differs from the live version.' : ''}
        </p>
        {notice && <Alert variant="success">{notice}</Alert>}
        <BehaviourForm values={values} errors={errors} onChange={setValues} connections={connections} models={models} />
        <div className="adm-actions">
          <Button variant="secondary" onClick={saveDraft} disabled={pending !== null || !dirty}>
            {pending === 'save' ? 'Saving…' : 'Save Draft'}
          </Button>
          <Button onClick={publish} disabled={pending !== null || (!dirty && !draftDiffers)}>
            {pending === 'publish' ? 'Publishing…' : 'Publish'}
          </Button>
        </div>
        <VersionHistory
          versions={state.versions}
          live={state.publishedVersion}
          onRestore={(version) =>
            run('restore', ADMIN_ERRORS.restoreVersion, () => api.catalog.restoreAgentVersion(agent.id, version), `Version ${version} restored as the live version.`)
          }
        />
        <KnowledgePanel agentId={agent.id} />
      </div>
      <DraftTestChat agentId={agent.id} behaviour={checked} />
    </div>
  );
}
