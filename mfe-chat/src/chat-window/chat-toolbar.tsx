import type { ChatAgent } from '@agentdock/contracts';
import { Button } from '@agentdock/ui';

interface ChatToolbarProps {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  /** `null` while they load. */
  agents: ChatAgent[] | null;
  agentId: string;
  /** No other agent while a reply streams: the reply belongs to this one's conversation. */
  replying: boolean;
  onChooseAgent: (agentId: string) => void;
  /** Offered once the conversation has messages. */
  onExport: (() => void) | null;
}

/** Above the conversation: the drawer's toggle on narrow screens, the agent picker and the export. */
export function ChatToolbar({ drawerOpen, onToggleDrawer, agents, agentId, replying, onChooseAgent, onExport }: ChatToolbarProps) {
  return (
    <div className="chat-toolbar">
      <Button variant="secondary" size="sm" className="chat-drawer-toggle" aria-expanded={drawerOpen} aria-controls="chat-conversations" onClick={onToggleDrawer}>
        Conversations
      </Button>
      <label className="chat-agent-picker">
        <span>Agent</span>
        {agents === null ? (
          <select disabled aria-label="Agent">
            <option>Loading agents...</option>
          </select>
        ) : agents.length === 0 ? (
          <select disabled aria-label="Agent">
            <option>No agents available for your subscription tier</option>
          </select>
        ) : (
          <select value={agentId} onChange={(event) => onChooseAgent(event.target.value)} aria-label="Agent" disabled={replying}>
            <option value="">Select an agent</option>
            {agents.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        )}
      </label>
      {onExport ? (
        <Button variant="ghost" size="sm" onClick={onExport}>
          Export as Markdown
        </Button>
      ) : null}
    </div>
  );
}
