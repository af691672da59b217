import { createEventStreamClient } from '@agentdock/api-client';
import { useSessionClient } from '@agentdock/session';
import { useMemo } from 'react';
import { chatApi, type ChatApi } from '../chat-api';

/** The chat endpoints with the session's token: one client per session, so the queries keyed on it run once. */
export function useChatApi(): ChatApi {
  const client = useSessionClient();
  return useMemo(
    () =>
      chatApi(
        client.api,
        // The stream asks the session for its token and, after a 401, for a new one, as the session's own calls do.
        createEventStreamClient({ getAccessToken: () => client.getAccessToken(), onUnauthorized: async () => Boolean(await client.refresh()) }),
      ),
    [client],
  );
}
