import { matchPath } from 'react-router-dom';
import { ROUTES, type RemoteRoute } from '../routing/route-table';

export interface RouteMatch {
  route: RemoteRoute;
  params: Record<string, string>;
}

/** The public route a path shows, or null for paths the server leaves to the browser. */
export function matchPublicRoute(pathname: string, routes: readonly RemoteRoute[] = ROUTES): RouteMatch | null {
  for (const route of routes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (!match) continue;
    if (!route.prerender) return null;
    const params = Object.fromEntries(Object.entries(match.params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    return { route, params };
  }
  return null;
}

/** Whether a path is one of the product's pages at all (anything else is the shell's not-found page). */
export function isKnownPage(pathname: string, routes: readonly RemoteRoute[] = ROUTES): boolean {
  return routes.some((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/**
 * The URL a public page is rendered (and its render cached) for: its path and, in a fixed order,
 * only the query parameters the route says the page reads. Anything else in the query changes
 * nothing on the page, so it must not cost a render of its own.
 */
export function renderedUrl(url: URL, route: RemoteRoute): URL {
  const rendered = new URL(url.pathname, url.origin);
  for (const name of [...(route.query ?? [])].sort()) for (const value of url.searchParams.getAll(name)) rendered.searchParams.append(name, value);
  return rendered;
}
