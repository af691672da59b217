import { useSessionClient } from '@agentdock/session';
import { useMemo } from 'react';
import { chatApi, type ChatApi } from '../chat-api';

/** The chat endpoints with the session's token: one client per session, so the loads keyed on it run once. */
export function useChatApi(): ChatApi {
  const client = useSessionClient();
  return useMemo(() => chatApi(client.api, () => client.getAccessToken()), [client]);
}
