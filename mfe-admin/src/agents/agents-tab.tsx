import { useState } from 'react';
import type { AdminAgent } from '@agentdock/contracts';
import { Badge, Button, Card, TierBadge } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { ConfirmDialog } from '../console/confirm-dialog';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';
import { AgentForm, agentBody } from './agent-form';

export const DELETE_AGENT_CONFIRMATION = 'Are you sure you want to delete this agent?';

type Editing = { mode: 'create' } | { mode: 'edit'; agent: AdminAgent } | null;

export function AgentsTab() {
  const api = useAdminApi();
  const report = useReportError();
  const agents = useLoad((signal) => api.catalog.listAgents({ signal }), 'agents');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminAgent | null>(null);
  const [pending, setPending] = useState(false);

  async function confirmDelete(agent: AdminAgent) {
    setPending(true);
    try {
      await api.catalog.deleteAgent(agent.id);
      agents.setData((current) => current?.filter((row) => row.id !== agent.id));
    } catch (error) {
      report(ADMIN_ERRORS.deleteAgent, error);
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  if (editing) {
    const agent = editing.mode === 'edit' ? editing.agent : undefined;
    return (
      <AgentForm
        agent={agent}
        onCancel={() => setEditing(null)}
        save={async (values) => {
          const saved = agent ? await api.catalog.updateAgent(agent.id, agentBody(values, false)) : await api.catalog.createAgent(agentBody(values, true));
          agents.setData((current) => (agent ? current?.map((row) => (row.id === saved.id ? saved : row)) : [saved, ...(current ?? [])]));
          setEditing(null);
        }}
      />
    );
  }

  return (
    <section className="adm-tab" aria-labelledby="adm-agents-title">
      <div className="adm-tab__head">
        <h2 id="adm-agents-title">AI Agents</h2>
        <Button onClick={() => setEditing({ mode: 'create' })}>Add Agent</Button>
      </div>
      <LoadStates loaded={agents} label="Agents">
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">No agents yet. Add the first one.</p>
          ) : (
            <ul className="adm-grid">
              {rows.map((agent) => (
                <Card as="li" key={agent.id} className="adm-item" aria-labelledby={`agent-${agent.id}`}>
                  <div className="adm-item__head">
                    <h3 id={`agent-${agent.id}`}>{agent.name}</h3>
                    <TierBadge tier={agent.tier} />
                  </div>
                  {!agent.isActive && <Badge>Inactive</Badge>}
                  <p className="adm-wrap">{agent.description}</p>
                  <div className="adm-actions">
                    <Button size="sm" variant="secondary" onClick={() => setEditing({ mode: 'edit', agent })} aria-label={`Edit ${agent.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setDeleting(agent)} aria-label={`Delete ${agent.name}`}>
                      Delete
                    </Button>
                  </div>
                </Card>
              ))}
            </ul>
          )
        }
      </LoadStates>
      {deleting && (
        <ConfirmDialog
          message={DELETE_AGENT_CONFIRMATION}
          confirmLabel="Delete"
          pending={pending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
