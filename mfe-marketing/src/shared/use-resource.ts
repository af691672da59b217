import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { forgetSeededResource, seededResource } from '../ssr/server-data';

export type Resource<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'loaded'; data: T };

const LOADING = { status: 'loading' } as const;

/**
 * Loads `load()` when the component mounts and again whenever `key` changes (e.g. a route
 * parameter), aborting the previous call; `retry` loads again for an error state's Try Again.
 * Data the server rendered the page with is the first state, so hydration matches the HTML and
 * the first load is skipped.
 *
 * What a load gives is kept with the key it was for, and a render whose key has changed since
 * reads as loading: the render before the new load starts must not show the previous key's answer
 * as this one's (a membership checked before the session was known, read as "not a member" once it
 * is, sent a member away from the page they opened).
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): [Resource<T>, () => void] {
  const [state, setState] = useState<{ key: string; resource: Resource<T> }>(() => {
    const seeded = seededResource(key);
    return { key, resource: seeded ? { status: 'loaded', data: seeded.data as T } : LOADING };
  });
  const [attempt, setAttempt] = useState(0);
  // The loader is usually an inline closure; only `key` and retries decide when to load again.
  const latestLoad = useRef(load);
  latestLoad.current = load;

  useEffect(() => {
    const seeded = attempt === 0 ? seededResource(key) : undefined;
    if (seeded) {
      forgetSeededResource(key);
      setState((current) => (current.key === key ? current : { key, resource: { status: 'loaded', data: seeded.data as T } }));
      return;
    }
    const controller = new AbortController();
    setState({ key, resource: LOADING });
    latestLoad.current(controller.signal).then(
      (data) => setState({ key, resource: { status: 'loaded', data } }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        console.error(`[agentdock] loading ${key} failed`, error);
        setState({ key, resource: { status: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return [state.key === key ? state.resource : LOADING, retry];
}
