import type { ChatAgent } from '@agentdock/contracts';
import { Card } from '@agentdock/ui';

/**
 * A conversation with nothing in it yet: the agent's description and its conversation starters
 * (a click sends one); an agent without starters gets the spec's default instruction card.
 */
export function EmptyConversation({ agent, starters, disabled, onStart }: { agent: ChatAgent; starters: readonly string[]; disabled: boolean; onStart(text: string): void }) {
  return (
    <Card className="chat-instructions">
      <h2>{agent.name}</h2>
      <p>{agent.description}</p>
      {starters.length > 0 ? (
        <ul className="chat-starters" aria-label="Conversation starters">
          {starters.map((starter) => (
            <li key={starter}>
              <button type="button" className="chat-starter" disabled={disabled} onClick={() => onStart(starter)}>
                {starter}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="chat-muted">
          {agent.producesImages ? 'Describe the image you want and I will create it.' : 'Ask a question or describe what you need, then press Enter to send.'}
        </p>
      )}
    </Card>
  );
}
