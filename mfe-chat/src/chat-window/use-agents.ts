import { useQuery } from '@tanstack/react-query';
import type { ChatApi } from '../chat-api';
import { chatKeys } from './query-keys';

/** The agents the user's tier may chat with (`null` until they arrive, `[]` if they could not be had) and the provider that answers. */
export function useAgents(api: ChatApi) {
  const query = useQuery({ queryKey: chatKeys.agents(), queryFn: ({ signal }) => api.getAgents(signal), staleTime: 5 * 60_000 });
  return { agents: query.data?.agents ?? (query.isError ? [] : null), provider: query.data?.provider ?? null };
}
