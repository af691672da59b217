import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChatApi } from '../chat-api';
import { chatKeys } from './query-keys';
import { useDebouncedValue } from './use-debounced-value';

/** Typing in the search box asks once the typing pauses, not once per keystroke. */
const SEARCH_DELAY_MS = 150;

/**
 * The side list: every conversation of the account, newest first, a page of 50 at a time; the
 * agent filter is the user's choice (all agents unless they pick one), the search covers titles
 * and message text on the server.
 */
export function useConversationList(api: ChatApi) {
  const [search, setSearch] = useState('');
  const [agentFilter, setAgentFilter] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const query = useInfiniteQuery({
    queryKey: chatKeys.list({ agentId: agentFilter, q }),
    queryFn: ({ pageParam, signal }) =>
      api.getConversations({ ...(agentFilter ? { agentId: agentFilter } : {}), ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A new search or filter keeps the old entries on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? null;
  return {
    conversations,
    failed: query.isError && !query.data,
    search,
    setSearch,
    agentFilter,
    setAgentFilter,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
