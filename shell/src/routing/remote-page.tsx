import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingBlock } from '@agentdock/ui';
import type { PageRegistry } from '../federation/page-registry';
import type { RemoteRoute } from './route-table';
import { RemoteBoundary } from './remote-boundary';
import { useDocumentTitle } from './use-document-title';

interface RemotePageProps {
  route: RemoteRoute;
  registry: PageRegistry;
}

/** One routed page of a micro-frontend, with its loading and failure states. */
export function RemotePage({ route, registry }: RemotePageProps) {
  const { pathname } = useLocation();
  useDocumentTitle(route.title);
  return (
    <RemoteBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <LoadedPage route={route} registry={registry} />
      </Suspense>
    </RemoteBoundary>
  );
}

/** Asks the registry during render, so a retry after a failure gets a fresh lazy component. */
function LoadedPage({ route, registry }: RemotePageProps) {
  const Page = registry.page(route.remote, route.page);
  return <Page />;
}

function PageLoading() {
  return (
    <div className="shell-page-loading">
      <LoadingBlock label="Loading…" />
    </div>
  );
}
