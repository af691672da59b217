import type { ApiClient } from '@agentdock/api-client';
import {
  apiErrorBody,
  CHAT_ENDPOINTS,
  chatStreamDone,
  chatStreamError,
  chatStreamToken,
  type ChatStreamDone,
  type ChatStreamError,
  type ChatSendRequest,
  endpointUrl,
} from '@agentdock/contracts';

export interface StreamHandlers {
  onWaiting(): void;
  onToken(text: string): void;
}

export type SendOutcome = { kind: 'done'; done: ChatStreamDone } | { kind: 'failed'; error: ChatStreamError } | { kind: 'refused'; message: string };

export type ChatApi = ReturnType<typeof chatApi>;

export function chatApi(api: ApiClient, getAccessToken: () => Promise<string | null>) {
  return {
    getWallet: (signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.wallet, { signal }),
    getAgents: (signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.agents, { signal }),
    getHistory: (agentId: string, signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.history, { params: { agentId }, signal }),
    getConversations: (query: { agentId?: string; q?: string }, signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.conversations, { query, signal }),
    getConversation: (conversationId: string, signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.conversationMessages, { params: { conversationId }, signal }),
    renameConversation: (conversationId: string, title: string) => api.call(CHAT_ENDPOINTS.renameConversation, { params: { conversationId }, body: { title } }),
    deleteConversation: (conversationId: string) => api.call(CHAT_ENDPOINTS.deleteConversation, { params: { conversationId } }),
    /** Sends and reads the server-sent events as they arrive, so the reply shows token by token. */
    async send(agentId: string, body: ChatSendRequest, handlers: StreamHandlers, signal?: AbortSignal): Promise<SendOutcome> {
      const token = await getAccessToken();
      // A stream, read as it arrives: the endpoint's URL and method, but not the JSON client.
      const endpoint = CHAT_ENDPOINTS.send;
      const response = await fetch(endpointUrl(endpoint, { agentId }), {
        method: endpoint.method,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal,
      });
      if (!response.ok || !response.body) {
        const body = apiErrorBody.safeParse(await response.json().catch(() => null));
        return { kind: 'refused', message: body.success ? body.data.error.message : 'Could not send your message. Please try again.' };
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
          if (event === 'waiting') handlers.onWaiting();
          else if (event === 'token') handlers.onToken(chatStreamToken.parse(data).text);
          else if (event === 'done') return { kind: 'done', done: chatStreamDone.parse(data) };
          else if (event === 'error') return { kind: 'failed', error: chatStreamError.parse(data) };
        }
      }
      return { kind: 'failed', error: { message: 'Sorry, I encountered an error: the connection closed early. Please try again.', reply: null } };
    },
  };
}
