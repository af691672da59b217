import { hrefWithReturnUrl, RETURN_URL_PARAM } from '@agentdock/ui';

/**
 * The page to go to after signing in: the `returnUrl` query value (decoded), honoured only when it
 * is a path on this site, so a crafted link cannot send a visitor elsewhere.
 */
export function returnPath(search: string): string | null {
  return sameSitePath(new URLSearchParams(search).get(RETURN_URL_PARAM));
}

/** `value` as a path on this site (path, query and hash), or null for anything else. */
export function sameSitePath(value: string | null): string | null {
  if (!value) return null;
  const decoded = value.startsWith('/') ? value : safeDecode(value);
  // '//host' and '/\host' are other sites to a browser.
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.startsWith('/\\')) return null;
  // On the server (prerendered sign-in) any origin works: the question is only whether the path leaves it.
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const url = new URL(decoded, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Carries the optional returnUrl of /signin and /signup across the links between them. */
export function withReturnUrl(path: string, search: string): string {
  return hrefWithReturnUrl(path, returnPath(search));
}
