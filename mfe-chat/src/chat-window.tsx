import { type ChatAgent, type ChatMessage, insufficientCreditsText, REPLY_STOPPED_TEXT, sendEstimate, type Wallet } from '@agentdock/contracts';
import { pageSanitizer } from '@agentdock/html-sanitizer';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, Spinner } from '@agentdock/ui';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { chatApi } from './chat-api';
import { formatCredits } from './format';
import { ImageViewer } from './image-viewer';

/** Assistant HTML comes sanitised from the server; it is sanitised again here before rendering. */
const safe = (html: string) => pageSanitizer().sanitize(html);
const safeMarkdown = (markdown: string) => pageSanitizer().renderMarkdown(markdown);

interface Pending {
  text: string;
  streamed: string;
}

export function ChatWindow() {
  const client = useSessionClient();
  const api = useMemo(() => chatApi(client.api, () => client.getAccessToken()), [client]);
  const [agents, setAgents] = useState<ChatAgent[] | null>(null);
  const [provider, setProvider] = useState<{ name: string; demo: boolean } | null>(null);
  const [agentId, setAgentId] = useState('');
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [history, setHistory] = useState<ChatMessage[] | null>(null);
  const [historyError, setHistoryError] = useState(false);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const paneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .getAgents(controller.signal)
      .then((answer) => {
        setAgents(answer.agents);
        setProvider(answer.provider);
      })
      .catch(() => setAgents([]));
    api
      .getWallet(controller.signal)
      .then(setWallet)
      .catch(() => setWallet(null));
    return () => controller.abort();
  }, [api]);

  useEffect(() => {
    if (!agentId) return;
    const controller = new AbortController();
    setHistory(null);
    setHistoryError(false);
    api
      .getHistory(agentId, controller.signal)
      .then((answer) => setHistory(answer.messages))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setHistoryError(Boolean(error));
      });
    return () => controller.abort();
  }, [api, agentId]);

  useEffect(() => {
    const pane = paneRef.current;
    if (pane) pane.scrollTop = pane.scrollHeight;
  }, [history, pending]);

  const agent = agents?.find((candidate) => candidate.id === agentId);
  const available = wallet ? wallet.creditsRemaining + wallet.purchasedCredits : 0;

  const send = useCallback(async () => {
    const text = input.trim();
    if (!text || !agent || pending) return;
    const cost = sendEstimate(text).credits;
    if (wallet && cost > available) {
      setNotice(insufficientCreditsText(cost, available));
      return;
    }
    setNotice(null);
    setInput('');
    setPending({ text, streamed: '' });
    try {
      const outcome = await api.send(agent.id, text, {
        onWaiting: () => undefined,
        onToken: (piece) => setPending((current) => (current ? { ...current, streamed: current.streamed + piece } : current)),
      });
      if (outcome.kind === 'refused') {
        setNotice(outcome.message);
        setInput(text);
      } else if (outcome.kind === 'done') {
        setHistory((current) => [...(current ?? []), outcome.done.userMessage, outcome.done.reply]);
        setWallet((current) =>
          current
            ? { ...current, creditsRemaining: outcome.done.creditsRemaining, purchasedCredits: outcome.done.purchasedCredits, apiCallsUsed: current.apiCallsUsed + 1 }
            : current,
        );
      } else {
        const reply = outcome.error.reply;
        setHistory((current) => [
          ...(current ?? []),
          {
            id: `local-${Date.now()}`,
            agentId: agent.id,
            sessionId: '',
            role: 'user',
            content: text,
            messageOrder: 0,
            tokensUsed: 0,
            creditsUsed: 0,
            imageUrl: null,
            createdAt: new Date().toISOString(),
          },
          ...(reply ? [reply] : []),
        ]);
        if (!reply) setNotice(outcome.error.message);
      }
    } catch {
      setNotice('Sorry, I encountered an error: the server could not be reached. Please try again.');
      setInput(text);
    } finally {
      setPending(null);
    }
  }, [agent, api, available, input, pending, wallet]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="chat">
      <div className="chat-toolbar">
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
            <select value={agentId} onChange={(event) => setAgentId(event.target.value)} aria-label="Agent">
              <option value="">Select an agent</option>
              {agents.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          )}
        </label>
        <div className="chat-credits" aria-live="polite">
          <span>
            Credits remaining: <strong data-testid="credits-remaining">{wallet ? formatCredits(available) : '…'}</strong>
          </span>
          <Link to="/pricing">Upgrade</Link>
        </div>
      </div>
      {provider?.demo ? <p className="chat-muted chat-provider">Replies come from the {provider.name}: a built-in demo, not a real AI model.</p> : null}

      <div className="chat-pane" ref={paneRef} aria-live="polite" aria-busy={pending !== null}>
        {!agent ? (
          <p className="chat-muted chat-pane__empty">Select an agent to start chatting.</p>
        ) : historyError ? (
          <Alert variant="error">Could not load this conversation. Choose the agent again to retry.</Alert>
        ) : history === null ? (
          <Spinner label="Loading conversation…" />
        ) : history.length === 0 && !pending ? (
          <Card className="chat-instructions">
            <h3>{agent.name}</h3>
            <p>{agent.description}</p>
            <p className="chat-muted">
              {agent.producesImages ? 'Describe the image you want and I will create it.' : 'Ask a question or describe what you need, then press Enter to send.'}
            </p>
          </Card>
        ) : (
          history.map((message) => <MessageBubble key={message.id} message={message} onView={setViewing} />)
        )}
        {pending ? (
          <>
            <div className="chat-bubble chat-bubble--user">{pending.text}</div>
            <div className="chat-bubble chat-bubble--assistant" data-testid="streaming-reply">
              {pending.streamed ? <div dangerouslySetInnerHTML={{ __html: safeMarkdown(pending.streamed) }} /> : null}
              <Spinner label={pending.streamed ? 'Writing…' : `${agent?.name ?? 'The agent'} is thinking…`} />
            </div>
          </>
        ) : null}
      </div>

      {notice ? <Alert variant="error">{notice}</Alert> : null}
      <form className="chat-form" onSubmit={onSubmit}>
        <textarea
          className="chat-input"
          aria-label="Message"
          placeholder={agent ? 'Type your message... (Enter to send, Shift+Enter for a new line)' : 'Select an agent first'}
          value={input}
          disabled={!agent}
          maxLength={8000}
          rows={3}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!agent || !input.trim() || pending !== null}>
          Send
        </Button>
      </form>
      {viewing ? <ImageViewer url={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

function MessageBubble({ message, onView }: { message: ChatMessage; onView(url: string): void }) {
  if (message.role === 'user') return <div className="chat-bubble chat-bubble--user">{message.content}</div>;
  return (
    <div className="chat-bubble chat-bubble--assistant">
      <div dangerouslySetInnerHTML={{ __html: safe(message.content) }} />
      {message.stopReason === 'out-of-credits' ? (
        <p className="chat-stopped" role="note">
          {REPLY_STOPPED_TEXT}. <Link to="/pricing">Upgrade your plan</Link> or <Link to="/dashboard">buy credits</Link>.
        </p>
      ) : null}
      {message.imageUrl ? (
        <button type="button" className="chat-image" onClick={() => onView(message.imageUrl!)} aria-label="Open the image full screen">
          <img src={message.imageUrl} alt="Generated by the agent" />
        </button>
      ) : null}
    </div>
  );
}
