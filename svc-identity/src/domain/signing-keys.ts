import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AccessTokenClaims } from '@agentdock/contracts';
import { createTokenVerifier, type TokenVerifier } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import { asc } from '@agentdock/service-data/orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK, SignJWT } from 'jose';
import { signingKeys } from '../db/schema';

const ALGORITHM = 'ES256';

export interface SignedAccessToken {
  token: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** Signs access tokens with the service's key and publishes the public half as a JWKS. */
export interface AccessTokenSigner {
  jwks: JSONWebKeySet;
  sign(claims: AccessTokenClaims, ttlSeconds: number): Promise<SignedAccessToken>;
  /** Verifies this service's own tokens without fetching its own JWKS over HTTP. */
  verifier: TokenVerifier;
}

/**
 * Loads the signing keys from the database, creating the first one on a fresh database. Every
 * replica signs with the oldest key, so replicas that start together and each create a key still
 * agree; all keys are published, so tokens signed by any of them verify everywhere.
 */
export async function loadSigner(db: Db, policy: { adminRequiresMfa?: boolean } = {}): Promise<AccessTokenSigner> {
  let rows = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid));
  if (rows.length === 0) {
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = randomUUID();
    const describe = (jwk: JWK) => ({ ...jwk, kid, alg: ALGORITHM, use: 'sig' });
    await db.insert(signingKeys).values({ kid, publicJwk: describe(await exportJWK(publicKey)), privateJwk: describe(await exportJWK(privateKey)) });
    rows = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid));
  }
  const [current] = rows;
  if (!current) throw new Error('No signing key could be stored');
  const privateKey = await importJWK(current.privateJwk as JWK, ALGORITHM);
  const jwks: JSONWebKeySet = { keys: rows.map((row) => row.publicJwk as JWK) };
  return {
    jwks,
    verifier: createTokenVerifier({ keys: createLocalJWKSet(jwks), adminRequiresMfa: policy.adminRequiresMfa }),
    async sign(claims, ttlSeconds) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const { sub, ...rest } = claims;
      const token = await new SignJWT(rest)
        .setProtectedHeader({ alg: ALGORITHM, kid: current.kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(privateKey);
      return { token, expiresAt };
    },
  };
}
