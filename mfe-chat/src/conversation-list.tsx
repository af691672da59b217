import type { ChatConversation } from '@agentdock/contracts';
import { Button } from '@agentdock/ui';
import { type FormEvent, useState } from 'react';

interface Props {
  conversations: ChatConversation[] | null;
  activeId: string | null;
  search: string;
  onSearch(query: string): void;
  onNew(): void;
  onOpen(conversation: ChatConversation): void;
  onRename(conversation: ChatConversation, title: string): Promise<void>;
  onDelete(conversation: ChatConversation): Promise<void>;
}

/** The side list: New chat, search over titles and text, and each conversation with rename and delete. */
export function ConversationList({ conversations, activeId, search, onSearch, onNew, onOpen, onRename, onDelete }: Props) {
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
      {conversations === null ? (
        <p className="chat-muted">Loading…</p>
      ) : conversations.length === 0 ? (
        <p className="chat-muted">{search ? 'No conversation matches.' : 'No conversations yet.'}</p>
      ) : (
        <ul className="chat-list__items">
          {conversations.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} active={conversation.id === activeId} onOpen={onOpen} onRename={onRename} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </nav>
  );
}

function ConversationItem({
  conversation,
  active,
  onOpen,
  onRename,
  onDelete,
}: {
  conversation: ChatConversation;
  active: boolean;
  onOpen(conversation: ChatConversation): void;
  onRename(conversation: ChatConversation, title: string): Promise<void>;
  onDelete(conversation: ChatConversation): Promise<void>;
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [title, setTitle] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    onRename(conversation, title).then(
      () => setMode('view'),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : 'Could not rename.'),
    );
  };

  if (mode === 'rename') {
    return (
      <li className="chat-list__item">
        <form onSubmit={submitRename} className="chat-list__rename">
          <input aria-label="Conversation title" value={title} maxLength={120} autoFocus onChange={(event) => setTitle(event.target.value)} />
          <Button type="submit" size="sm">
            Save
          </Button>
          <Button type="button" size="sm" variant="secondary" onClick={() => setMode('view')}>
            Cancel
          </Button>
          {error ? <span role="alert">{error}</span> : null}
        </form>
      </li>
    );
  }
  return (
    <li className={`chat-list__item${active ? ' chat-list__item--active' : ''}`}>
      <button type="button" className="chat-list__open" aria-current={active ? 'page' : undefined} onClick={() => onOpen(conversation)}>
        {conversation.title}
      </button>
      {mode === 'confirm' ? (
        <div className="chat-list__confirm" role="group" aria-label="Confirm deletion">
          <span>Delete this conversation?</span>
          <Button size="sm" variant="danger" onClick={() => void onDelete(conversation)}>
            Delete
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setMode('view')}>
            Keep
          </Button>
        </div>
      ) : (
        <div className="chat-list__actions">
          <button
            type="button"
            className="chat-link-button"
            aria-label={`Rename ${conversation.title}`}
            onClick={() => {
              setTitle(conversation.title);
              setError(null);
              setMode('rename');
            }}
          >
            Rename
          </button>
          <button type="button" className="chat-link-button" aria-label={`Delete ${conversation.title}`} onClick={() => setMode('confirm')}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
