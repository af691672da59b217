import { useState } from 'react';
import { CHAT_KNOWLEDGE_ENDPOINTS, type KnowledgePassage, type MessageSource, sourceLabel } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import './message-sources.css';

type Opened = { label: string; state: 'loading' } | { label: string; state: 'open'; passage: KnowledgePassage } | { label: string; state: 'failed'; message: string };

/** One entry per file and page: a reply given three passages of one page names that page once. */
function distinctSources(sources: readonly MessageSource[]): Array<MessageSource & { label: string }> {
  const seen = new Map<string, MessageSource & { label: string }>();
  for (const source of sources) {
    const label = sourceLabel(source);
    if (!seen.has(label)) seen.set(label, { ...source, label });
  }
  return [...seen.values()];
}

/**
 * "Sources: pricing.pdf p. 3, faq.md" under a reply that drew on the agent's knowledge; each
 * opens the passage the reply was given, below the list (a second press closes it).
 */
export function MessageSources({ sources }: { sources: readonly MessageSource[] }) {
  const client = useSessionClient();
  const [opened, setOpened] = useState<Opened | null>(null);

  async function open(source: MessageSource & { label: string }) {
    if (opened?.label === source.label) {
      setOpened(null);
      return;
    }
    setOpened({ label: source.label, state: 'loading' });
    try {
      const { passage } = await client.api.call(CHAT_KNOWLEDGE_ENDPOINTS.passage, { params: { passageId: source.passageId } });
      setOpened((current) => (current?.label === source.label ? { label: source.label, state: 'open', passage } : current));
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'The passage could not be opened. Please try again.';
      setOpened((current) => (current?.label === source.label ? { label: source.label, state: 'failed', message } : current));
    }
  }

  const entries = distinctSources(sources);
  return (
    <div className="chat-sources">
      <p className="chat-sources__list">
        <span>Sources: </span>
        {entries.map((source, index) => (
          <span key={source.label}>
            <button type="button" className="chat-link-button" aria-expanded={opened?.label === source.label} onClick={() => void open(source)}>
              {source.label}
            </button>
            {index < entries.length - 1 ? ', ' : ''}
          </span>
        ))}
      </p>
      {opened?.state === 'loading' ? <p role="status">Opening {opened.label}…</p> : null}
      {opened?.state === 'failed' ? <p role="alert">{opened.message}</p> : null}
      {opened?.state === 'open' ? (
        <figure className="chat-sources__passage">
          <figcaption>{sourceLabel(opened.passage)}</figcaption>
          <blockquote>{opened.passage.text}</blockquote>
        </figure>
      ) : null}
    </div>
  );
}
