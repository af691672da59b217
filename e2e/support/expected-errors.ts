import type { ConsoleErrorMatcher } from './fixtures';

/**
 * Chromium logs every 4xx/5xx answer to fetch as a console error ("Failed to load resource: the
 * server responded with a status of 403 (Forbidden)"); this matches the one a test provokes.
 */
export function failedRequest(status: number, path: string): ConsoleErrorMatcher {
  return ({ text, url }) => text.includes(`status of ${status}`) && new URL(url, 'http://site').pathname === path;
}
