import type { ClientRequest } from 'node:http';

/** Raised when an upstream has not started its response in time; the gateway answers 504. */
export class UpstreamTimeoutError extends Error {
  override readonly name = 'UpstreamTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The upstream did not respond within ${timeoutMs} ms`);
  }
}

/**
 * Limits the wait for the response to begin, not its length: once headers arrive, a stream (chat
 * over SSE) may stay open and quiet as long as it likes. The caller clears the returned timer once
 * the response began or the request failed; a caller without its own listeners for those uses
 * `abortUnlessAnsweredWithin`.
 */
export function responseDeadline(proxyReq: ClientRequest, timeoutMs: number): NodeJS.Timeout {
  return setTimeout(() => proxyReq.destroy(new UpstreamTimeoutError(timeoutMs)), timeoutMs);
}

/** `responseDeadline`, cleared by listeners of its own. */
export function abortUnlessAnsweredWithin(proxyReq: ClientRequest, timeoutMs: number): void {
  const timer = responseDeadline(proxyReq, timeoutMs);
  proxyReq.once('response', () => clearTimeout(timer));
  proxyReq.once('close', () => clearTimeout(timer));
}
