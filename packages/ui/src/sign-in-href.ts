/** The query parameter /signin and /signup read the page to return to from. */
export const RETURN_URL_PARAM = 'returnUrl';

/** `path` carrying the page to come back to, or plain `path` when there is none. */
export function hrefWithReturnUrl(path: string, returnUrl?: string | null): string {
  return returnUrl ? `${path}?${RETURN_URL_PARAM}=${encodeURIComponent(returnUrl)}` : path;
}

/** The sign-in page, returning to `returnUrl` (a path on this site) once signed in. */
export function signInHref(returnUrl?: string | null): string {
  return hrefWithReturnUrl('/signin', returnUrl);
}
