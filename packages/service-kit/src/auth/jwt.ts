import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AccessTokenClaims, accessTokenClaims } from '@agentdock/contracts';
import { AuthUnavailableError, InvalidTokenError, TokenExpiredError } from './auth-errors';

export interface TokenVerifier {
  /** Resolves to the token's claims or rejects with InvalidTokenError, TokenExpiredError or AuthUnavailableError. */
  verify(token: string): Promise<AccessTokenClaims>;
  /**
   * Admin routes (requireAdmin, and svc-identity's own admin guard) also demand the `mfa` claim:
   * an admin account without a second factor is the easiest way into every user's data.
   */
  readonly adminRequiresMfa?: boolean;
}

export type TokenVerifierOptions =
  /** svc-identity's JWKS, e.g. http://127.0.0.1:3101/api/identity/.well-known/jwks.json */
  | { jwksUrl: string | URL }
  /** Keys at hand (svc-identity verifies its own tokens without fetching its own JWKS). */
  | { keys: JWTVerifyGetKey };

interface VerifierPolicy {
  /** See TokenVerifier.adminRequiresMfa (ADMIN_REQUIRE_MFA); false when unset. */
  adminRequiresMfa?: boolean;
}

// Hosts' clocks drift a little; a few seconds keep a fresh token from failing on another machine.
const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Verifies access tokens against svc-identity's published keys (fetched once, cached, refetched
 * when an unknown key id appears), checks issuer, audience and expiry, and parses the claims.
 *
 * @example
 * const verifier = createTokenVerifier({ jwksUrl: config.JWKS_URL });
 * router.get('/me', requireAuth(verifier), (req, res) => res.json(getAuth(req)));
 */
export function createTokenVerifier(options: TokenVerifierOptions & VerifierPolicy): TokenVerifier {
  const keys = 'keys' in options ? options.keys : createRemoteJWKSet(new URL(options.jwksUrl));
  return {
    adminRequiresMfa: options.adminRequiresMfa ?? false,
    async verify(token) {
      const { payload } = await jwtVerify(token, keys, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }).catch((err: unknown) => {
        throw toAuthError(err);
      });
      const claims = accessTokenClaims.safeParse(payload);
      if (!claims.success) throw new InvalidTokenError(claims.error);
      return claims.data;
    },
  };
}

function toAuthError(err: unknown): Error {
  if (err instanceof errors.JWTExpired) return new TokenExpiredError(err);
  // A generic JOSEError is what jose raises when the key set response is unusable.
  if (err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError) || err.code === errors.JOSEError.code) {
    return new AuthUnavailableError(err);
  }
  return new InvalidTokenError(err);
}
