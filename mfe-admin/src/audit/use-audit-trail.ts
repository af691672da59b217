import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@agentdock/contracts';
import { AUDITED_SERVICES, type AuditedService, type AuditFilter } from '../api/audit-api';
import { useAdminApi } from '../api/use-admin-api';
import { mergeNewestFirst } from './merge-audit';

const AUDIT_PAGE_SIZE = 50;

export interface AuditTrail {
  entries: AdminAuditEntry[];
  loading: boolean;
  /** The services whose entries could not be loaded (the others still show theirs). */
  failed: AuditedService[];
  /** The first failure, for the banner. */
  error: unknown;
  hasOlder: boolean;
  loadOlder: () => void;
}

/** Where each service's next page starts (null: it has no more); the first page asks every service from its newest. */
type Cursors = Partial<Record<AuditedService, string | null>>;

interface AuditPage {
  entries: AdminAuditEntry[];
  /** The cursors after this page: the ones it answered, the others carried over. */
  cursors: Cursors;
  failed: AuditedService[];
  error: unknown;
}

const stillPaging = (cursors: Cursors) => AUDITED_SERVICES.filter((service) => typeof cursors[service] === 'string');
/** The services a filter asks: its one area, or all of them. */
export const servicesOf = (filter: AuditFilter | null) => (filter?.area ? [filter.area] : AUDITED_SERVICES);

/**
 * Every service's audit entries matching `filter`, merged newest first: an infinite query whose
 * page asks each service that has more for its next page on its own cursor (the first page asks
 * them all). A service that fails leaves the others' entries in place.
 */
export function useAuditTrail(filter: AuditFilter | null): AuditTrail {
  const api = useAdminApi();
  const query = useInfiniteQuery({
    queryKey: ['admin', 'audit', filter],
    enabled: filter !== null,
    initialPageParam: null as Cursors | null,
    queryFn: async ({ pageParam, signal }): Promise<AuditPage> => {
      const services = pageParam ? stillPaging(pageParam) : servicesOf(filter);
      const results = await Promise.allSettled(
        services.map((service) => api.audit.list(service, { ...filter, limit: AUDIT_PAGE_SIZE, cursor: pageParam?.[service] ?? undefined }, { signal })),
      );
      const cursors: Cursors = { ...pageParam };
      const failed: AuditedService[] = [];
      let error: unknown;
      const lists = results.map((result, index) => {
        const service = services[index]!;
        if (result.status === 'fulfilled') {
          cursors[service] = result.value.nextCursor;
          return result.value.entries;
        }
        // Where it stood, so the next "older" asks it again.
        cursors[service] = pageParam?.[service] ?? null;
        failed.push(service);
        error ??= result.reason;
        return [];
      });
      return { entries: mergeNewestFirst(...lists), cursors, failed, error };
    },
    getNextPageParam: (page) => (stillPaging(page.cursors).length > 0 ? page.cursors : undefined),
    // Each filter is its own trail; a failed service is reported on its page, not retried behind the admin's back.
    retry: false,
  });
  const pages = query.data?.pages ?? [];
  const last = pages.at(-1);
  return {
    entries: mergeNewestFirst(...pages.map((page) => page.entries)),
    loading: filter !== null && (query.isPending || query.isFetching),
    failed: last?.failed ?? [],
    error: last?.error ?? (query.isError ? query.error : undefined),
    hasOlder: query.hasNextPage,
    loadOlder: () => void query.fetchNextPage(),
  };
}
