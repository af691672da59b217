import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@agentdock/api-client';
import type { AgentBehaviour } from '@agentdock/contracts';
import { Badge, Button, Spinner, TextAreaField } from '@agentdock/ui';
import { useAdminApi } from '../../api/use-admin-api';

interface Turn {
  role: 'user' | 'assistant';
  content: string;
  failed?: boolean;
}

/**
 * The console's "Draft test" chat beside the builder form: each message goes to the agent as the
 * form now stands (saved or not), through the same connection customers would use, charged to
 * nobody and kept nowhere. A failure shows the provider's own words: only admins see this.
 */
export function DraftTestChat({ agentId, behaviour }: { agentId: string; behaviour: () => AgentBehaviour | null }) {
  const api = useAdminApi();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = message.trim();
    const draft = behaviour();
    if (!text) return;
    if (!draft) return setProblem('Fix the fields marked in the form first.');
    setProblem(null);
    const history = turns.filter((turn) => !turn.failed).map(({ role, content }) => ({ role, content }));
    setTurns((current) => [...current, { role: 'user', content: text }]);
    setMessage('');
    setPending(true);
    controller.current = new AbortController();
    try {
      const reply = await api.chat.draftTest(agentId, { behaviour: draft, history, message: text }, { signal: controller.current.signal });
      setTurns((current) => [...current, { role: 'assistant', content: reply.imageUrl ? `${reply.text}\n${reply.imageUrl}` : reply.text }]);
    } catch (error) {
      const detail = error instanceof ApiError ? error.message : 'The draft could not be answered.';
      setTurns((current) => [...current, { role: 'assistant', content: detail, failed: true }]);
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="adm-draft-chat" aria-labelledby={`draft-test-${agentId}`}>
      <div className="adm-item__head">
        <h3 id={`draft-test-${agentId}`}>Draft test</h3>
        <Badge variant="warning">Not charged · not saved</Badge>
      </div>
      <p className="adm-hint">Talks to the draft as the form stands now. Customers keep the published version until you publish.</p>
      <ol className="adm-draft-chat__turns" aria-live="polite" aria-busy={pending} aria-label="Draft test conversation" tabIndex={0}>
        {turns.length === 0 && <li className="adm-empty">Ask the draft something to see how it answers.</li>}
        {turns.map((turn, index) => (
          <li key={index} className={`adm-draft-chat__turn adm-draft-chat__turn--${turn.role}${turn.failed ? ' adm-draft-chat__turn--failed' : ''}`}>
            <span className="ad-visually-hidden">{turn.role === 'user' ? 'You: ' : turn.failed ? 'Failed: ' : 'Draft: '}</span>
            {turn.content}
          </li>
        ))}
        {pending && (
          <li>
            <Spinner label="The draft is answering…" />
          </li>
        )}
      </ol>
      {problem && <p className="ad-field__error">{problem}</p>}
      <form onSubmit={send} className="adm-draft-chat__form">
        <TextAreaField label="Message to the draft" rows={2} value={message} onChange={(event) => setMessage(event.target.value)} />
        <div className="adm-actions">
          <Button type="submit" disabled={pending || !message.trim()}>
            Send to draft
          </Button>
          {turns.length > 0 && (
            <Button type="button" variant="secondary" onClick={() => setTurns([])} disabled={pending}>
              Clear
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
