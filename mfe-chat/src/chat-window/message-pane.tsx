import type { ChatAgent, ChatMessage } from '@agentdock/contracts';
import { Alert, Spinner } from '@agentdock/ui';
import type { KeyboardEvent, RefObject } from 'react';
import { EmptyConversation } from './empty-conversation';
import { MessageBubble } from './message-bubble';
import type { Pending } from './stream-reducer';
import { StreamingReply } from './streaming-reply';
import type { Outgoing } from './use-send-message';

interface MessagePaneProps {
  paneRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  agent: ChatAgent | undefined;
  messages: ChatMessage[] | null;
  loadError: string | null;
  pending: Pending | null;
  /** A branch switch is on its way: no other until it lands. */
  switching: boolean;
  onView: (url: string) => void;
  onSend: (outgoing: Outgoing) => void;
  onShowSibling: (siblingId: string) => void;
}

/** The conversation: what to do first, the shown branch's messages, then the reply on its way. */
export function MessagePane({ paneRef, onScroll, onKeyDown, agent, messages, loadError, pending, switching, onView, onSend, onShowSibling }: MessagePaneProps) {
  // While a reply streams, the branch it continues from (an edit or a regeneration shows less than before).
  const shown = pending ? pending.before : messages;
  const lastReply = shown?.findLast((message) => message.role === 'assistant');
  const busy = pending !== null || switching;
  return (
    // A tab stop of its own: a reply that streams past the pane's end leaves nothing focusable in
    // view (the actions come when it ends), and the keyboard must still scroll the conversation.
    <div className="chat-pane" ref={paneRef} tabIndex={0} onScroll={onScroll} onKeyDown={onKeyDown} aria-busy={busy} role="log" aria-live="off" aria-label="Conversation">
      {loadError ? (
        <Alert variant="error">{loadError}</Alert>
      ) : !agent ? (
        <p className="chat-muted chat-pane__empty">Select an agent to start chatting.</p>
      ) : shown === null ? (
        <Spinner label="Loading conversation…" />
      ) : shown.length === 0 && !pending ? (
        <EmptyConversation agent={agent} starters={agent.starters} disabled={busy} onStart={(text) => onSend({ kind: 'message', text })} />
      ) : (
        shown.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            busy={busy}
            onView={onView}
            onEdit={(text) => onSend({ kind: 'edit', text, of: message })}
            onRegenerate={message === lastReply ? () => onSend({ kind: 'regenerate', of: message }) : undefined}
            onShowSibling={onShowSibling}
          />
        ))
      )}
      {pending ? <StreamingReply pending={pending} agentName={agent?.name} /> : null}
    </div>
  );
}
