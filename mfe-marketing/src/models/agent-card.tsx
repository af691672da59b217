import { type Agent, SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { Badge, Card, classNames } from '@agentdock/ui';

/** Agents that need the Pro plan or above; the catalogue marks them in yellow. */
export function isProfessionalAgent(agent: Pick<Agent, 'tier'>): boolean {
  return agent.tier === 'professional' || agent.tier === 'enterprise';
}

export function AgentCard({ agent }: { agent: Agent }) {
  const professional = isProfessionalAgent(agent);
  const titleId = `agent-${agent.key}-title`;
  return (
    <Card as="article" className={classNames('mk-agent', professional && 'mk-agent--professional')} aria-labelledby={titleId}>
      <div className="mk-agent__top">
        <h2 id={titleId} className="ad-card__title">
          {agent.name}
        </h2>
        <Badge variant={professional ? 'warning' : 'neutral'}>
          <span className="ad-visually-hidden">Plan: </span>
          {SUBSCRIPTION_TIER_LABELS[agent.tier]}
        </Badge>
      </div>
      {agent.description && <p className="ad-muted">{agent.description}</p>}
      {agent.features.length > 0 && (
        <>
          <h3 className="mk-agent__heading">Features</h3>
          <ul className="mk-agent__features">
            {agent.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </>
      )}
      {agent.useCase && (
        <>
          <h3 className="mk-agent__heading">Use case</h3>
          <p>{agent.useCase}</p>
        </>
      )}
    </Card>
  );
}
