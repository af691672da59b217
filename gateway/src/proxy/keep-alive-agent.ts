import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/**
 * How long an idle pooled connection is kept. It must end before the upstream closes it: Node
 * servers announce `Keep-Alive: timeout=5` (and close after about 5-6 s); a socket the upstream
 * is closing at the moment it is reused fails the request with ECONNRESET. Node 20's agent only
 * honours the announced timeout when the agent has a timeout of its own, so it needs this one.
 * (For in-flight requests the agent's timeout only emits 'timeout'; it does not cut streams.)
 */
export const IDLE_SOCKET_TIMEOUT_MS = 4_000;

/**
 * A connection pool per upstream: without it every proxied request opens a new TCP connection,
 * and the gateway spends more time connecting than proxying.
 */
export function keepAliveAgent(target: string): HttpAgent {
  const options = { keepAlive: true, timeout: IDLE_SOCKET_TIMEOUT_MS };
  return target.startsWith('https:') ? new HttpsAgent(options) : new HttpAgent(options);
}
