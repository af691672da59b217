import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingBlock, useDocumentTitle } from '@agentdock/ui';
import type { PageRegistry } from '../federation/page-registry';
import { markInteractive } from '../interaction-guard';
import { servedPageWake } from '../served-page-wake';
import type { PageRoute } from './page-routes';
import { RemoteBoundary } from './remote-boundary';
import { isServedPage, useRouteDescription } from './route-description';

interface RemotePageProps {
  route: PageRoute;
  registry: PageRegistry;
}

/** One routed page of a micro-frontend, with its loading and failure states. */
export function RemotePage({ route, registry }: RemotePageProps) {
  const { pathname } = useLocation();
  // The served page's HTML has its title (a course's own name) until its page code says it again.
  useDocumentTitle(isServedPage(pathname) ? undefined : route.title, useRouteDescription(route.path, pathname));
  // Held in state, not asked for on every render: React re-renders a failed subtree while it
  // recovers, and a fresh component each time would start a fresh download each time.
  const [Page, setPage] = useState(() => registry.page(route.remote, route.page));
  const retry = useCallback(() => setPage(() => registry.page(route.remote, route.page)), [registry, route]);

  return (
    <RemoteBoundary resetKey={pathname} onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <Page />
        <PageInteractive />
      </Suspense>
    </RemoteBoundary>
  );
}

/** Its effect runs once the page beside it has hydrated or rendered. */
function PageInteractive() {
  useEffect(() => {
    markInteractive();
    // The server's copies of the styles (see insert-style.cjs) served the first page only.
    return () => document.head.querySelectorAll('style[data-ssr]').forEach((style) => style.remove());
  }, []);
  return null;
}

/**
 * Drawn only where the page renders in the browser (a navigation, or a served page React had to
 * draw again): its code is needed now, whatever the visitor has done so far.
 */
function PageLoading() {
  useEffect(() => servedPageWake.wake(), []);
  return (
    <div className="shell-page-loading">
      <LoadingBlock label="Loading…" />
    </div>
  );
}
