import { ADMIN_USER_LIST_MAX_LIMIT, type AdminUserList, type SubscriptionTier } from '@agentdock/contracts';
import type { AdminApi } from '../api/use-admin-api';

export const USERS_PAGE_SIZE = 20;

export const FILTER_PARAMS = ['plan', 'status', 'from', 'to', 'sort'] as const;
export type Filters = Record<(typeof FILTER_PARAMS)[number], string>;

/**
 * One page of the users matching the filters. Plan, suspension and sign-up day are identity's;
 * past due and cancelling are billing's, which names those users for identity to list.
 */
export async function findUsers(api: AdminApi, q: string, filters: Filters, offset: number, signal: AbortSignal): Promise<AdminUserList> {
  const identityQuery = {
    q: q || undefined,
    tier: (filters.plan || undefined) as SubscriptionTier | undefined,
    signedUpFrom: filters.from || undefined,
    signedUpTo: filters.to || undefined,
    status: filters.status === 'active' || filters.status === 'suspended' ? (filters.status as 'active' | 'suspended') : undefined,
  };
  let ids: string[] | undefined;
  if (filters.status === 'past_due' || filters.status === 'cancelling') ids = (await api.billing.customersByStatus(filters.status, { signal })).userIds;
  if (filters.sort !== 'credits') {
    if (ids?.length === 0) return { users: [], total: 0 };
    return api.identity.listUsers({ ...identityQuery, ids, limit: USERS_PAGE_SIZE, offset }, { signal });
  }
  // Most credits used: chat ranks its heaviest users, identity keeps those the other filters match,
  // and the page is cut from chat's order here.
  const ranking = (await api.chat.creditsRanking({ signal })).map((row) => row.userId).filter((id) => !ids || ids.includes(id));
  if (ranking.length === 0) return { users: [], total: 0 };
  const matching = await api.identity.listUsers({ ...identityQuery, ids: ranking, limit: ADMIN_USER_LIST_MAX_LIMIT, offset: 0 }, { signal });
  const byId = new Map(matching.users.map((user) => [user.id, user]));
  const ordered = ranking.flatMap((id) => byId.get(id) ?? []);
  return { users: ordered.slice(offset, offset + USERS_PAGE_SIZE), total: ordered.length };
}

/** `?page=3` → the offset of its first user; anything else is the first page. */
export function pageOffset(page: string | null, pageSize = USERS_PAGE_SIZE): number {
  const number = Number(page);
  return Number.isSafeInteger(number) && number > 1 ? (number - 1) * pageSize : 0;
}
