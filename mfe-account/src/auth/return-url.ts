import { sitePath } from '@agentdock/contracts';
import { hrefWithReturnUrl, RETURN_URL_PARAM } from '@agentdock/ui';

/**
 * The page to go to after signing in: the `returnUrl` query value (decoded), honoured only when it
 * is a path on this site, so a crafted link cannot send a visitor elsewhere.
 */
export function returnPath(search: string): string | null {
  return sameSitePath(new URLSearchParams(search).get(RETURN_URL_PARAM));
}

/**
 * `value` (decoded once more when it arrives encoded) as a normalised path on this site, or null
 * for anything else: the contracts' sitePath, the same check the server applies to links.
 */
export function sameSitePath(value: string | null): string | null {
  if (!value) return null;
  return sitePath(value.startsWith('/') ? value : safeDecode(value));
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
