import type { NextFunction, Request, RequestHandler } from 'express';
import type { AccessTokenClaims } from '@agentdock/contracts';
import { AdminRequiredError, UnauthorizedError } from '../errors/app-errors';
import { MfaRequiredError } from './auth-errors';
import type { TokenVerifier } from './jwt';

// Keyed by the request object itself, so claims vanish with it and nothing widens express's types.
const verifiedClaims = new WeakMap<Request, AccessTokenClaims>();

/** Rejects requests without a valid bearer token (401); routes then read the claims with getAuth(req). */
export function requireAuth(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    await authenticate(verifier, req, { required: true });
    next();
  };
}

/**
 * As requireAuth, and answers 403 to users without the admin flag, and 403 `mfa_required` to an
 * admin whose sign-in had no second factor when the verifier's policy asks for one.
 */
export function requireAdmin(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const claims = await authenticate(verifier, req, { required: true });
    if (!claims?.admin) throw new AdminRequiredError();
    assertAdminMfa(verifier, claims);
    next();
  };
}

/** The admin half of requireAdmin's check, for guards that decide who is an admin themselves. */
export function assertAdminMfa(verifier: Pick<TokenVerifier, 'adminRequiresMfa'>, claims: AccessTokenClaims): void {
  if (verifier.adminRequiresMfa && claims.mfa !== true) throw new MfaRequiredError();
}

/** Lets anonymous requests through, but a bearer token that is sent must be valid (401 otherwise). */
export function optionalAuth(verifier: TokenVerifier): RequestHandler {
  const verifying = async (req: Request, next: NextFunction) => {
    await authenticate(verifier, req, { required: false });
    next();
  };
  // An anonymous request has nothing to verify: passed on at once, without a promise and a
  // microtask on every request to the gateway.
  return (req, _res, next) => (bearerToken(req) === undefined ? next() : verifying(req, next));
}

/** The claims verified by requireAuth/requireAdmin; 401 if the route was not guarded. */
export function getAuth(req: Request): AccessTokenClaims {
  const claims = verifiedClaims.get(req);
  if (!claims) throw new UnauthorizedError();
  return claims;
}

/** The claims verified by optionalAuth, or undefined for an anonymous request. */
export function getOptionalAuth(req: Request): AccessTokenClaims | undefined {
  return verifiedClaims.get(req);
}

async function authenticate(verifier: TokenVerifier, req: Request, { required }: { required: boolean }): Promise<AccessTokenClaims | undefined> {
  const token = bearerToken(req);
  if (token === undefined) {
    if (required) throw new UnauthorizedError();
    return undefined;
  }
  const claims = await verifier.verify(token);
  verifiedClaims.set(req, claims);
  return claims;
}

function bearerToken(req: Request): string | undefined {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(req.headers.authorization ?? '');
  return match ? (match[1] ?? '').trim() : undefined;
}
