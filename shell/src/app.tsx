import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { PageRegistry } from './federation/page-registry';
import { Layout } from './layout/layout';
import { FocusManager } from './routing/focus-manager';
import { NotFound } from './routing/not-found';
import { RemotePage } from './routing/remote-page';
import { PAGE_ROUTES } from './routing/page-routes';
import { ScrollManager } from './routing/scroll-manager';

export function AppRoutes({ registry }: { registry: PageRegistry }) {
  return (
    <Layout>
      <Routes>
        {PAGE_ROUTES.map((route) => (
          // The key gives each page its own boundary, so one page's failure never sticks to another.
          <Route key={route.path} path={route.path} element={<RemotePage key={route.path} route={route} registry={registry} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Layout>
  );
}

/** Everything inside the router; the server renderer puts the same tree in a static router. */
export function AppContent({ registry }: { registry: PageRegistry }) {
  return (
    <>
      <ScrollManager />
      <FocusManager />
      <AppRoutes registry={registry} />
    </>
  );
}

export function App({ registry }: { registry: PageRegistry }) {
  return (
    <BrowserRouter>
      <AppContent registry={registry} />
    </BrowserRouter>
  );
}
