import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useState } from 'react';
import { ApiError, isAbortError } from '@agentdock/api-client';

/**
 * A refusal (4xx) will not change on retry; a network failure or a 5xx may. A call cut by a
 * sign-out (an abort) must not be sent again.
 */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (isAbortError(error)) return false;
  return failures < 2;
}

/**
 * One server-state cache for a signed-in remote's page, made once per mount (not per render, not
 * per module: tests and sign-outs start clean). Inside a cache already provided (a test's client,
 * a page composed into another) the page shares that one. Its own entry point
 * (`@agentdock/ui/query`), never exported from the package's index, so the public pages never
 * carry the query library.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(
    () =>
      outer ??
      new QueryClient({
        defaultOptions: {
          queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
