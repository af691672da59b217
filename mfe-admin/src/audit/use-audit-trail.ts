import { useCallback, useEffect, useRef, useState } from 'react';
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

type Cursors = Partial<Record<AuditedService, string | null>>;

/**
 * Every service's audit entries matching `filter`, merged newest first. Each service pages on
 * its own cursor; "older" asks only the services that have more.
 */
export function useAuditTrail(filter: AuditFilter | null): AuditTrail {
  const api = useAdminApi();
  const [state, setState] = useState<Omit<AuditTrail, 'loadOlder' | 'hasOlder'> & { cursors: Cursors }>({
    entries: [],
    loading: true,
    failed: [],
    error: undefined,
    cursors: {},
  });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    async (services: readonly AuditedService[], cursors: Cursors, append: boolean) => {
      if (!filter) return;
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((previous) => ({ ...previous, loading: true }));
      const results = await Promise.allSettled(
        services.map((service) => api.audit.list(service, { ...filter, limit: AUDIT_PAGE_SIZE, cursor: cursors[service] ?? undefined }, { signal: current.signal })),
      );
      if (current.signal.aborted) return;
      setState((previous) => {
        const nextCursors: Cursors = append ? { ...previous.cursors } : {};
        const failed: AuditedService[] = [];
        let error: unknown;
        const lists = results.map((result, index) => {
          const service = services[index]!;
          if (result.status === 'fulfilled') {
            nextCursors[service] = result.value.nextCursor;
            return result.value.entries;
          }
          failed.push(service);
          error ??= result.reason;
          return [];
        });
        return { entries: mergeNewestFirst(append ? previous.entries : [], ...lists), loading: false, failed, error, cursors: nextCursors };
      });
    },
    [api, filter],
  );

  useEffect(() => {
    void load(AUDITED_SERVICES, {}, false);
    return () => controller.current?.abort();
  }, [load]);

  const withOlder = AUDITED_SERVICES.filter((service) => typeof state.cursors[service] === 'string');
  const loadOlder = () => void load(withOlder, state.cursors, true);
  return { entries: state.entries, loading: state.loading, failed: state.failed, error: state.error, hasOlder: withOlder.length > 0, loadOlder };
}
