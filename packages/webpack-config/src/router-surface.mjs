// The part of React Router that the platform shares under the key 'react-router-dom'.
// Shared modules are never tree-shaken, so sharing the whole package would put all of React
// Router (data routers, server rendering, RSC: ~63 KB gzipped) on every first view. The apps run
// in declarative mode (<BrowserRouter>), so this lists React Router's complete declarative-mode
// API (~15 KB gzipped); data/framework-mode APIs cannot work under <BrowserRouter> anyway.
// The build fails if application code imports anything not listed here (router-surface-guard).
// Only ever add names: a shell built earlier must keep serving remotes built later.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  NavigationType,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
