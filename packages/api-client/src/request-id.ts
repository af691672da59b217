/**
 * A random id for the x-request-id header. crypto.randomUUID exists only in secure contexts, and
 * self-hosted installations are sometimes opened over plain http on a LAN address.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
