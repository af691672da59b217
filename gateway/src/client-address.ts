import type { Request } from 'express';

const ADDRESS = Symbol('clientAddress');

type WithAddress = Request & { [ADDRESS]?: string };

/**
 * The client's address: the socket's, or the one a trusted proxy in front named (TRUST_PROXY_HOPS);
 * a client's own X-Forwarded-For is never believed. Worked out once per request: express derives
 * req.ip anew on every read (its trust function over X-Forwarded-For), and the rate limit and the
 * forwarded headers both need it.
 */
export function clientAddress(req: Request): string {
  const known = req as WithAddress;
  return (known[ADDRESS] ??= req.ip ?? req.socket.remoteAddress ?? '');
}
