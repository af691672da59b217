// Kept free of zod so the browser's auth pages can use it without loading the schemas.
import { DASHBOARD_PATH } from './app-paths';

// Any origin of our own would do: the question is only whether a value leaves it.
const SITE = 'http://site.invalid';

/** Where a visitor goes after signing in when no (acceptable) return URL was given. */
export const DEFAULT_RETURN_PATH = DASHBOARD_PATH;

/**
 * `value` as a path on this site (path, query and hash), normalised by the URL parser as a
 * browser would resolve it, or null when it leaves the site. Normalising first matters: dot
 * segments, `%2e` and backslashes can turn a path that looks local (`/.//evil.example`,
 * `/a/..//evil.example`, `/./\evil.example`) into `//evil.example`, which a browser or router
 * reads as another host. The one check for the browser (return URLs) and the server (links).
 */
export function sitePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') || path.startsWith('/\\') ? null : path;
}

/** The normalised same-site path, or DEFAULT_RETURN_PATH. */
export const returnPathOrDefault = (value: string | null | undefined): string => sitePath(value) ?? DEFAULT_RETURN_PATH;
