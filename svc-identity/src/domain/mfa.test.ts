import { randomUUID } from 'node:crypto';
import { adminAudit, outbox } from '@agentdock/service-data';
import { and, asc, eq } from '@agentdock/service-data/orm';
import { openDomainDb, type DomainDb } from '../../test/domain-db';
import { mfaFactors, mfaRecoveryCodes, sessions, users } from '../db/schema';
import { confirmEnrolment, disableMfa, hasMfa, mfaStatusOf, regenerateRecoveryCodes, resealTotpSecrets, resetMfaAsAdmin, spendSecondFactor, startEnrolment } from './mfa';
import { createSecretBox } from '@agentdock/service-kit';
import { hashPassword } from './passwords';
import { startSession } from './refresh-tokens';
import { TOTP_PERIOD_SECONDS, totpAt } from './totp';

const PASSWORD = 'correct horse battery';
const KEY = Buffer.alloc(32, 1);
const box = createSecretBox(KEY);

// Every enrolment hashes ten recovery codes with argon2id at OWASP's cost (19 MiB, 2 passes), which
// on a busy machine made this file take minutes, and mutation testing reruns it per mutant. The
// hashes stay real argon2id, at the smallest cost: verify reads the cost from the hash, so nothing
// else changes. recovery-codes.test.ts and passwords.test.ts keep the real cost.
const argon2 = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
const costlyHash = argon2.hash;
beforeAll(() => {
  jest.spyOn(argon2, 'hash').mockImplementation((password, options) => costlyHash(password, { ...options, memoryCost: 64, timeCost: 1 }));
});
afterAll(() => jest.restoreAllMocks());

