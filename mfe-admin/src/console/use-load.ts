import { useCallback, useId } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again; the answer replaces the data. */
  reload: () => void;
  /** Replaces the data with what an action's answer already says (no second round trip). */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

/** Every console read sits under this key: `invalidateQueries({ queryKey: ADMIN_QUERY_KEY })` asks them all again. */
export const ADMIN_QUERY_KEY = ['admin', 'load'] as const;

/**
 * One server read tied to the component, as a query of the console's cache: loads on mount and
 * whenever `key` changes (the previous answer stays on screen meanwhile); a newer load aborts the
 * one still running, and unmounting aborts it too. The key names the read within the component
 * (callers use the same string for different reads), so each component keeps its own entry.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const owner = useId();
  const queryClient = useQueryClient();
  const queryKey = [...ADMIN_QUERY_KEY, owner, key];
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), placeholderData: keepPreviousData });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) => queryClient.setQueryData<T>([...ADMIN_QUERY_KEY, owner, key], update),
    [queryClient, owner, key],
  );
  return { data: query.data, error: query.error ?? undefined, loading: query.isFetching, reload, setData };
}
