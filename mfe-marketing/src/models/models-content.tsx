import { type Agent, SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { Container, LinkButton } from '@agentdock/ui';
import { ContentPageHeader } from '../content/content-page-header';
import { loadMarketingApi } from '../api/load-marketing-api';
import { CatalogList, type CatalogListSkeleton } from '../shared/catalog-list';
import { useResource, type Resource } from '../shared/use-resource';
import { RESOURCE_KEYS } from '../ssr/resource-keys';
import { AgentCard } from './agent-card';

export function ModelsContent() {
  const [agents, retry] = useResource(RESOURCE_KEYS.agents, (signal) => loadMarketingApi().then((api) => api.getAgents({ signal })));
  return (
    <>
      <ContentPageHeader eyebrow="Agent catalogue" slot="models.intro" fallbackTitle="Our AI Agents">
        <p className="mk-agents-legend">
          <span className="mk-agents-legend__swatch" aria-hidden="true" />
          Agents marked in yellow come with the {SUBSCRIPTION_TIER_LABELS.professional} plan and above.
        </p>
        <LinkButton to="/pricing">Compare plans</LinkButton>
      </ContentPageHeader>
      <Container className="ad-section ad-section--flush-top">
        <AgentGrid state={agents} onRetry={retry} />
      </Container>
    </>
  );
}

const AGENT_SKELETON: CatalogListSkeleton = {
  gridClassName: 'mk-agents',
  count: 6,
  label: 'Loading agents…',
  lines: [{ width: '50%', height: '1.5rem' }, { width: '95%' }, { width: '80%' }, { width: '30%', height: '1.2rem' }, { width: '70%' }, { width: '65%' }],
};

function AgentGrid({ state, onRetry }: { state: Resource<Agent[]>; onRetry: () => void }) {
  return (
    <CatalogList
      state={state}
      onRetry={onRetry}
      skeleton={AGENT_SKELETON}
      failedTitle="Agents are unavailable right now"
      emptyText="No agents are available right now. Please check back soon."
    >
      {(agents) => (
        <div className="mk-agents">
          {agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} />
          ))}
        </div>
      )}
    </CatalogList>
  );
}
