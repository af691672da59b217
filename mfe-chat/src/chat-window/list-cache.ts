import type { ChatConversation, ChatConversationsResponse, ChatConversationSummary } from '@agentdock/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { chatKeys } from './query-keys';

type ListData = InfiniteData<ChatConversationsResponse, string>;
type ListFilter = { agentId: string; q: string };

/** Every cached list (each filter and search) with its filter, to change them all in one go. */
function eachList(queryClient: QueryClient, change: (data: ListData, filter: ListFilter) => ListData) {
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: chatKeys.lists() })) {
    if (!data) continue;
    const filter = key[2] as ListFilter | undefined;
    queryClient.setQueryData<ListData>(key, change(data, filter ?? { agentId: '', q: '' }));
  }
}

const withoutId = (data: ListData, id: string): ListData => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, conversations: page.conversations.filter((item) => item.id !== id) })),
});

/**
 * A conversation just started or just answered goes to the top of every list it belongs in, at
 * once (newest first); a searched list only keeps it where it already was, since only the server
 * knows whether it matches.
 */
export function putOnTop(queryClient: QueryClient, conversation: ChatConversation, agent: { key: string; name: string } | undefined) {
  eachList(queryClient, (data, filter) => {
    const existing = data.pages.flatMap((page) => page.conversations).find((item) => item.id === conversation.id);
    if (filter.agentId && filter.agentId !== conversation.agentId) return data;
    if (filter.q && !existing) return data;
    const summary: ChatConversationSummary = { agentKey: agent?.key ?? null, agentName: agent?.name ?? null, ...existing, ...conversation };
    const rest = withoutId(data, conversation.id);
    const [first, ...others] = rest.pages;
    if (!first) return data;
    return { ...rest, pages: [{ ...first, conversations: [summary, ...first.conversations] }, ...others] };
  });
}

/** A renamed conversation keeps its place in every list, under its new title. */
export function renameInLists(queryClient: QueryClient, conversation: ChatConversation) {
  eachList(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((item) => (item.id === conversation.id ? { ...item, title: conversation.title } : item)),
    })),
  }));
}

/** A deleted conversation leaves every list; the others stay where they are. */
export function removeFromLists(queryClient: QueryClient, conversationId: string) {
  eachList(queryClient, (data) => withoutId(data, conversationId));
}
