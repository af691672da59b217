import type { UseQueryResult } from '@tanstack/react-query';

/**
 * One figure source (a service's answer), as the dashboard's cards read it. `data` is the last
 * answer that arrived; `error` the failure of the latest attempt, if it failed; `pending` while an
 * attempt runs. Data and error together mean a refresh failed and the figures shown are the
 * previous ones.
 */
export interface SourceState<T> {
  data: T | undefined;
  error: unknown;
  pending: boolean;
}

/** Whether the source has never answered nor failed yet (its first load). */
export function isFirstLoad(source: SourceState<unknown>): boolean {
  return source.data === undefined && source.error === undefined;
}

/** A query's state as a source: its answer kept through a failed refresh, beside the failure. */
export function sourceOf<T>(query: UseQueryResult<T>): SourceState<T> {
  return { data: query.data, error: query.error ?? undefined, pending: query.isFetching };
}
