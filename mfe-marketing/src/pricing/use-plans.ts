import { useCallback, useEffect, useState } from 'react';
import type { Plan } from '@agentdock/contracts';
import { isAbortError } from '@agentdock/api-client';
import { marketingApi } from './marketing-api';

export type PlansState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; plans: Plan[] };

/** The live plan catalog, with a retry for the error state. */
export function usePlans(): [PlansState, () => void] {
  const [state, setState] = useState<PlansState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    marketingApi.getPlans({ signal: controller.signal }).then(
      (plans) => setState({ status: 'loaded', plans }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        console.error('[agentdock] loading plans failed', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return [state, retry];
}
