import { randomUUID } from 'node:crypto';
import { eq } from '@agentdock/service-data/orm';
import { MFA_KEY as KEY, mfaBox as box, useMfaDomain } from '../../test/mfa-domain';
import { mfaFactors, users } from '../db/schema';
import { mfaStatusOf, resealTotpSecrets, spendSecondFactor, startEnrolment } from './mfa';
import { createSecretBox } from '@agentdock/service-kit';
import { totpAt } from './totp';

describe(`second-factor codes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { db, enrolled } = useMfaDomain();

  it('refuses an authenticator code replayed within its window, and any older one', async () => {
    const { userId, secret } = await enrolled();
    const now = totpAt(secret, Date.now());
    await expect(spendSecondFactor(db().database.db, box, userId, now)).resolves.toBe('totp');
    await expect(spendSecondFactor(db().database.db, box, userId, now)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    await expect(spendSecondFactor(db().database.db, box, userId, totpAt(secret, Date.now() - 30_000))).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    // The next step is still good (a clock running ahead by one step).
    await expect(spendSecondFactor(db().database.db, box, userId, totpAt(secret, Date.now() + 30_000))).resolves.toBe('totp');
  });

  it('lets the same code through only once when it is sent twice at the same moment', async () => {
    const { userId, secret } = await enrolled();
    const code = totpAt(secret, Date.now());
    const results = await Promise.allSettled([spendSecondFactor(db().database.db, box, userId, code), spendSecondFactor(db().database.db, box, userId, code)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('spends each recovery code once and records when', async () => {
    const { userId, recoveryCodes } = await enrolled();
    await expect(spendSecondFactor(db().database.db, box, userId, recoveryCodes[4]!)).resolves.toBe('recovery');
    await expect(spendSecondFactor(db().database.db, box, userId, recoveryCodes[4]!)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    const status = await mfaStatusOf(db().database.db, userId);
    expect(status.recoveryCodes.filter((code) => code.usedAt !== null).map((code) => code.number)).toEqual([5]);
  });

  it('keeps the authenticator secret sealed at rest: the column holds neither the secret nor anything that opens without the key', async () => {
    const { userId, secret } = await enrolled();
    const [factor] = await db().database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(factor!.secret).not.toContain(secret);
    expect(factor!.secret).toMatch(/^v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(box.open(factor!.secret, `mfa_factors.secret:${userId}`)).toBe(secret);
    // Another key, or the same value on another user's row, opens nothing.
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(factor!.secret, `mfa_factors.secret:${userId}`)).toThrow();
    expect(() => box.open(factor!.secret, `mfa_factors.secret:${randomUUID()}`)).toThrow();
  });

  it('seals secrets stored in clear before, and reseals with a new key while the previous one still opens them', async () => {
    const { userId, secret } = await enrolled();
    await db().database.db.update(mfaFactors).set({ secret }).where(eq(mfaFactors.userId, userId));
    expect(await resealTotpSecrets(db().database.db, box)).toBeGreaterThanOrEqual(1);
    const stored = async () => (await db().database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)))[0]!.secret;
    expect(await stored()).not.toBe(secret);
    await expect(spendSecondFactor(db().database.db, box, userId, totpAt(secret, Date.now()))).resolves.toBe('totp');

    const rotated = createSecretBox(Buffer.alloc(32, 3), [KEY]);
    const before = await stored();
    expect(await resealTotpSecrets(db().database.db, rotated)).toBeGreaterThanOrEqual(1);
    expect(await stored()).not.toBe(before);
    expect(rotated.isCurrent(await stored())).toBe(true);
    await expect(spendSecondFactor(db().database.db, createSecretBox(Buffer.alloc(32, 3)), userId, totpAt(secret, Date.now() + 30_000))).resolves.toBe('totp');
    expect(await resealTotpSecrets(db().database.db, rotated)).toBe(0);
    // Back to the file's key, for the other tests' factors in this database.
    await resealTotpSecrets(db().database.db, createSecretBox(KEY, [Buffer.alloc(32, 3)]));
  });

  it('refuses codes of a user who never finished enrolling', async () => {
    const userId = await db().createUser();
    const [user] = await db().database.db.select().from(users).where(eq(users.id, userId));
    const { secret } = await startEnrolment(db().database.db, box, user!);
    await expect(spendSecondFactor(db().database.db, box, userId, totpAt(secret, Date.now()))).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    const [factor] = await db().database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(factor?.enabledAt).toBeNull();
  });
});
