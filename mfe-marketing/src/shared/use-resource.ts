import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import { forgetSeededResource, seededResource } from '../ssr/server-data';

export type Resource<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'loaded'; data: T };

/**
 * Loads `load()` when the component mounts and again whenever `key` changes (e.g. a route
 * parameter), aborting the previous call; `retry` loads again for an error state's Try Again.
 * Data the server rendered the page with is the first state, so hydration matches the HTML and
 * the first load is skipped.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): [Resource<T>, () => void] {
  const [state, setState] = useState<Resource<T>>(() => {
    const seeded = seededResource(key);
    return seeded ? { status: 'loaded', data: seeded.data as T } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  // The loader is usually an inline closure; only `key` and retries decide when to load again.
  const latestLoad = useRef(load);
  latestLoad.current = load;

  useEffect(() => {
    if (attempt === 0 && seededResource(key)) {
      forgetSeededResource(key);
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    latestLoad.current(controller.signal).then(
      (data) => setState({ status: 'loaded', data }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        console.error(`[agentdock] loading ${key} failed`, error);
        setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return [state, retry];
}
