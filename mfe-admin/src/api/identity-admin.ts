import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { adminUserList, userProfile, type AdminUserList, type AdminUserPatch, type UserProfile } from '@agentdock/contracts';

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
    listUsers: ({ q, ids, limit, offset }: UserListQuery, options?: CallOptions): Promise<AdminUserList> => {
      const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      if (q) query.set('q', q);
      if (ids) query.set('ids', ids.join(','));
      return api.request(`/api/identity/admin/users?${query}`, { ...options, schema: adminUserList });
    },
    updateUser: (id: string, patch: AdminUserPatch): Promise<UserProfile> =>
      api.request(`/api/identity/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, schema: userProfile }),
  };
}

export type IdentityAdminApi = ReturnType<typeof identityAdminApi>;