describe(`second-factor codes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let domain: DomainDb;
  beforeAll(async () => {
    domain = await openDomainDb();
  });
  afterAll(() => domain.close());

  async function enrolled(): Promise<{ userId: string; secret: string; recoveryCodes: string[] }> {
    const userId = await domain.createUser();
    const [user] = await domain.database.db.select().from(users).where(eq(users.id, userId));
    const { secret } = await startEnrolment(domain.database.db, box, user!);
    // Enrol with the previous step's code, so the current one is still unspent for the test.
    const recoveryCodes = await confirmEnrolment(domain.writer, box, userId, undefined, totpAt(secret, Date.now() - 30_000));
    return { userId, secret, recoveryCodes };
  }

  it('refuses an authenticator code replayed within its window, and any older one', async () => {
    const { userId, secret } = await enrolled();
    const now = totpAt(secret, Date.now());
    await expect(spendSecondFactor(domain.database.db, box, userId, now)).resolves.toBe('totp');
    await expect(spendSecondFactor(domain.database.db, box, userId, now)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    await expect(spendSecondFactor(domain.database.db, box, userId, totpAt(secret, Date.now() - 30_000))).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    // The next step is still good (a clock running ahead by one step).
    await expect(spendSecondFactor(domain.database.db, box, userId, totpAt(secret, Date.now() + 30_000))).resolves.toBe('totp');
  });

  it('lets the same code through only once when it is sent twice at the same moment', async () => {
    const { userId, secret } = await enrolled();
    const code = totpAt(secret, Date.now());
    const results = await Promise.allSettled([spendSecondFactor(domain.database.db, box, userId, code), spendSecondFactor(domain.database.db, box, userId, code)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('spends each recovery code once and records when', async () => {
    const { userId, recoveryCodes } = await enrolled();
    await expect(spendSecondFactor(domain.database.db, box, userId, recoveryCodes[4]!)).resolves.toBe('recovery');
    await expect(spendSecondFactor(domain.database.db, box, userId, recoveryCodes[4]!)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    const status = await mfaStatusOf(domain.database.db, userId);
    expect(status.recoveryCodes.filter((code) => code.usedAt !== null).map((code) => code.number)).toEqual([5]);
  });

  it('keeps the authenticator secret sealed at rest: the column holds neither the secret nor anything that opens without the key', async () => {
    const { userId, secret } = await enrolled();
    const [factor] = await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(factor!.secret).not.toContain(secret);
    expect(factor!.secret).toMatch(/^v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(box.open(factor!.secret, `mfa_factors.secret:${userId}`)).toBe(secret);
    // Another key, or the same value on another user's row, opens nothing.
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(factor!.secret, `mfa_factors.secret:${userId}`)).toThrow();
    expect(() => box.open(factor!.secret, `mfa_factors.secret:${randomUUID()}`)).toThrow();
  });

  it('seals secrets stored in clear before, and reseals with a new key while the previous one still opens them', async () => {
    const { userId, secret } = await enrolled();
    await domain.database.db.update(mfaFactors).set({ secret }).where(eq(mfaFactors.userId, userId));
    expect(await resealTotpSecrets(domain.database.db, box)).toBeGreaterThanOrEqual(1);
    const stored = async () => (await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)))[0]!.secret;
    expect(await stored()).not.toBe(secret);
    await expect(spendSecondFactor(domain.database.db, box, userId, totpAt(secret, Date.now()))).resolves.toBe('totp');

    const rotated = createSecretBox(Buffer.alloc(32, 3), [KEY]);
    const before = await stored();
    expect(await resealTotpSecrets(domain.database.db, rotated)).toBeGreaterThanOrEqual(1);
    expect(await stored()).not.toBe(before);
    expect(rotated.isCurrent(await stored())).toBe(true);
    await expect(spendSecondFactor(domain.database.db, createSecretBox(Buffer.alloc(32, 3)), userId, totpAt(secret, Date.now() + 30_000))).resolves.toBe('totp');
    expect(await resealTotpSecrets(domain.database.db, rotated)).toBe(0);
    // Back to the file's key, for the other tests' factors in this database.
    await resealTotpSecrets(domain.database.db, createSecretBox(KEY, [Buffer.alloc(32, 3)]));
  });

  it('refuses codes of a user who never finished enrolling', async () => {
    const userId = await domain.createUser();
    const [user] = await domain.database.db.select().from(users).where(eq(users.id, userId));
    const { secret } = await startEnrolment(domain.database.db, box, user!);
    await expect(spendSecondFactor(domain.database.db, box, userId, totpAt(secret, Date.now()))).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    const [factor] = await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(factor?.enabledAt).toBeNull();
  });
  async function userRow(userId: string) {
    const [user] = await domain.database.db.select().from(users).where(eq(users.id, userId));
    return user!;
  }

  /** The events the domain enqueued for one user, oldest first. */
  async function eventsOf(userId: string): Promise<Array<{ subject: string; type: unknown; data: unknown }>> {
    const rows = await domain.database.db.select().from(outbox).orderBy(asc(outbox.sequence));
    return rows
      .map((row) => ({ subject: row.subject, ...(row.payload as { type: unknown; data: { userId?: string } }) }))
      .filter((event) => (event.data as { userId?: string }).userId === userId)
      .map(({ subject, type, data }) => ({ subject, type, data }));
  }

  describe('enrolment', () => {
    it('hands out a secret with its URI and QR code, and starting again replaces an unconfirmed secret', async () => {
      const userId = await domain.createUser('enrolling@example.com');
      const first = await startEnrolment(domain.database.db, box, await userRow(userId));
      expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(first.otpauthUri).toContain(`secret=${first.secret}`);
      expect(decodeURIComponent(first.otpauthUri)).toContain('enrolling@example.com');
      expect(first.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(await hasMfa(domain.database.db, userId)).toBe(false);

      const second = await startEnrolment(domain.database.db, box, await userRow(userId));
      expect(second.secret).not.toBe(first.secret);
      const [factor] = await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
      expect(factor).toMatchObject({ enabledAt: null, lastUsedStep: null });
      expect(box.open(factor!.secret, `mfa_factors.secret:${userId}`)).toBe(second.secret);
      // Only the latest secret confirms.
      await expect(confirmEnrolment(domain.writer, box, userId, undefined, totpAt(first.secret, Date.now()))).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    });

    it('turns the factor on with a current code: recovery codes, the step used, the session verified, an event', async () => {
      const userId = await domain.createUser();
      const session = await startSession(domain.database.db, userId, 'password');
      const other = await startSession(domain.database.db, userId, 'password');
      const { secret } = await startEnrolment(domain.database.db, box, await userRow(userId));
      const before = Date.now();
      const recoveryCodes = await confirmEnrolment(domain.writer, box, userId, session.sessionId, totpAt(secret, before));

      expect(recoveryCodes).toHaveLength(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(await hasMfa(domain.database.db, userId)).toBe(true);
      const [factor] = await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
      expect(factor?.enabledAt).toBeInstanceOf(Date);
      // The step of the code used, so that very code cannot be spent again as a second factor.
      expect(factor?.lastUsedStep).toBe(Math.floor(before / (TOTP_PERIOD_SECONDS * 1000)));
      await expect(spendSecondFactor(domain.database.db, box, userId, totpAt(secret, before))).rejects.toMatchObject({ code: 'invalid_mfa_code' });

      const stored = await domain.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId)).orderBy(asc(mfaRecoveryCodes.position));
      expect(stored.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // The codes shown are the ones stored, in the order shown.
      await expect(spendSecondFactor(domain.database.db, box, userId, recoveryCodes[9]!)).resolves.toBe('recovery');
      expect((await mfaStatusOf(domain.database.db, userId)).recoveryCodes.filter((code) => code.usedAt !== null).map((code) => code.number)).toEqual([10]);

      const marked = await domain.database.db.select({ id: sessions.id, mfaVerifiedAt: sessions.mfaVerifiedAt }).from(sessions).where(eq(sessions.userId, userId));
      expect(marked.find((row) => row.id === session.sessionId)?.mfaVerifiedAt).toBeInstanceOf(Date);
      expect(marked.find((row) => row.id === other.sessionId)?.mfaVerifiedAt).toBeNull();
      expect(await eventsOf(userId)).toEqual([{ subject: expect.stringContaining('mfa-enabled'), type: 'identity.user.mfa-enabled', data: { userId } }]);
    });

    it('refuses to confirm without an enrolment, with a wrong code, or twice', async () => {
      const userId = await domain.createUser();
      await expect(confirmEnrolment(domain.writer, box, userId, undefined, '123456')).rejects.toMatchObject({ status: 409, code: 'mfa_not_enrolling' });

      const { secret } = await startEnrolment(domain.database.db, box, await userRow(userId));
      await expect(confirmEnrolment(domain.writer, box, userId, undefined, totpAt(secret, Date.now() + 3 * 30_000))).rejects.toMatchObject({
        status: 400,
        code: 'invalid_mfa_code',
      });
      // A refused code changes nothing: still off, no codes, no event.
      expect(await hasMfa(domain.database.db, userId)).toBe(false);
      expect(await domain.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))).toEqual([]);
      expect(await eventsOf(userId)).toEqual([]);

      await confirmEnrolment(domain.writer, box, userId, undefined, totpAt(secret, Date.now()));
      await expect(confirmEnrolment(domain.writer, box, userId, undefined, totpAt(secret, Date.now()))).rejects.toMatchObject({ status: 409, code: 'mfa_already_enabled' });
      // Starting over is refused too, and keeps the secret in use.
      await expect(startEnrolment(domain.database.db, box, await userRow(userId))).rejects.toMatchObject({ status: 409, code: 'mfa_already_enabled' });
      const [factor] = await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
      expect(box.open(factor!.secret, `mfa_factors.secret:${userId}`)).toBe(secret);
    });

    it('marks only a live session of that user as verified', async () => {
      const userId = await domain.createUser();
      const stranger = await startSession(domain.database.db, await domain.createUser(), 'password');
      const { secret } = await startEnrolment(domain.database.db, box, await userRow(userId));
      await confirmEnrolment(domain.writer, box, userId, stranger.sessionId, totpAt(secret, Date.now()));
      const [row] = await domain.database.db.select().from(sessions).where(eq(sessions.id, stranger.sessionId));
      expect(row?.mfaVerifiedAt).toBeNull();
    });
  });

  describe('status', () => {
    it('reports off, with no codes, for a user without a factor or still enrolling', async () => {
      const userId = await domain.createUser();
      const off = { enabled: false, enabledAt: null, recoveryCodes: [] };
      expect(await mfaStatusOf(domain.database.db, userId)).toEqual(off);
      await startEnrolment(domain.database.db, box, await userRow(userId));
      expect(await mfaStatusOf(domain.database.db, userId)).toEqual(off);
    });

    it('reports when the factor went on and every code, unused', async () => {
      const { userId } = await enrolled();
      const [factor] = await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
      const status = await mfaStatusOf(domain.database.db, userId);
      expect(status).toEqual({
        enabled: true,
        enabledAt: factor!.enabledAt!.toISOString(),
        recoveryCodes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((number) => ({ number, usedAt: null })),
      });
    });
  });

  describe('spending', () => {
    it('takes an authenticator code with spaces around it, and nothing but six digits as one', async () => {
      const { userId, secret } = await enrolled();
      await expect(spendSecondFactor(domain.database.db, box, userId, ` ${totpAt(secret, Date.now())} `)).resolves.toBe('totp');
      // Seven digits that start with the next step's code are not that code.
      await expect(spendSecondFactor(domain.database.db, box, userId, `${totpAt(secret, Date.now() + 30_000)}0`)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
      await expect(spendSecondFactor(domain.database.db, box, userId, `x${totpAt(secret, Date.now() + 30_000)}`)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
      await expect(spendSecondFactor(domain.database.db, box, userId, totpAt(secret, Date.now() + 30_000))).resolves.toBe('totp');
    });

    it('refuses a recovery code of another user', async () => {
      const mine = await enrolled();
      const theirs = await enrolled();
      await expect(spendSecondFactor(domain.database.db, box, mine.userId, theirs.recoveryCodes[0]!)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
      await expect(spendSecondFactor(domain.database.db, box, theirs.userId, theirs.recoveryCodes[0]!)).resolves.toBe('recovery');
    });
  });

  describe('new recovery codes', () => {
    it('replace the old ones when a current code is given', async () => {
      const { userId, recoveryCodes: old } = await enrolled();
      const fresh = await regenerateRecoveryCodes(domain.writer, box, userId, old[0]!);
      expect(fresh).toHaveLength(10);
      await expect(spendSecondFactor(domain.database.db, box, userId, old[1]!)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
      await expect(spendSecondFactor(domain.database.db, box, userId, fresh[1]!)).resolves.toBe('recovery');
      expect((await mfaStatusOf(domain.database.db, userId)).recoveryCodes).toHaveLength(10);
    });

    it('are refused without a valid code, or without the factor on, leaving the old codes', async () => {
      const { userId, recoveryCodes: old } = await enrolled();
      await expect(regenerateRecoveryCodes(domain.writer, box, userId, 'AAAAA-AAAAA')).rejects.toMatchObject({ code: 'invalid_mfa_code' });
      await expect(spendSecondFactor(domain.database.db, box, userId, old[2]!)).resolves.toBe('recovery');

      const enrolling = await domain.createUser();
      await startEnrolment(domain.database.db, box, await userRow(enrolling));
      await expect(regenerateRecoveryCodes(domain.writer, box, enrolling, '123456')).rejects.toMatchObject({ status: 409, code: 'mfa_not_enabled' });
    });
  });

  describe('turning it off', () => {
    async function withPassword(userId: string) {
      await domain.database.db
        .update(users)
        .set({ passwordHash: await hashPassword(PASSWORD) })
        .where(eq(users.id, userId));
      return userRow(userId);
    }

    it('needs the password and a current code, then removes the factor and its codes, with an event', async () => {
      const { userId, secret, recoveryCodes } = await enrolled();
      const user = await withPassword(userId);
      await expect(disableMfa(domain.writer, box, user, { password: 'wrong', code: totpAt(secret, Date.now()) })).rejects.toMatchObject({ code: 'invalid_credentials' });
      await expect(disableMfa(domain.writer, box, user, { password: PASSWORD, code: 'AAAAA-AAAAA' })).rejects.toMatchObject({ code: 'invalid_mfa_code' });
      expect(await hasMfa(domain.database.db, userId)).toBe(true);

      await disableMfa(domain.writer, box, user, { password: PASSWORD, code: recoveryCodes[0]! });
      expect(await hasMfa(domain.database.db, userId)).toBe(false);
      expect(await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId))).toEqual([]);
      expect(await domain.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))).toEqual([]);
      const events = await eventsOf(userId);
      expect(events.at(-1)).toEqual({ subject: expect.stringContaining('mfa-disabled'), type: 'identity.user.mfa-disabled', data: { userId, by: 'user', adminId: null } });
      await expect(disableMfa(domain.writer, box, user, { password: PASSWORD, code: recoveryCodes[1]! })).rejects.toMatchObject({ status: 409, code: 'mfa_not_enabled' });
    });

    it('is what an admin does for a user who lost both phone and codes, audited and published', async () => {
      const { userId } = await enrolled();
      const admin = { id: randomUUID(), email: 'admin@example.com' };
      await resetMfaAsAdmin(domain.writer, admin, userId);
      expect(await hasMfa(domain.database.db, userId)).toBe(false);
      expect(await domain.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))).toEqual([]);
      expect((await eventsOf(userId)).at(-1)).toEqual({
        subject: expect.stringContaining('mfa-disabled'),
        type: 'identity.user.mfa-disabled',
        data: { userId, by: 'admin', adminId: admin.id },
      });
      const audit = await domain.database.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.subjectUserId, userId), eq(adminAudit.action, 'user.mfa_reset')));
      expect(audit).toEqual([
        expect.objectContaining({ actorId: admin.id, actorEmail: admin.email, target: `user:${userId}`, before: { mfaEnabled: true }, after: { mfaEnabled: false } }),
      ]);
    });

    it('refuses an admin reset when the factor is not on, with no audit entry and no event', async () => {
      const admin = { id: randomUUID(), email: 'admin@example.com' };
      const userId = await domain.createUser();
      await expect(resetMfaAsAdmin(domain.writer, admin, userId)).rejects.toMatchObject({ status: 409, code: 'mfa_not_enabled' });
      await startEnrolment(domain.database.db, box, await userRow(userId));
      await expect(resetMfaAsAdmin(domain.writer, admin, userId)).rejects.toMatchObject({ status: 409, code: 'mfa_not_enabled' });
      expect(await eventsOf(userId)).toEqual([]);
      expect(await domain.database.db.select().from(adminAudit).where(eq(adminAudit.subjectUserId, userId))).toEqual([]);
    });
  });
});
