import { pageSanitizer } from '@agentdock/html-sanitizer';
import { Spinner } from '@agentdock/ui';
import type { Pending } from './stream-reducer';

/** The reply as it streams: rendered and sanitised here until the stored one replaces it. */
const safeMarkdown = (markdown: string) => pageSanitizer().renderMarkdown(markdown);

/** The message on its way (none for Regenerate: its question is already shown) and its reply so far. */
export function StreamingReply({ pending, agentName }: { pending: Pending; agentName: string | undefined }) {
  return (
    <>
      {pending.text !== null ? <div className="chat-bubble chat-bubble--user">{pending.text}</div> : null}
      <div className="chat-bubble chat-bubble--assistant" data-testid="streaming-reply">
        {pending.streamed ? <div dangerouslySetInnerHTML={{ __html: safeMarkdown(pending.streamed) }} /> : null}
        <Spinner label={pending.streamed ? 'Writing…' : `${agentName ?? 'The agent'} is thinking…`} />
      </div>
    </>
  );
}
