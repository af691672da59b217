import type { ClientRequest } from 'node:http';

/** Raised when an upstream has not started its response in time; the gateway answers 504. */
class UpstreamTimeoutError extends Error {
  override readonly name = 'UpstreamTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The upstream did not respond within ${timeoutMs} ms`);
  }
}

/**
 * Limits the wait for the response to begin, not its length: once headers arrive, a stream (chat
 * over SSE) may stay open and quiet as long as it likes.
 */
export function abortUnlessAnsweredWithin(proxyReq: ClientRequest, timeoutMs: number): void {
  const timer = setTimeout(() => proxyReq.destroy(new UpstreamTimeoutError(timeoutMs)), timeoutMs);
  proxyReq.once('response', () => clearTimeout(timer));
  proxyReq.once('close', () => clearTimeout(timer));
}
