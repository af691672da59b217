import {
  type ChatAgent,
  type ChatConversation,
  type ChatMessage,
  type ChatSendRequest,
  cannotPayTypicalReply,
  DEFAULT_IMAGE_SIZE,
  formatCreditCount,
  IMAGE_SIZE_LABELS,
  IMAGE_SIZES,
  type ImageSize,
  isImageSize,
  insufficientCreditsText,
  REPLY_STOPPED_TEXT,
  sendEstimate,
  type Wallet,
} from '@agentdock/contracts';
import { pageSanitizer } from '@agentdock/html-sanitizer';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, CopyButton, LinkButton, Spinner } from '@agentdock/ui';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { chatApi } from './chat-api';
import { ConversationList } from './conversation-list';
import { conversationMarkdown, markdownFileName } from './export';
import { ImageViewer } from './image-viewer';
import { MarkdownContent } from './markdown-content';

/** The reply as it streams: rendered and sanitised here until the stored one replaces it. */
const safeMarkdown = (markdown: string) => pageSanitizer().renderMarkdown(markdown);

const CONVERSATION_PATH = /^\/chat\/([^/]+)/;
/** Within this many pixels of the end, the pane counts as following the reply. */
const FOLLOW_SLACK = 48;

interface Pending {
  text: string;
  streamed: string;
}

