import { useEffect, useState } from 'react';
import { SERVER_RENDERED_ATTRIBUTE } from '../server-rendered';

type Descriptions = Readonly<Record<string, string>>;

let descriptions: Descriptions | undefined;
let loading: Promise<Descriptions> | undefined;

function loadDescriptions(): Promise<Descriptions> {
  if (!loading) {
    const started = import('./route-descriptions').then((module) => (descriptions = module.ROUTE_DESCRIPTIONS));
    loading = started;
    // Tried again by the next page when it failed (a deploy, the network).
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
  }
  return loading;
}

// The path of the page the server rendered: its HTML carries its description already (a course's
// own text, too). Forgotten once the browser shows another page.
let servedPath: string | null = typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) ? window.location.pathname : null;

/** Whether `pathname` is the page the server rendered, still shown: its HTML has its title and description (a course's own). */
export function isServedPage(pathname: string): boolean {
  return servedPath !== null && pathname === servedPath;
}

/**
 * The route's meta description for a page the browser renders itself, once the table of
 * descriptions has loaded (with the first such page); undefined for the page the server rendered,
 * whose HTML has it, so no first view downloads every route's description.
 */
export function useRouteDescription(routePath: string, pathname: string): string | undefined {
  const served = isServedPage(pathname);
  const [loaded, setLoaded] = useState(descriptions);
  useEffect(() => {
    if (served) return undefined;
    servedPath = null;
    if (loaded) return undefined;
    let current = true;
    loadDescriptions().then(
      (table) => current && setLoaded(table),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [served, loaded]);
  return served ? undefined : loaded?.[routePath];
}
