import express from 'express';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type SubscriptionTier } from '@agentdock/contracts';
import { closeHttpServer, serverUrl, startHttpServer } from '../http/server';

export interface TestTokenOptions {
  sub: string;
  email: string;
  admin?: boolean;
  tier?: SubscriptionTier;
  /** The multi-factor claim; left out of the token when undefined. */
  mfa?: boolean;
  /** The user's full name, as svc-identity adds it when the account has one. */
  name?: string;
  /** jose time span ('15m', '-1h' for an already expired token) or an absolute epoch in seconds. */
  expiresIn?: string | number;
  /** Override to produce tokens a verifier must reject. */
  issuer?: string;
  audience?: string;
}

export interface TestIssuer {
  /** Where verifiers fetch the public key, as they would from svc-identity. */
  jwksUrl: string;
  issue(options: TestTokenOptions): Promise<string>;
  close(): Promise<void>;
}

const KEY_ID = 'test-key';
const ALGORITHM = 'ES256';

/**
 * A stand-in for svc-identity in tests: a fresh ES256 key pair whose JWKS is served from a
 * throwaway local server, and a signer for access tokens with any claims.
 *
 * @example
 * const issuer = await createTestIssuer();
 * const verifier = createTokenVerifier({ jwksUrl: issuer.jwksUrl });
 * const token = await issuer.issue({ sub: 'u1', email: 'ada@example.com', admin: true });
 * afterAll(() => issuer.close());
 */
export async function createTestIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair(ALGORITHM);
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: ALGORITHM, use: 'sig' };
  const app = express();
  app.get('/.well-known/jwks.json', (_req, res) => {
    res.json({ keys: [jwk] });
  });
  const server = await startHttpServer(app, { port: 0, host: '127.0.0.1' });
  return {
    jwksUrl: `${serverUrl(server)}/.well-known/jwks.json`,
    issue: ({ sub, email, admin = false, tier = 'free', mfa, name, expiresIn = '15m', issuer = ACCESS_TOKEN_ISSUER, audience = ACCESS_TOKEN_AUDIENCE }) =>
      new SignJWT({ email, admin, tier, ...(mfa === undefined ? {} : { mfa }), ...(name === undefined ? {} : { name }) })
        .setProtectedHeader({ alg: ALGORITHM, kid: KEY_ID })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey),
    close: () => closeHttpServer(server),
  };
}
