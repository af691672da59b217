import { webcrypto } from 'node:crypto';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { fakeIdentity, memoryStorage, type FakeIdentity } from '@agentdock/session/testing';

/** Shows where the router went, so tests can follow redirects. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders an auth page at `url` with a real session client over a fake identity service. Other
 * paths render only the location they landed on.
 */
export function renderAuthPage(
  url: string,
  routes: Record<string, ReactElement>,
  { identity = fakeIdentity(), signedIn = false, storage = memoryStorage() }: { identity?: FakeIdentity; signedIn?: boolean; storage?: ReturnType<typeof memoryStorage> } = {},
) {
  if (signedIn) storage.setItem(SESSION_HINT_KEY, '1');
  const client = createSessionClient({
    fetch: identity.fetch,
    storage,
    crypto: webcrypto as unknown as Crypto,
    channel: null,
    lock: null,
    watchVisibility: false,
  });
  // The pages' own query cache, without its retries: a failure the test sets up is shown at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
  const view = render(
    <SessionProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            {Object.entries(routes).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { ...view, identity, client, storage, queryClient };
}
