import type { Request, RequestHandler } from 'express';
import { StripeApiError } from './errors';

export const param = (req: Request, name: string) => String(req.params[name] ?? '');

/** What every list endpoint takes besides its filters. */
export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before', 'created'] as const;

/** The request's `expand[]` (body or query), as a list of paths. */
export const expandOf = (req: Request): string[] => {
  const given = (req.body as { expand?: unknown } | undefined)?.expand ?? req.query.expand;
  const list = Array.isArray(given) ? given : given && typeof given === 'object' ? Object.values(given) : given === undefined ? [] : [given];
  return list.map(String);
};

/**
 * Refuses parameters the endpoint does not take with Stripe's `parameter_unknown` (`expand` is
 * taken everywhere). Body and query both count, as Stripe reads either.
 */
export function allow(...names: string[]): RequestHandler {
  const known = new Set([...names, 'expand']);
  return (req, _res, next) => {
    const given = [...Object.keys((req.body as Record<string, unknown> | undefined) ?? {}), ...Object.keys(req.query)];
    const unknown = given.find((name) => !known.has(name));
    if (unknown) throw new StripeApiError(400, 'invalid_request_error', 'parameter_unknown', `Received unknown parameter: ${unknown}`, unknown);
    next();
  };
}

/** Stripe's list object, newest first, cut at `limit` (default 10, at most 100). */
export function list<T>(url: string, data: T[], req: Request) {
  const limit = req.query.limit === undefined ? 10 : Number(req.query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: limit must be between 1 and 100', 'limit');
  }
  return { object: 'list' as const, data: data.slice(0, limit), has_more: data.length > limit, url };
}
