import { CHAT_BASE } from '../http/bases';
import { apiKeyUsageResponse } from '../public-api/usage';
import { defineEndpoint } from '../http/endpoint';
import { chatBranchSwitch, chatConversationRename, chatConversationResponse, chatConversationsQuery, chatConversationsResponse } from './conversation';
import { connectionInput, connectionModels, connectionPatch, connectionTestResult, draftTestReply, draftTestRequest, modelConnection, modelConnectionList } from './connections';
import { chatAgentsResponse, chatHistoryResponse, chatSendRequest } from './message';
import {
  adminMessagesQuery,
  adminMessagesResponse,
  adminWalletsQuery,
  adminWalletsResponse,
  messageRefund,
  usageSummary,
  wallet,
  walletAdjustment,
  walletResponse,
} from './wallet';

/** svc-chat's endpoints for the signed-in user, behind the gateway at /api/chat. */
export const CHAT_ENDPOINTS = {
  wallet: defineEndpoint('GET', CHAT_BASE, '/wallet', { response: wallet }),
  usage: defineEndpoint('GET', CHAT_BASE, '/usage', { response: usageSummary }),
  agents: defineEndpoint('GET', CHAT_BASE, '/agents', { response: chatAgentsResponse }),
  /** The latest conversation with the agent (the single history of a first conversation). */
  history: defineEndpoint('GET', CHAT_BASE, '/agents/:agentId/messages', { response: chatHistoryResponse }),
  /** Every conversation of the account, newest first, a page at a time (`nextCursor`). */
  conversations: defineEndpoint('GET', CHAT_BASE, '/conversations', { query: chatConversationsQuery, response: chatConversationsResponse }),
  /** The shown branch, oldest first, each message with siblings carrying its `branch`. The owner's only: anyone else gets 404. */
  conversationMessages: defineEndpoint('GET', CHAT_BASE, '/conversations/:conversationId/messages', { response: chatHistoryResponse }),
  /** Shows the branch through a message (its latest leaf); answers the conversation as `conversationMessages` does. */
  switchBranch: defineEndpoint('PUT', CHAT_BASE, '/conversations/:conversationId/branch', { request: chatBranchSwitch, response: chatHistoryResponse }),
  renameConversation: defineEndpoint('PATCH', CHAT_BASE, '/conversations/:conversationId', { request: chatConversationRename, response: chatConversationResponse }),
  deleteConversation: defineEndpoint('DELETE', CHAT_BASE, '/conversations/:conversationId', { response: undefined }),
  /**
   * A refusal is an ordinary JSON error; once accepted the answer is a text/event-stream of
   * CHAT_STREAM_EVENTS (chatStreamWaiting, chatStreamToken, then chatStreamDone or chatStreamError),
   * read as it arrives rather than through `call`.
   */
  send: defineEndpoint('POST', CHAT_BASE, '/agents/:agentId/messages', { request: chatSendRequest, response: undefined }),
  /** This month's requests and credits per API key of the signed-in user (keys never used are absent). */
  apiKeyUsage: defineEndpoint('GET', CHAT_BASE, '/api-keys/usage', { response: apiKeyUsageResponse }),
} as const;

/** Where svc-chat's admin router is mounted: every endpoint under it is for admins only. */
export const CHAT_ADMIN_BASE = `${CHAT_BASE}/admin`;

/** svc-chat's admin endpoints (wallets, adjustments, refunds of replies); their own table so the chat page does not bundle them. */
export const CHAT_ADMIN_ENDPOINTS = {
  /** Users without a wallet yet are absent from the answer. */
  wallets: defineEndpoint('GET', CHAT_ADMIN_BASE, '/wallets', { query: adminWalletsQuery, response: adminWalletsResponse }),
  adjustWallet: defineEndpoint('POST', CHAT_ADMIN_BASE, '/wallets/:userId/adjustments', { request: walletAdjustment, response: walletResponse }),
  recentReplies: defineEndpoint('GET', CHAT_ADMIN_BASE, '/users/:userId/messages', { query: adminMessagesQuery, response: adminMessagesResponse }),
  refund: defineEndpoint('POST', CHAT_ADMIN_BASE, '/messages/:messageId/refund', { request: messageRefund, response: walletResponse }),
  connections: defineEndpoint('GET', CHAT_ADMIN_BASE, '/connections', { response: modelConnectionList }),
  createConnection: defineEndpoint('POST', CHAT_ADMIN_BASE, '/connections', { request: connectionInput, response: modelConnection }),
  updateConnection: defineEndpoint('PATCH', CHAT_ADMIN_BASE, '/connections/:id', { request: connectionPatch, response: modelConnection }),
  deleteConnection: defineEndpoint('DELETE', CHAT_ADMIN_BASE, '/connections/:id', { response: undefined }),
  /** Agents without a connection of their own use the default one. */
  makeDefaultConnection: defineEndpoint('POST', CHAT_ADMIN_BASE, '/connections/:id/default', { response: modelConnection }),
  connectionModels: defineEndpoint('GET', CHAT_ADMIN_BASE, '/connections/:id/models', { response: connectionModels }),
  testConnection: defineEndpoint('POST', CHAT_ADMIN_BASE, '/connections/:id/test', { response: connectionTestResult }),
  /** One turn of the console's "Draft test" chat: charged to nobody, recorded nowhere. */
  draftTest: defineEndpoint('POST', CHAT_ADMIN_BASE, '/agents/:agentId/draft-test', { request: draftTestRequest, response: draftTestReply }),
} as const;
