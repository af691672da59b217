import type { ChatAgent, ChatMessage } from '@agentdock/contracts';
import { Alert, Button, Card, Spinner } from '@agentdock/ui';
import type { KeyboardEvent, RefObject } from 'react';
import { MessageBubble } from './message-bubble';
import type { Pending } from './stream-reducer';
import { StreamingReply } from './streaming-reply';

interface MessagePaneProps {
  paneRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  agent: ChatAgent | undefined;
  messages: ChatMessage[] | null;
  loadError: string | null;
  pending: Pending | null;
  onView: (url: string) => void;
  /** Sends `text` in place of the user's `message` (an edit, or the question again for Regenerate). */
  onResend: (text: string, message: ChatMessage) => void;
  /** Sends one of the agent's conversation starters as the first message. */
  onStarter: (text: string) => void;
}

/** The conversation: what to do first, the stored messages, then the reply on its way. */
export function MessagePane({ paneRef, onScroll, onKeyDown, agent, messages, loadError, pending, onView, onResend, onStarter }: MessagePaneProps) {
  const lastReply = messages?.findLast((message) => message.role === 'assistant');
  return (
    <div className="chat-pane" ref={paneRef} onScroll={onScroll} onKeyDown={onKeyDown} aria-busy={pending !== null} role="log" aria-live="off" aria-label="Conversation">
      {loadError ? (
        <Alert variant="error">{loadError}</Alert>
      ) : !agent ? (
        <p className="chat-muted chat-pane__empty">Select an agent to start chatting.</p>
      ) : messages === null ? (
        <Spinner label="Loading conversation…" />
      ) : messages.length === 0 && !pending ? (
        <Card className="chat-instructions">
          <h2>{agent.name}</h2>
          <p>{agent.description}</p>
          <p className="chat-muted">
            {agent.producesImages ? 'Describe the image you want and I will create it.' : 'Ask a question or describe what you need, then press Enter to send.'}
          </p>
          {agent.starters.length > 0 && (
            <ul className="chat-starters" aria-label="Conversation starters">
              {agent.starters.map((starter) => (
                <li key={starter}>
                  <Button variant="secondary" size="sm" onClick={() => onStarter(starter)}>
                    {starter}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : (
        messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            busy={pending !== null}
            onView={onView}
            onEdit={(text) => onResend(text, message)}
            onRegenerate={
              message === lastReply
                ? () => {
                    const asked = messages[messages.indexOf(message) - 1];
                    if (asked?.role === 'user') onResend(asked.markdown, asked);
                  }
                : undefined
            }
          />
        ))
      )}
      {pending ? <StreamingReply pending={pending} agentName={agent?.name} /> : null}
    </div>
  );
}
