import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  CHAT_ENDPOINTS,
  CHAT_POOL_ENDPOINTS,
  CHAT_POOL_STATEMENT_ENDPOINTS,
  CHAT_STATEMENT_ENDPOINTS,
  type StatementCsvQuery,
  type StatementResponse,
  type TeamPool,
  type PoolUsage,
  type UsageSummary,
  type Wallet,
} from '@agentdock/contracts';
import type { StatementRequest } from '@agentdock/ui';

export type { UsageSummary, Wallet };

/** svc-chat, which owns the credit wallet and the usage it records; with `teamId`, the statement is of that team's pool. */
export function chatApi(api: ApiClient, teamId: string | null = null) {
  const team = teamId ? { orgId: teamId } : null;
  return {
    getPool: (orgId: string, options?: CallOptions): Promise<TeamPool> => api.call(CHAT_POOL_ENDPOINTS.pool, { ...options, params: { orgId } }),
    getWallet: (options?: CallOptions): Promise<Wallet> => api.call(CHAT_ENDPOINTS.wallet, options),
    getUsage: (options?: CallOptions): Promise<UsageSummary> => api.call(CHAT_ENDPOINTS.usage, options),
    /** A team pool's spending per member and day in its current period (a member gets their own only). */
    getPoolUsage: (orgId: string, options?: CallOptions): Promise<PoolUsage> => api.call(CHAT_POOL_ENDPOINTS.usage, { ...options, params: { orgId }, query: {} }),
    getStatement: (request: StatementRequest, signal?: AbortSignal): Promise<StatementResponse> =>
      team
        ? api.call(CHAT_POOL_STATEMENT_ENDPOINTS.poolStatement, { params: team, signal, query: { ...request } })
        : api.call(CHAT_STATEMENT_ENDPOINTS.mine, { signal, query: { ...request } }),
    /** The whole range as CSV, written by svc-chat in one read of the ledger. */
    getStatementCsv: async (range: StatementCsvQuery): Promise<Blob> =>
      (team
        ? await api.download(CHAT_POOL_STATEMENT_ENDPOINTS.poolStatementCsv, { params: team, query: range })
        : await api.download(CHAT_STATEMENT_ENDPOINTS.mineCsv, { query: range })
      ).blob,
  };
}
