import { type ApiClient, ApiError, type EventStreamClient } from '@agentdock/api-client';
import {
  CHAT_ENDPOINTS,
  CHAT_POOL_ENDPOINTS,
  chatStreamDone,
  chatStreamError,
  chatStreamToken,
  chatStreamWaiting,
  type ChatConversation,
  type ChatMessage,
  type ChatSendRequest,
  type ChatStreamDone,
  type ChatStreamError,
} from '@agentdock/contracts';

export interface StreamHandlers {
  /** The send was accepted: the conversation exists from here on (a new one too), with the message and what was set aside. */
  onWaiting(accepted: { conversation?: ChatConversation; userMessage?: ChatMessage; upToCredits?: number }): void;
  onToken(text: string): void;
}

export type SendOutcome = { kind: 'done'; done: ChatStreamDone } | { kind: 'failed'; error: ChatStreamError } | { kind: 'refused'; message: string };

export type ChatApi = ReturnType<typeof chatApi>;

const CLOSED_EARLY = 'Sorry, I encountered an error: the connection closed early. Please try again.';

/** The chat's endpoints: JSON calls through the session's client, the reply stream through the event-stream client (same token, request id and 401 retry). */
export function chatApi(api: ApiClient, events: EventStreamClient) {
  return {
    getWallet: (signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.wallet, { signal }),
    getPool: (orgId: string, signal?: AbortSignal) => api.call(CHAT_POOL_ENDPOINTS.pool, { params: { orgId }, signal }),
    getAgents: (signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.agents, { signal }),
    getHistory: (agentId: string, signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.history, { params: { agentId }, signal }),
    getConversations: (query: { agentId?: string; q?: string; cursor?: string }, signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.conversations, { query, signal }),
    getConversation: (conversationId: string, signal?: AbortSignal) => api.call(CHAT_ENDPOINTS.conversationMessages, { params: { conversationId }, signal }),
    renameConversation: (conversationId: string, title: string) => api.call(CHAT_ENDPOINTS.renameConversation, { params: { conversationId }, body: { title } }),
    deleteConversation: (conversationId: string) => api.call(CHAT_ENDPOINTS.deleteConversation, { params: { conversationId } }),
    switchBranch: (conversationId: string, messageId: string) => api.call(CHAT_ENDPOINTS.switchBranch, { params: { conversationId }, body: { messageId } }),
    /** Sends and reads the server-sent events as they arrive, so the reply shows token by token. */
    async send(agentId: string, body: ChatSendRequest, handlers: StreamHandlers, signal?: AbortSignal): Promise<SendOutcome> {
      try {
        for await (const { event, data } of events.stream(CHAT_ENDPOINTS.send, { params: { agentId }, body, signal })) {
          const parsed = JSON.parse(data) as unknown;
          if (event === 'waiting') handlers.onWaiting(chatStreamWaiting.parse(parsed));
          else if (event === 'token') handlers.onToken(chatStreamToken.parse(parsed).text);
          else if (event === 'done') return { kind: 'done', done: chatStreamDone.parse(parsed) };
          else if (event === 'error') return { kind: 'failed', error: chatStreamError.parse(parsed) };
        }
      } catch (error) {
        // A refusal before the stream (no credits, a bad message) is the server's own words.
        if (error instanceof ApiError && error.status > 0)
          return { kind: 'refused', message: error.code === 'http_error' ? 'Could not send your message. Please try again.' : error.message };
        throw error;
      }
      return { kind: 'failed', error: { message: CLOSED_EARLY, reply: null } };
    },
  };
}
