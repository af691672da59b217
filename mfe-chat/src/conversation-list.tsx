import type { ChatAgent, ChatConversationSummary } from '@agentdock/contracts';
import { Button, buttonClassName } from '@agentdock/ui';
import { useEffect, useRef } from 'react';
import { groupConversations } from './conversation-groups';
import { ConversationItem, type ItemActions } from './conversation-item';

interface Props extends ItemActions {
  conversations: ChatConversationSummary[] | null;
  failed?: boolean;
  activeId: string | null;
  search: string;
  onSearch(query: string): void;
  /** The agents to filter by; '' shows every agent's conversations (the default, never silently narrowed). */
  agents: ChatAgent[] | null;
  agentFilter: string;
  onAgentFilter(agentId: string): void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onNew(): void;
  /** "Now" for the headings; the clock unless a test says otherwise. */
  now?: Date;
}

/** The side list: New chat, search over titles and text, an optional agent filter, and every conversation under Today / Yesterday / Previous 7 days / Older. */
export function ConversationList({
  conversations,
  failed,
  activeId,
  search,
  onSearch,
  agents,
  agentFilter,
  onAgentFilter,
  hasMore,
  loadingMore,
  onLoadMore,
  onNew,
  now,
  ...actions
}: Props) {
  const groups = conversations ? groupConversations(conversations, now ?? new Date()) : [];
  return (
    <nav className="chat-list" aria-label="Conversations">
      <Button onClick={onNew} aria-keyshortcuts="Control+Alt+N" title="New chat (Ctrl+Alt+N)">
        New chat
      </Button>
      <input
        className="chat-list__search"
        type="search"
        aria-label="Search conversations"
        placeholder="Search conversations"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      <label className="chat-list__filter">
        <span>Show</span>
        <select aria-label="Show conversations with" value={agentFilter} onChange={(event) => onAgentFilter(event.target.value)}>
          <option value="">All agents</option>
          {(agents ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </label>
      {conversations === null ? (
        <p className="chat-muted">{failed ? 'Could not load your conversations.' : 'Loading…'}</p>
      ) : conversations.length === 0 ? (
        <p className="chat-muted">{search ? 'No conversation matches.' : agentFilter ? 'No conversations with this agent yet.' : 'No conversations yet.'}</p>
      ) : (
        groups.map((group) => (
          <section key={group.label} className="chat-list__group" aria-label={group.label}>
            <h2 className="chat-list__heading">{group.label}</h2>
            <ul className="chat-list__items">
              {group.items.map((conversation) => (
                <ConversationItem key={conversation.id} conversation={conversation} active={conversation.id === activeId} {...actions} />
              ))}
            </ul>
          </section>
        ))
      )}
      {hasMore ? <LoadMore loading={loadingMore} onLoadMore={onLoadMore} /> : null}
    </nav>
  );
}

/** Past the first 50: the next page loads as the end of the list scrolls into view, or with the button (keyboard, no observer). */
function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore(): void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;
  useEffect(() => {
    const target = ref.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return (
    <button ref={ref} type="button" className={buttonClassName({ variant: 'secondary', size: 'sm' })} disabled={loading} onClick={onLoadMore}>
      {loading ? 'Loading…' : 'Load more conversations'}
    </button>
  );
}
