import type { ChatAgent, ChatConversation, ChatMessage } from '@agentdock/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ChatApi } from '../chat-api';
import { rememberAgent, startingAgent } from './last-agent';
import { chatKeys } from './query-keys';

const CONVERSATION_PATH = /^\/chat\/([^/]+)/;

/** A conversation as the server answers it: its shown branch, oldest first. */
export interface Shown {
  conversation: ChatConversation | null;
  messages: ChatMessage[];
}

const NOTHING_YET: Shown = { conversation: null, messages: [] };

export type OpenConversation = ReturnType<typeof useConversation>;

/**
 * The open conversation and the agent it is with. The URL names the conversation; choosing an
 * agent opens that agent's latest one. Both are queries keyed by id, so an answer for an agent or
 * conversation left behind is never shown (and its request is aborted through the query's signal).
 */
export function useConversation(api: ChatApi, agents: ChatAgent[] | null, accountId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const routeId = CONVERSATION_PATH.exec(pathname)?.[1] ?? null;
  const [chosenAgentId, setChosenAgentId] = useState('');
  /** After New chat: the next message starts a conversation. */
  const [fresh, setFresh] = useState(false);

  const opened = useQuery({
    queryKey: chatKeys.conversation(routeId ?? ''),
    queryFn: ({ signal }) => api.getConversation(routeId!, signal),
    enabled: routeId !== null,
  });
  const latest = useQuery({
    queryKey: chatKeys.latest(chosenAgentId),
    queryFn: ({ signal }) => api.getHistory(chosenAgentId, signal),
    enabled: routeId === null && !fresh && chosenAgentId !== '',
    staleTime: 0,
  });

  const routeAgentId = routeId ? (opened.data?.conversation?.agentId ?? '') : '';
  const agentId = routeId ? routeAgentId : chosenAgentId;

  // The conversation named in the URL decides the agent (a reload, a shared link, a list entry).
  useEffect(() => {
    if (routeAgentId) setChosenAgentId(routeAgentId);
  }, [routeAgentId]);

  // A named conversation ends New chat. Only the URL ends it: React Router applies a navigation as a
  // transition, after plain state, and a render with neither would open the agent's latest instead.
  useEffect(() => {
    if (routeId) setFresh(false);
  }, [routeId]);

  // Nothing named: the agent last used on this account, else the default one.
  useEffect(() => {
    if (!routeId && !chosenAgentId && agents && agents.length > 0) setChosenAgentId(startingAgent(accountId, agents));
  }, [accountId, agents, chosenAgentId, routeId]);

  useEffect(() => {
    if (agentId) rememberAgent(accountId, agentId);
  }, [accountId, agentId]);

  // The agent's latest conversation, once known, is opened by its own address.
  const latestConversation = latest.data?.conversation ?? null;
  useEffect(() => {
    if (routeId || fresh || !latest.data || !latestConversation) return;
    queryClient.setQueryData(chatKeys.conversation(latestConversation.id), latest.data);
    navigate(`/chat/${latestConversation.id}`, { replace: true });
  }, [fresh, latest.data, latestConversation, navigate, queryClient, routeId]);

  const shown: Shown | null = routeId ? (opened.data ?? null) : fresh ? NOTHING_YET : latestConversation ? null : (latest.data ?? (chosenAgentId ? null : NOTHING_YET));
  const loadError = routeId
    ? opened.isError && !opened.data
      ? 'This conversation does not exist or is not yours.'
      : null
    : latest.isError && !latest.data && !fresh
      ? 'Could not load this conversation. Choose the agent again to retry.'
      : null;

  const chooseAgent = useCallback(
    (id: string) => {
      setChosenAgentId(id);
      setFresh(false);
      if (routeId) navigate('/chat');
    },
    [navigate, routeId],
  );

  const startFresh = useCallback(() => {
    setFresh(true);
    navigate('/chat');
  }, [navigate]);

  /** What a send left: stored in the cache under the conversation's id, which the URL then names. */
  const settle = useCallback(
    (answer: { conversation: ChatConversation; messages: ChatMessage[] }) => {
      queryClient.setQueryData(chatKeys.conversation(answer.conversation.id), answer);
      if (routeId !== answer.conversation.id) navigate(`/chat/${answer.conversation.id}`, { replace: true });
      // Sibling counts (‹ n / m ›) come with the server's copy; the agent's latest may have changed.
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(answer.conversation.id) });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'latest'] });
    },
    [navigate, queryClient, routeId],
  );

  return {
    agentId,
    conversation: shown?.conversation ?? null,
    messages: shown?.messages ?? null,
    loadError,
    chooseAgent,
    startFresh,
    settle,
  };
}
