import type { ChatConversation } from '@agentdock/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { ChatApi } from '../chat-api';

/** Typing in the search box asks once the typing pauses, not once per keystroke. */
const SEARCH_DELAY_MS = 150;

/** The side list: the search's matches, else the chosen agent's conversations, else all of them. */
export function useConversationList(api: ChatApi, agentId: string) {
  const [conversations, setConversations] = useState<ChatConversation[] | null>(null);
  const [version, setVersion] = useState(0);
  const [search, setSearch] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    const query = search.trim();
    const timer = setTimeout(() => {
      api
        .getConversations(query ? { q: query } : agentId ? { agentId } : {}, controller.signal)
        .then((answer) => setConversations(answer.conversations))
        .catch(() => undefined);
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, agentId, search, version]);

  /** Loads the list again: a send, rename or delete changed titles or order. */
  const refresh = useCallback(() => setVersion((current) => current + 1), []);

  return { conversations, search, setSearch, refresh };
}
