import type { ChatConversationSummary } from '@agentdock/contracts';
import { Button } from '@agentdock/ui';
import { type FormEvent, useState } from 'react';

export interface ItemActions {
  onOpen(conversation: ChatConversationSummary): void;
  onRename(conversation: ChatConversationSummary, title: string): Promise<void>;
  onDelete(conversation: ChatConversationSummary): Promise<void>;
}

/** One entry of the list: its title and agent, with rename and delete (which asks first). */
export function ConversationItem({ conversation, active, onOpen, onRename, onDelete }: { conversation: ChatConversationSummary; active: boolean } & ItemActions) {
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
        <span className="chat-list__title">{conversation.title}</span>
        <span className="chat-list__agent">{conversation.agentName ?? 'Agent no longer available'}</span>
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
