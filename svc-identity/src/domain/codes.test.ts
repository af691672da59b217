import { eq } from '@agentdock/service-data/orm';
import { openDomainDb, type DomainDb } from '../../test/domain-db';
import { pkce } from '../../test/helpers';
import { linkCodes, otpCodes } from '../db/schema';
import { consumeLinkCode, createLinkCode } from './link-codes';
import { issueOtp, OTP_MAX_FAILED_ATTEMPTS, verifyOtp } from './otp';
import { sha256 } from './secrets';

const TTL_MINUTES = 10;
// Spelled out rather than imported: a test comparing with the module's own constant cannot fail when it changes.
const HOUR_MS = 60 * 60 * 1000;

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`one-time codes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let domain: DomainDb;
  beforeAll(async () => {
    domain = await openDomainDb();
  });
  afterAll(() => domain.close());

  describe('link codes (PKCE)', () => {
    it('is spent by the browser holding the verifier, once, and lives an hour', async () => {
      const userId = await domain.createUser();
      const { verifier, challenge } = pkce();
      const code = await createLinkCode(domain.database.db, { userId, purpose: 'signup', codeChallenge: challenge });
      const [row] = await domain.database.db
        .select()
        .from(linkCodes)
        .where(eq(linkCodes.codeHash, sha256(code)));
      expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(HOUR_MS - 60_000);
      expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(HOUR_MS);

      await expect(consumeLinkCode(domain.database.db, code, verifier)).resolves.toEqual({ userId, purpose: 'signup' });
      await expect(consumeLinkCode(domain.database.db, code, verifier)).rejects.toMatchObject({ status: 400, code: 'invalid_code' });
    });

    it('refuses a verifier that does not match, leaving the code to its rightful browser', async () => {
      const userId = await domain.createUser();
      const mine = pkce();
      const code = await createLinkCode(domain.database.db, { userId, purpose: 'magiclink', codeChallenge: mine.challenge });
      await expect(consumeLinkCode(domain.database.db, code, pkce().verifier)).rejects.toMatchObject({ code: 'invalid_code' });
      await expect(consumeLinkCode(domain.database.db, code, mine.verifier)).resolves.toEqual({ userId, purpose: 'magiclink' });
    });

    it('refuses an expired or unknown code', async () => {
      const userId = await domain.createUser();
      const { verifier, challenge } = pkce();
      const code = await createLinkCode(domain.database.db, { userId, purpose: 'recovery', codeChallenge: challenge });
      await domain.database.db
        .update(linkCodes)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(linkCodes.codeHash, sha256(code)));
      await expect(consumeLinkCode(domain.database.db, code, verifier)).rejects.toMatchObject({ code: 'invalid_code' });
      await expect(consumeLinkCode(domain.database.db, 'made-up', verifier)).rejects.toMatchObject({ code: 'invalid_code' });
    });

    it('yields one success when the same code is exchanged twice at once', async () => {
      const userId = await domain.createUser();
      const { verifier, challenge } = pkce();
      const code = await createLinkCode(domain.database.db, { userId, purpose: 'signup', codeChallenge: challenge });
      const results = await Promise.allSettled([consumeLinkCode(domain.database.db, code, verifier), consumeLinkCode(domain.database.db, code, verifier)]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      // The loser gets the same answer as for any spent code, not a crash.
      expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { status: 400, code: 'invalid_code' } });
    });
  });

  describe('six-digit codes', () => {
    it('signs in with the right code once, valid for 10 minutes', async () => {
      const userId = await domain.createUser();
      const code = await issueOtp(domain.database.db, userId, TTL_MINUTES);
      expect(code).toMatch(/^\d{6}$/);
      const [row] = await domain.database.db.select().from(otpCodes).where(eq(otpCodes.userId, userId));
      const validFor = row!.expiresAt.getTime() - Date.now();
      expect(validFor).toBeGreaterThan((TTL_MINUTES - 1) * 60_000);
      expect(validFor).toBeLessThanOrEqual(TTL_MINUTES * 60_000);
      expect(row!.codeHash).not.toContain(code);
      await expect(verifyOtp(domain.database.db, userId, code)).resolves.toBe(userId);
      await expect(verifyOtp(domain.database.db, userId, code)).rejects.toMatchObject({ status: 400, code: 'invalid_otp' });
    });

    it('dies after five wrong guesses, even for the right code', async () => {
      const userId = await domain.createUser();
      const code = await issueOtp(domain.database.db, userId, TTL_MINUTES);
      for (let attempt = 0; attempt < OTP_MAX_FAILED_ATTEMPTS; attempt += 1) {
        await expect(verifyOtp(domain.database.db, userId, wrongCode(code))).rejects.toMatchObject({ code: 'invalid_otp' });
      }
      await expect(verifyOtp(domain.database.db, userId, code)).rejects.toMatchObject({ code: 'invalid_otp' });
    });

    it('accepts the right code after fewer than five wrong ones', async () => {
      const userId = await domain.createUser();
      const code = await issueOtp(domain.database.db, userId, TTL_MINUTES);
      for (let attempt = 0; attempt < OTP_MAX_FAILED_ATTEMPTS - 1; attempt += 1) {
        await expect(verifyOtp(domain.database.db, userId, wrongCode(code))).rejects.toMatchObject({ code: 'invalid_otp' });
      }
      await expect(verifyOtp(domain.database.db, userId, code)).resolves.toBe(userId);
    });

    it('refuses an expired code, and a code replaced by a newer one', async () => {
      const userId = await domain.createUser();
      const expiring = await issueOtp(domain.database.db, userId, TTL_MINUTES);
      await domain.database.db
        .update(otpCodes)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(otpCodes.userId, userId));
      await expect(verifyOtp(domain.database.db, userId, expiring)).rejects.toMatchObject({ code: 'invalid_otp' });

      const first = await issueOtp(domain.database.db, userId, TTL_MINUTES);
      const second = await issueOtp(domain.database.db, userId, TTL_MINUTES);
      if (first !== second) await expect(verifyOtp(domain.database.db, userId, first)).rejects.toMatchObject({ code: 'invalid_otp' });
      await expect(verifyOtp(domain.database.db, userId, second)).resolves.toBe(userId);
    });

    it('answers an unknown account like a wrong code', async () => {
      await expect(verifyOtp(domain.database.db, undefined, '123456')).rejects.toMatchObject({ code: 'invalid_otp' });
    });
  });
});
