import type { Agent } from '@agentdock/contracts';
import { Card, Container, ErrorState, LinkButton, Skeleton } from '@agentdock/ui';
import { ContentPageHeader } from '../content/content-page-header';
import { marketingApi } from '../api/marketing-api';
import { useResource, type Resource } from '../shared/use-resource';
import { AgentCard } from './agent-card';

export function ModelsContent() {
  const [agents, retry] = useResource('agents', (signal) => marketingApi.getAgents({ signal }));
  return (
    <>
      <ContentPageHeader eyebrow="Agent catalogue" slot="models.intro" fallbackTitle="Our AI Agents">
        <p className="mk-agents-legend">
          <span className="mk-agents-legend__swatch" aria-hidden="true" />
          Agents marked in yellow come with the Professional plan and above.
        </p>
        <LinkButton to="/pricing">Compare plans</LinkButton>
      </ContentPageHeader>
      <Container className="ad-section ad-section--flush-top">
        <AgentGrid state={agents} onRetry={retry} />
      </Container>
    </>
  );
}

function AgentGrid({ state, onRetry }: { state: Resource<Agent[]>; onRetry: () => void }) {
  if (state.status === 'loading') return <AgentsSkeleton />;
  if (state.status === 'failed') {
    return <ErrorState title="Agents are unavailable right now" message="Please try again in a moment." onRetry={onRetry} />;
  }
  if (state.data.length === 0) {
    return <p className="mk-empty">No agents are available right now. Please check back soon.</p>;
  }
  return (
    <div className="mk-agents">
      {state.data.map((agent) => (
        <AgentCard key={agent.id} agent={agent} />
      ))}
    </div>
  );
}

function AgentsSkeleton() {
  return (
    <div className="mk-agents" aria-busy="true">
      <span className="ad-visually-hidden" role="status">
        Loading agents…
      </span>
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <Card key={index} aria-hidden="true">
          <Skeleton width="50%" height="1.5rem" />
          <Skeleton width="95%" />
          <Skeleton width="80%" />
          <Skeleton width="30%" height="1.2rem" />
          <Skeleton width="70%" />
          <Skeleton width="65%" />
        </Card>
      ))}
    </div>
  );
}
