import { ADMIN_USER_LIST_MAX_LIMIT, type UserProfile } from '@agentdock/contracts';
import { useAdminApi } from '../api/use-admin-api';
import { useLoad } from './use-load';

/**
 * The profiles of the users other services name only by id (course members, audit subjects), so
 * the console can show who they are. A failure leaves the ids on screen; it is not worth a banner.
 */
export function useUserDirectory(ids: readonly string[]): Map<string, UserProfile> {
  const api = useAdminApi();
  const unique = [...new Set(ids)].sort();
  const directory = useLoad(async (signal) => {
    const chunks: string[][] = [];
    for (let start = 0; start < unique.length; start += ADMIN_USER_LIST_MAX_LIMIT) chunks.push(unique.slice(start, start + ADMIN_USER_LIST_MAX_LIMIT));
    const pages = await Promise.all(chunks.map((chunk) => api.identity.listUsers({ ids: chunk, limit: ADMIN_USER_LIST_MAX_LIMIT, offset: 0 }, { signal })));
    return new Map(pages.flatMap((page) => page.users.map((user) => [user.id, user] as const)));
  }, unique.join(','));
  return directory.data ?? new Map();
}
