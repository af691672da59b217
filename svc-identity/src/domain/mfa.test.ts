import { eq } from '@agentdock/service-data/orm';
import { openDomainDb, type DomainDb } from '../../test/domain-db';
import { mfaFactors, users } from '../db/schema';
import { confirmEnrolment, mfaStatusOf, spendSecondFactor, startEnrolment } from './mfa';
import { totpAt } from './totp';

describe(`second-factor codes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let domain: DomainDb;
  beforeAll(async () => {
    domain = await openDomainDb();
  });
  afterAll(() => domain.close());

  async function enrolled(): Promise<{ userId: string; secret: string; recoveryCodes: string[] }> {
    const userId = await domain.createUser();
    const [user] = await domain.database.db.select().from(users).where(eq(users.id, userId));
    const { secret } = await startEnrolment(domain.database.db, user!);
    // Enrol with the previous step's code, so the current one is still unspent for the test.
    const recoveryCodes = await confirmEnrolment(domain.writer, userId, undefined, totpAt(secret, Date.now() - 30_000));
    return { userId, secret, recoveryCodes };
  }

  it('refuses an authenticator code replayed within its window, and any older one', async () => {
    const { userId, secret } = await enrolled();
    const now = totpAt(secret, Date.now());
    await expect(spendSecondFactor(domain.database.db, userId, now)).resolves.toBe('totp');
    await expect(spendSecondFactor(domain.database.db, userId, now)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    await expect(spendSecondFactor(domain.database.db, userId, totpAt(secret, Date.now() - 30_000))).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    // The next step is still good (a clock running ahead by one step).
    await expect(spendSecondFactor(domain.database.db, userId, totpAt(secret, Date.now() + 30_000))).resolves.toBe('totp');
  });

  it('lets the same code through only once when it is sent twice at the same moment', async () => {
    const { userId, secret } = await enrolled();
    const code = totpAt(secret, Date.now());
    const results = await Promise.allSettled([spendSecondFactor(domain.database.db, userId, code), spendSecondFactor(domain.database.db, userId, code)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('spends each recovery code once and records when', async () => {
    const { userId, recoveryCodes } = await enrolled();
    await expect(spendSecondFactor(domain.database.db, userId, recoveryCodes[4]!)).resolves.toBe('recovery');
    await expect(spendSecondFactor(domain.database.db, userId, recoveryCodes[4]!)).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    const status = await mfaStatusOf(domain.database.db, userId);
    expect(status.recoveryCodes.filter((code) => code.usedAt !== null).map((code) => code.number)).toEqual([5]);
  });

  it('refuses codes of a user who never finished enrolling', async () => {
    const userId = await domain.createUser();
    const [user] = await domain.database.db.select().from(users).where(eq(users.id, userId));
    const { secret } = await startEnrolment(domain.database.db, user!);
    await expect(spendSecondFactor(domain.database.db, userId, totpAt(secret, Date.now()))).rejects.toMatchObject({ code: 'invalid_mfa_code' });
    const [factor] = await domain.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(factor?.enabledAt).toBeNull();
  });
});
