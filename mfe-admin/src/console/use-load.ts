import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again; the answer replaces the data. */
  reload: () => void;
  /** Replaces the data with what an action's answer already says (no second round trip). */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

/**
 * One server read tied to the component: loads on mount and whenever `key` changes; a newer load
 * aborts the one still running, and unmounting aborts it too.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    latest
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setState((current) => ({ ...current, error, loading: false }));
      });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const setData = useCallback((update: (current: T | undefined) => T | undefined) => setState((current) => ({ ...current, data: update(current.data) })), []);
  return { ...state, reload, setData };
}
