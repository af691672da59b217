import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { describeFailure } from '@agentdock/ui';
import type { PoolApi, TeamPool } from './pool-api';

export type PoolState = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; pool: TeamPool };

/** The team's pool as svc-chat holds it; `reload` after a cap changed, so what shows is what the server holds. */
export function usePool(api: PoolApi, orgId: string) {
  const [pool, setPool] = useState<PoolState>({ state: 'loading' });
  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const loaded = await api.pool(orgId, { signal });
        if (!signal?.aborted) setPool({ state: 'loaded', pool: loaded });
      } catch (error) {
        if (!isAbortError(error) && !signal?.aborted) setPool({ state: 'failed', message: describeFailure(error).message });
      }
    },
    [api, orgId],
  );
  useEffect(() => {
    const controller = new AbortController();
    setPool({ state: 'loading' });
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return { pool, reload: () => load() };
}
