import type { ApiClient, CallOptions } from '@agentdock/api-client';
import {
  IDENTITY_ADMIN_ENDPOINTS,
  IDENTITY_CUSTOMER_ENDPOINTS,
  type AdminUserList,
  type AdminUserPatch,
  type AdminUserSecurity,
  type SubscriptionTier,
  type UserProfile,
} from '@agentdock/contracts';

export interface UserListQuery {
  q?: string;
  /** Only these users (at most ADMIN_USER_LIST_MAX_LIMIT). */
  ids?: readonly string[];
  tier?: SubscriptionTier;
  status?: 'active' | 'suspended';
  /** Signed up on or after / on or before these UTC days (YYYY-MM-DD). */
  signedUpFrom?: string;
  signedUpTo?: string;
  limit: number;
  offset: number;
}

/** svc-identity's admin API: the users, their tier and suspension. */
export function identityAdminApi(api: ApiClient) {
  return {
    listUsers: ({ q, ids, tier, status, signedUpFrom, signedUpTo, limit, offset }: UserListQuery, options?: CallOptions): Promise<AdminUserList> =>
      // An empty search is no search; the ids travel comma-separated, as the query schema reads them.
      api.call(IDENTITY_ADMIN_ENDPOINTS.users, {
        ...options,
        query: { limit, offset, q: q || undefined, ids: ids?.join(','), tier, status, signedUpFrom: signedUpFrom || undefined, signedUpTo: signedUpTo || undefined },
      }),
    security: (id: string, options?: CallOptions): Promise<AdminUserSecurity> => api.call(IDENTITY_CUSTOMER_ENDPOINTS.security, { ...options, params: { id } }),
    revokeSession: (id: string, sessionId: string): Promise<void> => api.call(IDENTITY_CUSTOMER_ENDPOINTS.revokeSession, { params: { id, sessionId } }),
    resetMfa: (id: string): Promise<void> => api.call(IDENTITY_ADMIN_ENDPOINTS.resetMfa, { params: { id } }),
    updateUser: (id: string, patch: AdminUserPatch): Promise<UserProfile> => api.call(IDENTITY_ADMIN_ENDPOINTS.updateUser, { params: { id }, body: patch }),
  };
}

export type IdentityAdminApi = ReturnType<typeof identityAdminApi>;
