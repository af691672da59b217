import type { ConsoleErrorMatcher } from './fixtures';

/**
 * Chromium logs every 4xx/5xx answer to fetch as a console error ("Failed to load resource: the
 * server responded with a status of 403 (Forbidden)"); this matches the one a test provokes.
 */
export function failedRequest(status: number, path: string): ConsoleErrorMatcher {
  return ({ text, url }) => text.includes(`status of ${status}`) && new URL(url, 'http://site').pathname === path;
}

/**
 * A sign-out clicked while the dashboard is still loading revokes the session under the calls on
 * their way: they (and the refresh they try) are answered 401 and the page moves to /signin. The
 * user sees nothing of it; Chromium logs each 401 as a console error.
 */
export const callsCutBySignOut: ConsoleErrorMatcher = ({ text, url }) => text.includes('status of 401') && new URL(url, 'http://site').pathname.startsWith('/api/');
