import type { AccessTokenClaims } from '@agentdock/contracts';
import type { TokenVerifier } from './jwt';

export interface TokenCacheOptions {
  /** Verified tokens remembered at most; the oldest is dropped first. */
  maxTokens?: number;
  /** How long a verification is remembered at most, however long the token still has to live. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Remembers the claims of tokens that verified, by token string, until the token's own expiry
 * (or `maxAgeMs`, if that comes first). A signed token cannot change, so verifying it again gives
 * the same answer until then; the signature check (jose: ES256 through WebCrypto, whose work and
 * answer pass through the thread pool) is the costliest step of a signed-in request. Failures are
 * never remembered. What this does not see is a key withdrawn from the JWKS: jose's own copy of
 * the JWKS is kept up to ten minutes, so a withdrawn key is honoured that long anyway, and a
 * `maxAgeMs` bounds how much longer a remembered token is. Checks that can change while a token
 * lives (suspension, revocation) belong outside this cache, run on every request.
 */
export function cachingVerifier(verifier: TokenVerifier, { maxTokens = 10_000, maxAgeMs = Infinity, now = Date.now }: TokenCacheOptions = {}): TokenVerifier {
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();
  return {
    adminRequiresMfa: verifier.adminRequiresMfa,
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAtMs > now()) return known.claims;
      verified.delete(token);
      const claims = await verifier.verify(token);
      const checkedAt = now();
      const expiresAtMs = Math.min(expiryMs(token) ?? checkedAt, checkedAt + maxAgeMs);
      if (expiresAtMs > checkedAt) {
        if (verified.size >= maxTokens) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs });
      }
      return claims;
    },
  };
}

// Read only after the token verified: its payload is then the issuer's own.
function expiryMs(token: string): number | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const exp = typeof payload === 'object' && payload !== null && 'exp' in payload ? payload.exp : undefined;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
