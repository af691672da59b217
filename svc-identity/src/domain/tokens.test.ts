import { createServer } from 'node:http';
import { createTokenVerifier } from '@agentdock/service-kit';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@agentdock/contracts';
import { eq } from '@agentdock/service-data/orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { openDomainDb, type DomainDb } from '../../test/domain-db';
import { refreshTokens, sessions, users } from '../db/schema';
import { markSessionMfaVerified, revokeByRefreshToken, revokeUserSessions, rotateRefreshToken, startSession } from './refresh-tokens';
import { sha256 } from './secrets';
import { loadSigner } from './signing-keys';

// Spelled out rather than imported: a test comparing with the module's own constant cannot fail when it changes.
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const claims = (sub: string) => ({ sub, email: 'ada@example.com', admin: false, tier: 'starter' as const, name: 'Ada', sid: 'family-1' });

describe(`access tokens and refresh rotation (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let domain: DomainDb;
  beforeAll(async () => {
    domain = await openDomainDb();
  });
  afterAll(() => domain.close());
  const ends = () => ({ writer: domain.writer, accessTokenTtlSeconds: 600 });

  describe('signing', () => {
    it('signs ES256 tokens the kit’s verifier accepts from the published JWKS', async () => {
      const signer = await loadSigner(domain.database.db);
      const { token, expiresAt } = await signer.sign(claims('user-1'), 600);
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: signer.jwks.keys[0]?.kid, typ: 'JWT' });
      expect(expiresAt - Math.floor(Date.now() / 1000)).toBeGreaterThan(595);
      const payload = decodeJwt(token);
      expect(payload).toMatchObject({ sub: 'user-1', iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, exp: expiresAt });
      expect(payload.exp! - payload.iat!).toBe(600);
      expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(60);
      expect(signer.jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(signer.jwks.keys[0]).not.toHaveProperty('d');

      const server = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify(signer.jwks)));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as { port: number };
        const verifier = createTokenVerifier({ jwksUrl: `http://127.0.0.1:${port}/jwks.json` });
        await expect(verifier.verify(token)).resolves.toEqual(claims('user-1'));
      } finally {
        server.close();
      }
    });

    it('keeps its key in the database, so a restart (or another replica) verifies earlier tokens', async () => {
      const first = await loadSigner(domain.database.db);
      const { token } = await first.sign(claims('user-2'), 600);
      const restarted = await loadSigner(domain.database.db);
      expect(restarted.jwks).toEqual(first.jwks);
      await expect(restarted.verifier.verify(token)).resolves.toMatchObject({ sub: 'user-2' });
    });

    it('hands its verifier the admin second-factor policy, off unless asked for', async () => {
      expect((await loadSigner(domain.database.db)).verifier.adminRequiresMfa).toBe(false);
      expect((await loadSigner(domain.database.db, { adminRequiresMfa: true })).verifier.adminRequiresMfa).toBe(true);
    });

    it('refuses expired and tampered tokens', async () => {
      const signer = await loadSigner(domain.database.db);
      const expired = await signer.sign(claims('user-3'), -60);
      await expect(signer.verifier.verify(expired.token)).rejects.toMatchObject({ code: 'token_expired' });
      const { token } = await signer.sign(claims('user-3'), 600);
      const [header, , signature] = token.split('.');
      const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims('user-3'), admin: true })).toString('base64url')}.${signature}`;
      await expect(signer.verifier.verify(forged)).rejects.toMatchObject({ code: 'invalid_token' });
    });
  });

  describe('refresh tokens', () => {
    it('stores only a hash and rotates on every use', async () => {
      const userId = await domain.createUser();
      const started = await startSession(domain.database.db, userId, 'password');
      const stored = await domain.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, started.sessionId));
      expect(stored).toEqual([expect.objectContaining({ tokenHash: sha256(started.refreshToken), rotatedAt: null })]);
      expect(JSON.stringify(stored)).not.toContain(started.refreshToken);
      expect(started.expiresAt.getTime() - Date.now()).toBeGreaterThan(THIRTY_DAYS_MS - 60_000);
      expect(started.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(THIRTY_DAYS_MS);

      const next = await rotateRefreshToken(ends(), started.refreshToken, 0);
      expect(next).toMatchObject({ status: 'rotated', sessionId: started.sessionId, userId, kind: 'password' });
      if (next.status !== 'rotated') throw new Error('not rotated');
      expect(next.refreshToken).not.toBe(started.refreshToken);
      // Rotation keeps the family's end: refreshing never extends a session past 30 days.
      expect(next.expiresAt).toEqual(started.expiresAt);
      expect((await rotateRefreshToken(ends(), next.refreshToken, 0)).status).toBe('rotated');
    });

    it('revokes the whole family when a rotated token comes back', async () => {
      const userId = await domain.createUser();
      const started = await startSession(domain.database.db, userId, 'password');
      const second = await rotateRefreshToken(ends(), started.refreshToken, 0);
      if (second.status !== 'rotated') throw new Error('not rotated');

      expect((await rotateRefreshToken(ends(), started.refreshToken, 0)).status).toBe('reused');
      const [family] = await domain.database.db.select().from(sessions).where(eq(sessions.id, started.sessionId));
      expect(family).toMatchObject({ revokedReason: 'refresh token reused' });
      expect(family?.revokedAt).toBeInstanceOf(Date);
      // The legitimate holder's newer token dies with the family.
      expect((await rotateRefreshToken(ends(), second.refreshToken, 0)).status).toBe('invalid');
    });

    it('gives a token reused within the grace period (two tabs) a successor instead of revoking', async () => {
      const userId = await domain.createUser();
      const started = await startSession(domain.database.db, userId, 'password');
      const tabOne = await rotateRefreshToken(ends(), started.refreshToken, 10);
      const tabTwo = await rotateRefreshToken(ends(), started.refreshToken, 10);
      expect([tabOne.status, tabTwo.status]).toEqual(['rotated', 'rotated']);
      if (tabOne.status !== 'rotated' || tabTwo.status !== 'rotated') throw new Error('not rotated');
      expect(tabTwo.refreshToken).not.toBe(tabOne.refreshToken);
      expect((await rotateRefreshToken(ends(), tabTwo.refreshToken, 10)).status).toBe('rotated');
    });

    it('carries whether the sign-in passed a second factor through every rotation', async () => {
      const db = domain.database.db;
      const userId = await domain.createUser();
      const plain = await startSession(db, userId, 'password');
      expect(plain.mfaVerified).toBe(false);
      expect(await rotateRefreshToken(ends(), plain.refreshToken, 0)).toMatchObject({ status: 'rotated', mfaVerified: false });
      const verified = await startSession(db, userId, 'password', { mfaVerified: true });
      expect(verified.mfaVerified).toBe(true);
      expect(await rotateRefreshToken(ends(), verified.refreshToken, 0)).toMatchObject({ status: 'rotated', mfaVerified: true });
    });

    it('marks a live session of its own user as verified, and no other', async () => {
      const db = domain.database.db;
      const userId = await domain.createUser();
      const session = await startSession(db, userId, 'password');
      await markSessionMfaVerified(db, await domain.createUser(), session.sessionId);
      expect(await rotateRefreshToken(ends(), session.refreshToken, 0)).toMatchObject({ status: 'rotated', mfaVerified: false });

      const signedOut = await startSession(db, userId, 'password');
      await revokeByRefreshToken(ends(), signedOut.refreshToken);
      await markSessionMfaVerified(db, userId, signedOut.sessionId);
      const [row] = await db.select().from(sessions).where(eq(sessions.id, signedOut.sessionId));
      expect(row?.mfaVerifiedAt).toBeNull();

      const other = await startSession(db, userId, 'password');
      await markSessionMfaVerified(db, userId, session.sessionId);
      expect(await rotateRefreshToken(ends(), other.refreshToken, 0)).toMatchObject({ status: 'rotated', mfaVerified: false });
      const latest = await startSession(db, userId, 'otp');
      await markSessionMfaVerified(db, userId, latest.sessionId);
      expect(await rotateRefreshToken(ends(), latest.refreshToken, 0)).toMatchObject({ status: 'rotated', mfaVerified: true });
    });

    it('measures the grace period in seconds from the first rotation', async () => {
      const db = domain.database.db;
      const rotatedAgo = async (ms: number) => {
        const started = await startSession(db, await domain.createUser(), 'password');
        await db
          .update(refreshTokens)
          .set({ rotatedAt: new Date(Date.now() - ms) })
          .where(eq(refreshTokens.tokenHash, sha256(started.refreshToken)));
        return started.refreshToken;
      };
      expect((await rotateRefreshToken(ends(), await rotatedAgo(5_000), 10)).status).toBe('rotated');
      expect((await rotateRefreshToken(ends(), await rotatedAgo(15_000), 10)).status).toBe('reused');
      // A second rotation within the grace period does not restart it.
      const token = await rotatedAgo(15_000);
      expect((await rotateRefreshToken(ends(), token, 20)).status).toBe('rotated');
      expect((await rotateRefreshToken(ends(), token, 10)).status).toBe('reused');
    });

    it('records why a family ended, and keeps the first reason', async () => {
      const db = domain.database.db;
      const userId = await domain.createUser();
      const signedOut = await startSession(db, userId, 'password');
      await revokeByRefreshToken(ends(), signedOut.refreshToken);
      await revokeByRefreshToken(ends(), 'never-issued');
      const current = await startSession(db, userId, 'password');
      const other = await startSession(db, userId, 'link');
      await domain.writer.transaction((tx) => revokeUserSessions(tx, ends(), userId, 'password changed', current.sessionId));
      const reasons = async () => Object.fromEntries((await db.select().from(sessions).where(eq(sessions.userId, userId))).map((row) => [row.id, row.revokedReason]));
      expect(await reasons()).toEqual({ [signedOut.sessionId]: 'signed out', [current.sessionId]: null, [other.sessionId]: 'password changed' });
      await domain.writer.transaction((tx) => revokeUserSessions(tx, ends(), userId, 'suspended'));
      expect(await reasons()).toEqual({ [signedOut.sessionId]: 'signed out', [current.sessionId]: 'suspended', [other.sessionId]: 'password changed' });
    });

    it('refuses unknown, expired, revoked and suspended users’ tokens', async () => {
      const db = domain.database.db;
      expect((await rotateRefreshToken(ends(), 'never-issued', 0)).status).toBe('invalid');

      const expiring = await startSession(db, await domain.createUser(), 'link');
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, expiring.sessionId));
      expect((await rotateRefreshToken(ends(), expiring.refreshToken, 0)).status).toBe('invalid');

      const signedOut = await startSession(db, await domain.createUser(), 'password');
      await revokeByRefreshToken(ends(), signedOut.refreshToken);
      expect((await rotateRefreshToken(ends(), signedOut.refreshToken, 0)).status).toBe('invalid');

      const suspendedUser = await domain.createUser();
      const suspended = await startSession(db, suspendedUser, 'password');
      await db.update(users).set({ isSuspended: true }).where(eq(users.id, suspendedUser));
      expect((await rotateRefreshToken(ends(), suspended.refreshToken, 0)).status).toBe('suspended');
    });

    it('ends every session of a user, or all but the current one', async () => {
      const db = domain.database.db;
      const userId = await domain.createUser();
      const current = await startSession(db, userId, 'password');
      const other = await startSession(db, userId, 'otp');
      await domain.writer.transaction((tx) => revokeUserSessions(tx, ends(), userId, 'password changed', current.sessionId));
      expect((await rotateRefreshToken(ends(), other.refreshToken, 0)).status).toBe('invalid');
      const kept = await rotateRefreshToken(ends(), current.refreshToken, 0);
      expect(kept.status).toBe('rotated');
      await domain.writer.transaction((tx) => revokeUserSessions(tx, ends(), userId, 'suspended'));
      if (kept.status === 'rotated') expect((await rotateRefreshToken(ends(), kept.refreshToken, 0)).status).toBe('invalid');
    });
  });
});
