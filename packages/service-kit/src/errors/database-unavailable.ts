/**
 * Whether an error means the database could not be reached (a restart, a failover): the one kind
 * of failure a retry of the same work can get past. The error handler answers it with a 503, and
 * work that must finish (a reply's settlement) retries it; anything else, a programming error
 * included, is never retried.
 */

/**
 * Connection exceptions (class 08), the server shutting down, crashed or starting (57P01-57P03),
 * and no connection slot left (53300), as a restarting server refuses the first reconnections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The texts of `pg`'s own errors for a lost connection, which carry no code: the socket closed
 * under a query ("Connection terminated unexpectedly", "… due to connection timeout"), and any
 * later query on a client whose socket failed, such as the ROLLBACK drizzle sends after a failed
 * statement and throws in its place ("Client has encountered a connection error and is not queryable").
 */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)/;

/** The database is down or restarting: somewhere in the cause chain, the driver lost or could not reach it. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; typeof current === 'object' && current !== null && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
