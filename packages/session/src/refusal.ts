/**
 * The server said no to the refresh cookie (missing, revoked, user suspended), as opposed to not
 * answering. A timeout (408) or a rate limit (429) is "not now", never "no": treating it as a
 * refusal would sign the visitor out because the server was busy.
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}
