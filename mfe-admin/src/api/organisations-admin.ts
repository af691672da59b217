import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  type AdminOrganisationDetail,
  type AdminOrganisationList,
  type AdminPoolBalance,
  type AdminTeamPool,
  type AdminTeamSubscriptions,
  BILLING_ADMIN_TEAM_ENDPOINTS,
  CHAT_ADMIN_POOL_ENDPOINTS,
  IDENTITY_ADMIN_ORGANISATION_ENDPOINTS,
} from '@agentdock/contracts';

/** How many teams one page of the console's list shows. */
export const ORGANISATIONS_PAGE_SIZE = 25;

export type { AdminOrganisationDetail, AdminOrganisationList, AdminPoolBalance, AdminTeamPool, AdminTeamSubscriptions };

/** Teams as each service owns them: members and roles (identity), the subscription and seats (billing), the pool (chat). */
export function organisationsAdminApi(api: ApiClient) {
  return {
    list: (q: string, offset: number, options?: CallOptions): Promise<AdminOrganisationList> =>
      api.call(IDENTITY_ADMIN_ORGANISATION_ENDPOINTS.organisations, { ...options, query: { q: q || undefined, limit: ORGANISATIONS_PAGE_SIZE, offset } }),
    detail: (orgId: string, options?: CallOptions): Promise<AdminOrganisationDetail> =>
      api.call(IDENTITY_ADMIN_ORGANISATION_ENDPOINTS.organisation, { ...options, params: { orgId } }),
    subscriptions: (ids: readonly string[], options?: CallOptions): Promise<AdminTeamSubscriptions> =>
      api.call(BILLING_ADMIN_TEAM_ENDPOINTS.teams, { ...options, query: { organisationIds: ids.join(',') } }),
    async pools(ids: readonly string[], options?: CallOptions): Promise<AdminPoolBalance[]> {
      return (await api.call(CHAT_ADMIN_POOL_ENDPOINTS.pools, { ...options, query: { organisationIds: ids.join(',') } })).pools;
    },
    pool: (orgId: string, options?: CallOptions): Promise<AdminTeamPool> => api.call(CHAT_ADMIN_POOL_ENDPOINTS.pool, { ...options, params: { orgId } }),
  };
}
