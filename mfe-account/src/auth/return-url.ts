/** Carries the optional returnUrl of /signin and /signup across the links between them. */
export function withReturnUrl(path: string, search: string): string {
  const returnUrl = new URLSearchParams(search).get('returnUrl');
  return returnUrl ? `${path}?returnUrl=${encodeURIComponent(returnUrl)}` : path;
}
