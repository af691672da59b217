import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';

/**
 * One figure source (a service's answer). `data` is the last answer that arrived; `error` the
 * failure of the latest attempt, if it failed; `pending` while an attempt runs. Data and error
 * together mean a refresh failed and the figures shown are the previous ones.
 */
export interface SourceState<T> {
  data: T | undefined;
  error: unknown;
  pending: boolean;
}

export type Loaders = Record<string, (signal: AbortSignal) => Promise<unknown>>;
export type SourceStates<L extends Loaders> = { [K in keyof L]: SourceState<Awaited<ReturnType<L[K]>>> };

const FIRST: SourceState<never> = { data: undefined, error: undefined, pending: true };

/** Whether the source has never answered nor failed yet (its first load). */
export function isFirstLoad(source: SourceState<unknown>): boolean {
  return source.data === undefined && source.error === undefined;
}

/**
 * Loads every source in parallel on mount, each on its own: one that fails leaves the others'
 * figures in place. `reload(names)` loads those again (all by default) and settles when they have;
 * a newer load of a source supersedes an older one still running.
 */
export function useSources<L extends Loaders>(
  loaders: L,
): {
  sources: SourceStates<L>;
  reload: (names?: ReadonlyArray<keyof L>) => Promise<void>;
  /** Takes an answer that arrived another way (e.g. the profile the session just saved). */
  replace: <K extends keyof L>(name: K, data: Awaited<ReturnType<L[K]>>) => void;
} {
  const latestLoaders = useRef(loaders);
  latestLoaders.current = loaders;
  const [sources, setSources] = useState(() => {
    const initial: Record<string, SourceState<unknown>> = {};
    for (const name of Object.keys(loaders)) initial[name] = FIRST;
    return initial as SourceStates<L>;
  });
  const controllers = useRef(new Map<keyof L, AbortController>());

  const update = useCallback((name: keyof L, change: Partial<SourceState<unknown>>) => {
    setSources((previous) => ({ ...previous, [name]: { ...previous[name], ...change } }));
  }, []);

  const loadOne = useCallback(
    async (name: keyof L) => {
      controllers.current.get(name)?.abort();
      const controller = new AbortController();
      controllers.current.set(name, controller);
      update(name, { pending: true });
      try {
        const data = await latestLoaders.current[name]!(controller.signal);
        if (!controller.signal.aborted) update(name, { data, error: undefined, pending: false });
      } catch (error) {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error(`[agentdock] loading ${String(name)} failed`, error);
        update(name, { error, pending: false });
      } finally {
        if (controllers.current.get(name) === controller) controllers.current.delete(name);
      }
    },
    [update],
  );

  const reload = useCallback(
    async (names: ReadonlyArray<keyof L> = Object.keys(latestLoaders.current) as Array<keyof L>) => {
      await Promise.all(names.map(loadOne));
    },
    [loadOne],
  );

  const replace = useCallback(
    <K extends keyof L>(name: K, data: Awaited<ReturnType<L[K]>>) => {
      controllers.current.get(name)?.abort();
      update(name, { data, error: undefined, pending: false });
    },
    [update],
  );

  useEffect(() => {
    const running = controllers.current;
    void reload();
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, [reload]);

  return { sources, reload, replace };
}
