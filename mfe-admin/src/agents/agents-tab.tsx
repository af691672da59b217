import type { AdminAgent } from '@agentdock/contracts';
import { Badge, TierBadge } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { RecordTab } from '../console/record-tab';
import { useLoad } from '../console/use-load';
import { AgentForm, agentBody, type AgentValues } from './agent-form';

export const DELETE_AGENT_CONFIRMATION = 'Are you sure you want to delete this agent?';

export function AgentsTab() {
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
        </>
      )}
      save={(agent, values) => (agent ? api.catalog.updateAgent(agent.id, agentBody(values, false)) : api.catalog.createAgent(agentBody(values, true)))}
      form={(agent, handlers) => <AgentForm agent={agent} {...handlers} />}
      remove={{ confirmation: DELETE_AGENT_CONFIRMATION, failureText: ADMIN_ERRORS.deleteAgent, call: (agent) => api.catalog.deleteAgent(agent.id) }}
    />
  );
}
