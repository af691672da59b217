import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  CHAT_ADMIN_ENDPOINTS,
  CHAT_CUSTOMER_ENDPOINTS,
  CHAT_STATEMENT_ENDPOINTS,
  type StatementCsvQuery,
  type StatementResponse,
  type AdminMessage,
  type ConnectionInput,
  type ConnectionModels,
  type ConnectionPatch,
  type ConnectionTestResult,
  type DraftTestReply,
  type DraftTestRequest,
  type ModelConnection,
  type CreditsRanking,
  type CustomerUsage,
  type Wallet,
  type WalletAdjustment,
} from '@agentdock/contracts';
import type { StatementRequest } from '@agentdock/ui';

/** How many of a user's latest replies the refund list shows. */
const RECENT_REPLIES = 20;

/** svc-chat's admin API: credit wallets, adjustments and refunds of replies. */
export function chatAdminApi(api: ApiClient) {
  return {
    /** Users without a wallet yet are absent from the answer. */
    getWallets: async (userIds: readonly string[], options?: CallOptions): Promise<Wallet[]> =>
      (await api.call(CHAT_ADMIN_ENDPOINTS.wallets, { ...options, query: { userIds: userIds.join(',') } })).wallets,
    adjustCredits: async (userId: string, body: WalletAdjustment): Promise<Wallet> => (await api.call(CHAT_ADMIN_ENDPOINTS.adjustWallet, { params: { userId }, body })).wallet,
    recentReplies: async (userId: string, options?: CallOptions): Promise<AdminMessage[]> =>
      (await api.call(CHAT_ADMIN_ENDPOINTS.recentReplies, { ...options, params: { userId }, query: { limit: RECENT_REPLIES } })).messages,
    /** The customer's statement, as the customer reads it on the dashboard. */
    customerStatement: (userId: string, request: StatementRequest, signal?: AbortSignal): Promise<StatementResponse> =>
      api.call(CHAT_STATEMENT_ENDPOINTS.customer, { signal, params: { userId }, query: { ...request } }),
    /** The customer's statement of the range as CSV, the file the customer downloads. */
    customerStatementCsv: async (userId: string, range: StatementCsvQuery): Promise<Blob> =>
      (await api.download(CHAT_STATEMENT_ENDPOINTS.customerCsv, { params: { userId }, query: range })).blob,
    customerUsage: (userId: string, options?: CallOptions): Promise<CustomerUsage> => api.call(CHAT_CUSTOMER_ENDPOINTS.usage, { ...options, params: { userId } }),
    /** The heaviest users of plan credits this period, most first. */
    creditsRanking: async (options?: CallOptions): Promise<CreditsRanking['users']> => (await api.call(CHAT_CUSTOMER_ENDPOINTS.creditsRanking, { ...options, query: {} })).users,
    refundReply: async (messageId: string, reason: string): Promise<Wallet> => (await api.call(CHAT_ADMIN_ENDPOINTS.refund, { params: { messageId }, body: { reason } })).wallet,
    listConnections: async (options?: CallOptions): Promise<ModelConnection[]> => (await api.call(CHAT_ADMIN_ENDPOINTS.connections, options)).connections,
    createConnection: (body: ConnectionInput): Promise<ModelConnection> => api.call(CHAT_ADMIN_ENDPOINTS.createConnection, { body }),
    updateConnection: (id: string, body: ConnectionPatch): Promise<ModelConnection> => api.call(CHAT_ADMIN_ENDPOINTS.updateConnection, { params: { id }, body }),
    deleteConnection: (id: string): Promise<void> => api.call(CHAT_ADMIN_ENDPOINTS.deleteConnection, { params: { id } }),
    makeDefaultConnection: (id: string): Promise<ModelConnection> => api.call(CHAT_ADMIN_ENDPOINTS.makeDefaultConnection, { params: { id } }),
    connectionModels: async (id: string, options?: CallOptions): Promise<ConnectionModels['models']> =>
      (await api.call(CHAT_ADMIN_ENDPOINTS.connectionModels, { ...options, params: { id } })).models,
    testConnection: (id: string): Promise<ConnectionTestResult> => api.call(CHAT_ADMIN_ENDPOINTS.testConnection, { params: { id } }),
    /** One turn of the console's "Draft test" chat: charged to nobody. */
    draftTest: (agentId: string, body: DraftTestRequest, options?: CallOptions): Promise<DraftTestReply> =>
      api.call(CHAT_ADMIN_ENDPOINTS.draftTest, { ...options, params: { agentId }, body }),
  };
}
