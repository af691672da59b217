import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/**
 * A connection pool per upstream: without it every proxied request opens a new TCP connection,
 * and the gateway spends more time connecting than proxying.
 */
export function keepAliveAgent(target: string): HttpAgent {
  return target.startsWith('https:') ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
}
