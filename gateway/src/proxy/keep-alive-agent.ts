import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/**
 * How long an idle pooled connection is kept when the upstream announces no `Keep-Alive:
 * timeout=…`, and at most with Node's agent. It must end before the upstream closes it: a socket
 * the upstream is closing at the moment it is reused fails the request with ECONNRESET. Plain
 * Node servers announce 5 s; the service kit's announce 65 s, which undici follows less a margin
 * (`KEEP_ALIVE_MARGIN_MS` in the proxy's pool), so the services' connections outlive a lull, while Node 20's agent
 * takes the smaller of its own timeout and the announced one (and honours the announcement only
 * with a timeout of its own). (For in-flight requests the agent's timeout only emits 'timeout'; it
 * does not cut streams.)
 */
export const IDLE_SOCKET_TIMEOUT_MS = 4_000;

/**
 * How long before an upstream's announced idle limit the proxy's pool gives a connection up, not
 * undici's 2 s: its timers tick on a coarse clock, and a busy event loop runs them late, while a
 * request sent on a connection the upstream is closing fails (one with a body cannot be sent again).
 */
export const KEEP_ALIVE_MARGIN_MS = 5_000;

/**
 * A connection pool per upstream: without it every proxied request opens a new TCP connection,
 * and the gateway spends more time connecting than proxying.
 */
export function keepAliveAgent(target: string): HttpAgent {
  const options = { keepAlive: true, timeout: IDLE_SOCKET_TIMEOUT_MS };
  return target.startsWith('https:') ? new HttpsAgent(options) : new HttpAgent(options);
}
