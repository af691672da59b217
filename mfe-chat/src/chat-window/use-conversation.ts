import type { ChatConversation, ChatMessage } from '@agentdock/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ChatApi } from '../chat-api';

const CONVERSATION_PATH = /^\/chat\/([^/]+)/;

/** A conversation as the server answers it, with the messages to show. */
interface Shown {
  conversation: ChatConversation | null;
  messages: ChatMessage[];
}

export type OpenConversation = ReturnType<typeof useConversation>;

/** The open conversation and the agent it is with; choosing an agent opens that agent's latest one. */
export function useConversation(api: ChatApi) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routeId = CONVERSATION_PATH.exec(pathname)?.[1] ?? null;

  const [agentId, setAgentId] = useState('');
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** After New chat: the next message starts a conversation. */
  const [fresh, setFresh] = useState(false);

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

  const startFresh = useCallback(() => {
    setConversation(null);
    setMessages([]);
    setFresh(true);
    setLoadError(null);
    navigate('/chat');
  }, [navigate]);

  /** A send ended in this conversation (a new one, or the one it went to). */
  const settle = useCallback(
    (settled: ChatConversation) => {
      setConversation(settled);
      setFresh(false);
      navigate(`/chat/${settled.id}`, { replace: true });
    },
    [navigate],
  );

  /** What the server stored, read back after a send whose answer never arrived. */
  const show = useCallback(
    (answer: Shown) => {
      setConversation(answer.conversation);
      setMessages(answer.messages);
      setFresh(false);
      if (answer.conversation) navigate(`/chat/${answer.conversation.id}`, { replace: true });
    },
    [navigate],
  );

  return { agentId, conversation, messages, loadError, fresh, openLatest, startFresh, settle, show, setConversation, setMessages };
}
