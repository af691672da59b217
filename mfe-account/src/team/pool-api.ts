import type { CallOptions } from '@agentdock/api-client';
import {
  BILLING_ENDPOINTS,
  BILLING_TEAM_ENDPOINTS,
  CHAT_POOL_ENDPOINTS,
  type CreditPack,
  IDENTITY_TEAM_EXPORT_ENDPOINTS,
  type PoolUsage,
  type StatsRange,
  type TeamPool,
  type TeamPoolMember,
} from '@agentdock/contracts';
import type { SessionClient } from '@agentdock/session';

export type { CreditPack, PoolUsage, TeamPool, TeamPoolMember };

/** The team's credit pool and usage (svc-chat), its credit packs (svc-billing) and its log's CSV (svc-identity). */
export function poolApi(client: SessionClient) {
  const { api } = client;
  return {
    pool: (orgId: string, options?: CallOptions): Promise<TeamPool> => api.call(CHAT_POOL_ENDPOINTS.pool, { ...options, params: { orgId } }),
    /** Without a range: the pool's current period. */
    usage: (orgId: string, range: StatsRange | null, options?: CallOptions): Promise<PoolUsage> =>
      api.call(CHAT_POOL_ENDPOINTS.usage, { ...options, params: { orgId }, query: range ?? {} }),
    setCap: (orgId: string, userId: string, monthlyCap: number | null): Promise<TeamPoolMember> =>
      api.call(CHAT_POOL_ENDPOINTS.setMemberCap, { params: { orgId, userId }, body: { monthlyCap } }),
    async packs(options?: CallOptions): Promise<CreditPack[]> {
      return (await api.call(BILLING_ENDPOINTS.creditPacks, options)).packs;
    },
    /** Checkout for a pack that fills the team's pool: where to send the browser. */
    async buyCredits(orgId: string, packId: string): Promise<string> {
      return (await api.call(BILLING_TEAM_ENDPOINTS.teamCheckout, { params: { orgId }, body: { kind: 'credits', packId } })).url;
    },
    activityCsv: (orgId: string, range: StatsRange) => api.download(IDENTITY_TEAM_EXPORT_ENDPOINTS.activityCsv, { params: { orgId }, query: range }),
  };
}

export type PoolApi = ReturnType<typeof poolApi>;
