import { PAGE_ROUTES, type PageRoute } from './page-routes';
import { ROUTE_DESCRIPTIONS } from './route-descriptions';

export interface RemoteRoute extends PageRoute {
  /** The page's meta description (search results, link previews). */
  description: string;
}

/** Every page of the product and the micro-frontend that renders it, with its description. Anything else is a 404. */
export const ROUTES: readonly RemoteRoute[] = PAGE_ROUTES.map((route) => ({ ...route, description: ROUTE_DESCRIPTIONS[route.path] ?? '' }));
