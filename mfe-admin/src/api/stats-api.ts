import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { ADMIN_STATS_ENDPOINTS, type BillingStats, type CatalogStats, type ChatStats, type IdentityStats, type StatsRange } from '@agentdock/contracts';

export interface OverviewStats {
  billing: BillingStats;
  identity: IdentityStats;
  chat: ChatStats;
  catalog: CatalogStats;
}

/** Each service's own figures for one range, asked in parallel; the overview composes them. */
export function statsApi(api: ApiClient) {
  return {
    overview: async (range: StatsRange, options?: CallOptions): Promise<OverviewStats> => {
      const [billing, identity, chat, catalog] = await Promise.all([
        api.call(ADMIN_STATS_ENDPOINTS.billing, { ...options, query: range }),
        api.call(ADMIN_STATS_ENDPOINTS.identity, { ...options, query: range }),
        api.call(ADMIN_STATS_ENDPOINTS.chat, { ...options, query: range }),
        api.call(ADMIN_STATS_ENDPOINTS.catalog, { ...options, query: range }),
      ]);
      return { billing, identity, chat, catalog };
    },
  };
}