export function ChatWindow() {
  const client = useSessionClient();
  const api = useMemo(() => chatApi(client.api, () => client.getAccessToken()), [client]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routeId = CONVERSATION_PATH.exec(pathname)?.[1] ?? null;

  const [agents, setAgents] = useState<ChatAgent[] | null>(null);
  const [provider, setProvider] = useState<{ name: string; demo: boolean } | null>(null);
  const [agentId, setAgentId] = useState('');
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** After New chat: the next message starts a conversation. */
  const [fresh, setFresh] = useState(false);
  const [list, setList] = useState<ChatConversation[] | null>(null);
  const [listVersion, setListVersion] = useState(0);
  const [search, setSearch] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [input, setInput] = useState('');
  /** For image agents: the size the next image is asked for. */
  const [imageSize, setImageSize] = useState<ImageSize>(DEFAULT_IMAGE_SIZE);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [viewing, setViewing] = useState<string | null>(null);
  const [following, setFollowingState] = useState(true);
  // Read by the scroll-to-end effect: set in the wheel or key event itself, it holds even when a
  // token's render runs before React has rendered the state change.
  const followingRef = useRef(true);
  const setFollowing = (value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  };
  const paneRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const abortRef = useRef<AbortController | null>(null);

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

  // A conversation named in the URL (a reload, a shared link) opens with its agent.
  useEffect(() => {
    if (!routeId || routeId === conversation?.id) return;
    const controller = new AbortController();
    setMessages(null);
    setLoadError(null);
    api
      .getConversation(routeId, controller.signal)
      .then((answer) => {
        setConversation(answer.conversation);
        setMessages(answer.messages);
        setAgentId(answer.conversation?.agentId ?? '');
        setFresh(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadError('This conversation does not exist or is not yours.');
      });
    return () => controller.abort();
    // Only the URL drives this: the open conversation changes because of it.
  }, [api, routeId]);

  useEffect(() => {
    const controller = new AbortController();
    const query = search.trim();
    const timer = setTimeout(() => {
      api
        .getConversations(query ? { q: query } : agentId ? { agentId } : {}, controller.signal)
        .then((answer) => setList(answer.conversations))
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, agentId, search, listVersion]);

  useEffect(() => {
    const pane = paneRef.current;
    if (pane && followingRef.current) pane.scrollTop = pane.scrollHeight;
  }, [messages, pending, following]);

  // Scrolling up stops the following before the browser scrolls: the listener is not passive, so
  // the wheel's scroll starts only once it has run. With a passive one the scroll could start
  // first, and a token arriving in between moved the view back to the end, cancelling the reader's
  // scroll.
  useEffect(() => {
    const pane = paneRef.current;
    if (!pane) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) setFollowing(false);
    };
    pane.addEventListener('wheel', onWheel, { passive: false });
    return () => pane.removeEventListener('wheel', onWheel);
  }, []);

  // While a reply is on its way, Regenerate and the edit form leave the page, taking keyboard focus
  // with them, and Send turns into Stop and back into a Send that is disabled (the composer is
  // empty). Once the reply ends, focus that fell to the page, sits on a disabled control or on the
  // composer's own buttons goes back to the composer, so the next message can be typed at once.
  // Focus the user moved elsewhere (the list, a link) stays where it is.
  const replying = pending !== null;
  const wasReplying = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (replying) {
      wasReplying.current = true;
      return;
    }
    if (!wasReplying.current) return;
    wasReplying.current = false;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.matches(':disabled') || (active !== inputRef.current && formRef.current?.contains(active));
    if (lost) inputRef.current?.focus();
  }, [replying]);

  const agent = agents?.find((candidate) => candidate.id === agentId);
  const available = wallet ? wallet.creditsRemaining + wallet.purchasedCredits : 0;

  const openLatest = useCallback(
    (id: string) => {
      setAgentId(id);
      setConversation(null);
      setMessages(null);
      setLoadError(null);
      setFresh(false);
      if (!id) {
        navigate('/chat');
        return;
      }
      api.getHistory(id).then(
        (answer) => {
          setConversation(answer.conversation);
          setMessages(answer.messages);
          navigate(answer.conversation ? `/chat/${answer.conversation.id}` : '/chat', { replace: true });
        },
        () => setLoadError('Could not load this conversation. Choose the agent again to retry.'),
      );
    },
    [api, navigate],
  );

  const startNew = useCallback(() => {
    if (pending) return;
    setConversation(null);
    setMessages([]);
    setFresh(true);
    setLoadError(null);
    setDrawerOpen(false);
    navigate('/chat');
    inputRef.current?.focus();
  }, [navigate, pending]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.ctrlKey && event.altKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        startNew();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [startNew]);

  /** After a stop the server stores the partial reply with its charge; fetch it once it is there. */
  const recoverStopped = useCallback(
    async (text: string, conversationId: string | null) => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const answer = conversationId ? await api.getConversation(conversationId) : await api.getHistory(agentId);
        const last = answer.messages.at(-1);
        const asked = answer.messages.at(-2);
        if (last?.role === 'assistant' && asked?.markdown === text) {
          setConversation(answer.conversation);
          setMessages(answer.messages);
          setFresh(false);
          if (answer.conversation) navigate(`/chat/${answer.conversation.id}`, { replace: true });
          return true;
        }
      }
      return false;
    },
    [agentId, api, navigate],
  );

  const send = useCallback(
    async (text: string, editOf?: ChatMessage) => {
      if (!text || !agent || pending) return;
      const cost = sendEstimate(text).credits;
      if (wallet && cost > available) {
        setNotice(insufficientCreditsText(cost, available));
        return;
      }
      const before = messages ?? [];
      const body: ChatSendRequest = {
        message: text,
        ...(conversation && !fresh ? { conversationId: conversation.id } : {}),
        ...(fresh ? { newConversation: true } : {}),
        ...(editOf ? { editOf: editOf.id } : {}),
        ...(agent.producesImages ? { imageSize } : {}),
      };
      setNotice(null);
      if (!editOf) setInput('');
      if (editOf) setMessages(before.slice(0, before.indexOf(editOf)));
      setFollowing(true);
      setPending({ text, streamed: '' });
      setAnnouncement('');
      const controller = new AbortController();
      abortRef.current = controller;
      try {
        const outcome = await api.send(
          agent.id,
          body,
          {
            onWaiting: () => undefined,
            onToken: (piece) => setPending((current) => (current ? { ...current, streamed: current.streamed + piece } : current)),
          },
          controller.signal,
        );
        if (outcome.kind === 'refused') {
          setNotice(outcome.message);
          setMessages(before);
          if (!editOf) setInput(text);
        } else if (outcome.kind === 'done') {
          const { done } = outcome;
          setMessages((current) => [...(current ?? []), done.userMessage, done.reply]);
          setConversation(done.conversation);
          setFresh(false);
          navigate(`/chat/${done.conversation.id}`, { replace: true });
          setWallet((current) =>
            current ? { ...current, creditsRemaining: done.creditsRemaining, purchasedCredits: done.purchasedCredits, apiCallsUsed: current.apiCallsUsed + 1 } : current,
          );
          setAnnouncement(`${agent.name} replied (${formatCreditCount(done.reply.creditsUsed)} credits).`);
        } else {
          const { reply } = outcome.error;
          if (outcome.error.conversation) {
            setConversation(outcome.error.conversation);
            setFresh(false);
            navigate(`/chat/${outcome.error.conversation.id}`, { replace: true });
          }
          setMessages((current) => [...(current ?? []), localUserMessage(agent.id, text), ...(reply ? [reply] : [])]);
          if (!reply) setNotice(outcome.error.message);
          setAnnouncement(outcome.error.message);
        }
      } catch {
        if (controller.signal.aborted) {
          const recovered = await recoverStopped(text, conversation && !fresh ? conversation.id : null).catch(() => false);
          if (!recovered) setNotice('The reply was stopped. Reload to see what was kept.');
          else setAnnouncement('Reply stopped.');
          api.getWallet().then(setWallet, () => undefined);
        } else {
          setNotice('Sorry, I encountered an error: the server could not be reached. Please try again.');
          setMessages(before);
          if (!editOf) setInput(text);
        }
      } finally {
        abortRef.current = null;
        setPending(null);
        setListVersion((version) => version + 1);
      }
    },
    [agent, api, available, conversation, fresh, imageSize, messages, navigate, pending, recoverStopped, wallet],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(input.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(input.trim());
    }
  };
  const onPaneScroll = () => {
    const pane = paneRef.current;
    if (pane) setFollowing(pane.scrollHeight - pane.scrollTop - pane.clientHeight < FOLLOW_SLACK);
  };
  // Scrolling up by keyboard stops the following at once, in the key event itself: waiting for the
  // scroll event would let a token that lands in between pull the view back to the end.
  const onPaneKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The pane itself scrolling, not the caret moving in the edit box inside it.
    if (event.target === event.currentTarget && ['ArrowUp', 'PageUp', 'Home'].includes(event.key)) setFollowing(false);
  };
  const jumpToLatest = () => {
    const pane = paneRef.current;
    if (pane) pane.scrollTop = pane.scrollHeight;
    setFollowing(true);
  };
  const exportConversation = () => {
    if (!messages || !agent) return;
    const title = conversation?.title ?? 'New chat';
    const blob = new Blob([conversationMarkdown(title, agent.name, messages)], { type: 'text/markdown' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = markdownFileName(title);
    link.click();
    // Revoked later, not at once: some browsers read the file only after the click returns.
    const href = link.href;
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };

  const lastReply = messages?.findLast((message) => message.role === 'assistant');
  const typed = input.trim();

  return (
    <div className="chat-app">
      <aside id="chat-conversations" className={`chat-side${drawerOpen ? ' chat-side--open' : ''}`}>
        <ConversationList
          conversations={list}
          activeId={conversation?.id ?? null}
          search={search}
          onSearch={setSearch}
          onNew={startNew}
          onOpen={(item) => {
            setDrawerOpen(false);
            navigate(`/chat/${item.id}`);
          }}
          onRename={async (item, title) => {
            const answer = await api.renameConversation(item.id, title);
            if (conversation?.id === item.id) setConversation(answer.conversation);
            setListVersion((version) => version + 1);
          }}
          onDelete={async (item) => {
            await api.deleteConversation(item.id);
            if (conversation?.id === item.id) startNew();
            setListVersion((version) => version + 1);
          }}
        />
      </aside>
      <section className="chat">
        <div className="chat-toolbar">
          <Button
            variant="secondary"
            size="sm"
            className="chat-drawer-toggle"
            aria-expanded={drawerOpen}
            aria-controls="chat-conversations"
            onClick={() => setDrawerOpen((open) => !open)}
          >
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
              <select value={agentId} onChange={(event) => openLatest(event.target.value)} aria-label="Agent" disabled={pending !== null}>
                <option value="">Select an agent</option>
                {agents.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            )}
          </label>
          {messages && messages.length > 0 ? (
            <Button variant="ghost" size="sm" onClick={exportConversation}>
              Export as Markdown
            </Button>
          ) : null}
        </div>
        {provider?.demo ? <p className="chat-muted chat-provider">Replies come from the {provider.name}: a built-in demo, not a real AI model.</p> : null}
        {wallet && cannotPayTypicalReply(available) ? (
          <div className="chat-low-balance" role="alert">
            <span>Your balance of {formatCreditCount(available)} credits may not cover a typical reply.</span>
            <LinkButton to="/dashboard" size="sm">
              Top up
            </LinkButton>
            <LinkButton to="/pricing" size="sm" variant="secondary">
              Upgrade
            </LinkButton>
          </div>
        ) : null}

        <div
          className="chat-pane"
          ref={paneRef}
          onScroll={onPaneScroll}
          onKeyDown={onPaneKeyDown}
          aria-busy={pending !== null}
          role="log"
          aria-live="off"
          aria-label="Conversation"
        >
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
            </Card>
          ) : (
            messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                busy={pending !== null}
                onView={setViewing}
                onEdit={(text) => void send(text, message)}
                onRegenerate={
                  message === lastReply
                    ? () => {
                        const asked = messages[messages.indexOf(message) - 1];
                        if (asked?.role === 'user') void send(asked.markdown, asked);
                      }
                    : undefined
                }
              />
            ))
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
        {!following ? (
          <Button variant="secondary" size="sm" className="chat-jump" onClick={jumpToLatest}>
            Jump to latest
          </Button>
        ) : null}
        {/* One announcement per reply, not every streamed token (the log above is not live). */}
        <p className="ad-visually-hidden" role="status">
          {announcement}
        </p>

        {notice ? <Alert variant="error">{notice}</Alert> : null}
        <form className="chat-form" ref={formRef} onSubmit={onSubmit}>
          <textarea
            ref={inputRef}
            className="chat-input"
            aria-label="Message"
            placeholder={agent ? 'Type your message... (Enter to send, Shift+Enter for a new line)' : 'Select an agent first'}
            value={input}
            disabled={!agent}
            maxLength={8000}
            rows={2}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {agent?.producesImages ? (
            <label className="chat-image-size">
              <span>Image size</span>
              <select
                value={imageSize}
                disabled={pending !== null}
                onChange={(event) => {
                  if (isImageSize(event.target.value)) setImageSize(event.target.value);
                }}
              >
                {IMAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {IMAGE_SIZE_LABELS[size]}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {pending ? (
            <Button type="button" variant="danger" onClick={() => abortRef.current?.abort()}>
              Stop generating
            </Button>
          ) : (
            <Button type="submit" disabled={!agent || !typed}>
              Send
            </Button>
          )}
        </form>
        <p className="chat-costs chat-muted">
          <span data-testid="estimated-cost">Estimated cost: {typed ? `${formatCreditCount(sendEstimate(typed).credits)} credits` : '—'}</span>
          <span>
            Balance: <strong data-testid="credits-remaining">{wallet ? `${formatCreditCount(available)} credits` : '…'}</strong>
          </span>
          <Link to="/pricing">Upgrade</Link>
        </p>
      </section>
      {viewing ? <ImageViewer url={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

function localUserMessage(agentId: string, text: string): ChatMessage {
  return {
    id: `local-${Date.now()}`,
    agentId,
    sessionId: '',
    role: 'user',
    content: text,
    markdown: text,
    messageOrder: 0,
    tokensUsed: 0,
    creditsUsed: 0,
    imageUrl: null,
    createdAt: new Date().toISOString(),
  };
}

function MessageBubble({
  message,
  busy,
  onView,
  onEdit,
  onRegenerate,
}: {
  message: ChatMessage;
  busy: boolean;
  onView(url: string): void;
  onEdit(text: string): void;
  onRegenerate?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.markdown);
  const [showTokens, setShowTokens] = useState(false);
  const tokensId = useId();
  const tokens = `${formatCreditCount(message.tokensUsed)} tokens`;
  if (message.role === 'user') {
    if (editing) {
      return (
        <form
          className="chat-edit"
          onSubmit={(event) => {
            event.preventDefault();
            setEditing(false);
            if (draft.trim()) onEdit(draft.trim());
          }}
        >
          <textarea aria-label="Edit your message" value={draft} maxLength={8000} rows={3} onChange={(event) => setDraft(event.target.value)} />
          <div className="chat-actions">
            <Button type="submit" size="sm" disabled={!draft.trim()}>
              Save and send
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      );
    }
    return (
      <div className="chat-turn chat-turn--user">
        <div className="chat-bubble chat-bubble--user">{message.content}</div>
        {!busy && !message.id.startsWith('local-') ? (
          <div className="chat-actions">
            <button
              type="button"
              className="chat-link-button"
              onClick={() => {
                setDraft(message.markdown);
                setEditing(true);
              }}
            >
              Edit
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <div className="chat-turn chat-turn--assistant">
      <div className="chat-bubble chat-bubble--assistant">
        <MarkdownContent html={message.content} />
        {message.stopReason === 'out-of-credits' ? (
          <p className="chat-stopped" role="note">
            {REPLY_STOPPED_TEXT}. <Link to="/pricing">Upgrade your plan</Link> or <Link to="/dashboard">buy credits</Link>.
          </p>
        ) : message.stopReason === 'stopped' ? (
          <p className="chat-stopped" role="note">
            You stopped this reply.
          </p>
        ) : null}
        {message.imageUrl ? (
          <button type="button" className="chat-image" onClick={() => onView(message.imageUrl!)} aria-label="Open the image full screen">
            <img src={message.imageUrl} alt="Generated by the agent" />
          </button>
        ) : null}
      </div>
      <div className="chat-actions">
        {/* Tokens on hover (title), and on tap, Enter or Space for touch and keyboard users. */}
        <button
          type="button"
          className="chat-cost"
          data-testid="reply-credits"
          title={tokens}
          aria-expanded={showTokens}
          aria-controls={tokensId}
          onClick={() => setShowTokens((shown) => !shown)}
        >
          {formatCreditCount(message.creditsUsed)} credits
        </button>
        <span id={tokensId} className="chat-cost__tokens" data-testid="reply-tokens" hidden={!showTokens}>
          {tokens}
        </span>
        <CopyButton text={message.markdown} label="Copy" size="sm" variant="ghost" />
        {onRegenerate && !busy ? (
          <Button size="sm" variant="ghost" onClick={onRegenerate}>
            Regenerate
          </Button>
        ) : null}
      </div>
    </div>
  );
}
