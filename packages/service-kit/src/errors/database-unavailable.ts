/**
 * Whether an error means the database could not be reached (a restart, a failover): the one kind
 * of failure a retry of the same work can get past. The error handler answers it with a 503, and
 * work that must finish (a reply's settlement) retries it; anything else, a programming error
 * included, is never retried.
 */

/** Connection exceptions (class 08) and the server shutting down or starting (57P01-57P03). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** The database is down or restarting: somewhere in the cause chain, the driver lost or could not reach it. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; typeof current === 'object' && current !== null && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && /^Connection terminated/.test(message)) return true;
  }
  return false;
}
