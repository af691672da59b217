import type { AccessTokenClaims } from '@agentdock/contracts';
import type { TokenVerifier } from '@agentdock/service-kit';

export interface TokenCacheOptions {
  /** Verified tokens remembered at most; the oldest is dropped first. */
  maxTokens?: number;
  now?: () => number;
}

/**
 * Remembers the claims of tokens that verified, by token string, until the token's own expiry. A
 * signed token cannot change, so verifying it again gives the same answer until then; the
 * signature check (jose, on every request of a signed-in user) is the gateway's costliest step.
 * Failures are never remembered. What this does not see, a key withdrawn from the JWKS, does not
 * widen access: the gateway's check is an early refusal, and every service verifies each token
 * again and applies suspensions itself.
 */
export function cachingVerifier(verifier: TokenVerifier, { maxTokens = 10_000, now = Date.now }: TokenCacheOptions = {}): TokenVerifier {
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();
  return {
    adminRequiresMfa: verifier.adminRequiresMfa,
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAtMs > now()) return known.claims;
      verified.delete(token);
      const claims = await verifier.verify(token);
      const expiresAtMs = expiryMs(token);
      if (expiresAtMs !== undefined && expiresAtMs > now()) {
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
