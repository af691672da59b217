import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { CHAT_ENDPOINTS, CHAT_STATEMENT_ENDPOINTS, type StatementCsvQuery, type StatementResponse, type UsageSummary, type Wallet } from '@agentdock/contracts';
import type { StatementRequest } from '@agentdock/ui';

export type { UsageSummary, Wallet };

/** svc-chat, which owns the credit wallet and the usage it records. */
export function chatApi(api: ApiClient) {
  return {
    getWallet: (options?: CallOptions): Promise<Wallet> => api.call(CHAT_ENDPOINTS.wallet, options),
    getUsage: (options?: CallOptions): Promise<UsageSummary> => api.call(CHAT_ENDPOINTS.usage, options),
    getStatement: (request: StatementRequest, signal?: AbortSignal): Promise<StatementResponse> => api.call(CHAT_STATEMENT_ENDPOINTS.mine, { signal, query: { ...request } }),
    /** The whole range as CSV, written by svc-chat in one read of the ledger. */
    getStatementCsv: async (range: StatementCsvQuery): Promise<Blob> => (await api.download(CHAT_STATEMENT_ENDPOINTS.mineCsv, { query: range })).blob,
  };
}
