import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { IDENTITY_ADMIN_ENDPOINTS, type AdminUserList, type AdminUserPatch, type UserProfile } from '@agentdock/contracts';

export interface UserListQuery {
  q?: string;
  /** Only these users (at most ADMIN_USER_LIST_MAX_LIMIT). */
  ids?: readonly string[];
  limit: number;
  offset: number;
}

/** svc-identity's admin API: the users, their tier and suspension. */
export function identityAdminApi(api: ApiClient) {
  return {
    listUsers: ({ q, ids, limit, offset }: UserListQuery, options?: CallOptions): Promise<AdminUserList> =>
      // An empty search is no search; the ids travel comma-separated, as the query schema reads them.
      api.call(IDENTITY_ADMIN_ENDPOINTS.users, { ...options, query: { limit, offset, q: q || undefined, ids: ids?.join(',') } }),
    updateUser: (id: string, patch: AdminUserPatch): Promise<UserProfile> => api.call(IDENTITY_ADMIN_ENDPOINTS.updateUser, { params: { id }, body: patch }),
  };
}

export type IdentityAdminApi = ReturnType<typeof identityAdminApi>;
