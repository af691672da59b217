import { useState } from 'react';
import type { AdminAgent } from '@agentdock/contracts';
import { Badge, Button, SegmentedControl, TierBadge } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { RecordTab } from '../console/record-tab';
import { useLoad } from '../console/use-load';
import { AgentForm, agentBody, type AgentValues } from './agent-form';
import { AgentBuilder } from './builder/agent-builder';
import { ConnectionsPanel } from './connections/connections-panel';

export const DELETE_AGENT_CONFIRMATION = 'Are you sure you want to delete this agent?';

type View = 'agents' | 'connections';

/** Admin → AI Agents: the agents (marketing fields, and each one's builder) and the model connections. */
export function AgentsTab() {
  const [view, setView] = useState<View>('agents');
  const [building, setBuilding] = useState<AdminAgent | null>(null);
  if (building) return <AgentBuilder agent={building} onBack={() => setBuilding(null)} />;
  return (
    <div className="adm-agents">
      <SegmentedControl
        label="AI Agents section"
        options={[
          { value: 'agents', label: 'Agents' },
          { value: 'connections', label: 'Connections' },
        ]}
        value={view}
        onChange={setView}
      />
      {view === 'agents' ? <AgentList onBuild={setBuilding} /> : <ConnectionsPanel />}
    </div>
  );
}

function AgentList({ onBuild }: { onBuild: (agent: AdminAgent) => void }) {
  const api = useAdminApi();
  const agents = useLoad((signal) => api.catalog.listAgents({ signal }), 'agents');
  return (
    <RecordTab<AdminAgent, AgentValues>
      name="agents"
      item="agent"
      title="AI Agents"
      addLabel="Add Agent"
      loadLabel="Agents"
      emptyText="No agents yet. Add the first one."
      loaded={agents}
      heading={(agent) => agent.name}
      badge={(agent) => <TierBadge tier={agent.tier} />}
      details={(agent) => (
        <>
          {!agent.isActive && <Badge>Inactive</Badge>}
          <p className="adm-wrap">{agent.description}</p>
          <Button size="sm" onClick={() => onBuild(agent)} aria-label={`Build ${agent.name}: instructions, model, starters, versions`}>
            Instructions &amp; Versions
          </Button>
        </>
      )}
      save={(agent, values) => (agent ? api.catalog.updateAgent(agent.id, agentBody(values, false)) : api.catalog.createAgent(agentBody(values, true)))}
      form={(agent, handlers) => <AgentForm agent={agent} {...handlers} />}
      remove={{ confirmation: DELETE_AGENT_CONFIRMATION, failureText: ADMIN_ERRORS.deleteAgent, call: (agent) => api.catalog.deleteAgent(agent.id) }}
    />
  );
}
