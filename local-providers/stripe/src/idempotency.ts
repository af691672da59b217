import type { RequestHandler } from 'express';
import { StripeApiError } from './engine';

interface Saved {
  fingerprint: string;
  /** Null while the first request with the key is still running. */
  response: { status: number; body: unknown } | null;
}

/** Parameters compared whatever order the client wrote them in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  }
  return value;
}

/**
 * Stripe's idempotent requests: a POST or DELETE with an `Idempotency-Key` is run once per key and
 * API key; a retry gets the first answer again with `Idempotent-Replayed: true`, the same key with
 * other parameters or another endpoint is an `idempotency_error`, and a retry while the first is
 * still running is 409 `idempotency_key_in_use`. Server errors are not saved, as on Stripe, so a
 * retry after one runs again. svc-billing's `customer-<userId>` key relies on this.
 */
export function idempotentRequests(): RequestHandler {
  const saved = new Map<string, Saved>();
  return (req, res, next) => {
    const key = req.get('idempotency-key');
    if (!key || (req.method !== 'POST' && req.method !== 'DELETE')) return next();
    const scope = `${req.get('authorization') ?? ''}\n${key}`;
    const fingerprint = JSON.stringify([req.method, req.path, canonical(req.body ?? {})]);
    res.set('Idempotency-Key', key);
    const previous = saved.get(scope);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (!previous.response) {
        throw new StripeApiError(
          409,
          'invalid_request_error',
          'idempotency_key_in_use',
          'There is currently another in-progress request using this Stripe API Idempotency-Key. Please try again later.',
        );
      }
      res.set('Idempotent-Replayed', 'true');
      return void res.status(previous.response.status).json(previous.response.body);
    }
    const entry: Saved = { fingerprint, response: null };
    saved.set(scope, entry);
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 500) saved.delete(scope);
      else entry.response = { status: res.statusCode, body };
      return json(body);
    };
    // A request that ends without an answer (a dropped connection) can be retried.
    res.on('close', () => {
      if (!entry.response) saved.delete(scope);
    });
    next();
  };
}
