import { outbox } from '@agentdock/service-data';
import { asc, eq } from '@agentdock/service-data/orm';
import { users } from '../src/db/schema';
import { confirmEnrolment, startEnrolment } from '../src/domain/mfa';
import { createSecretBox } from '@agentdock/service-kit';
import { totpAt } from '../src/domain/totp';
import { openDomainDb, type DomainDb } from './domain-db';

export const MFA_PASSWORD = 'correct horse battery';
export const MFA_KEY = Buffer.alloc(32, 1);
export const mfaBox = createSecretBox(MFA_KEY);

/**
 * The identity schema for the second-factor domain tests, opened once per file, with the helpers
 * they share. Every enrolment hashes ten recovery codes with argon2id at OWASP's cost (19 MiB,
 * 2 passes), which on a busy machine made these files take minutes, and mutation testing reruns
 * them per mutant. The hashes stay real argon2id, at the smallest cost: verify reads the cost from
 * the hash, so nothing else changes. recovery-codes.test.ts and passwords.test.ts keep the real cost.
 */
export function useMfaDomain() {
  let domain: DomainDb | undefined;
  const argon2 = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
  const costlyHash = argon2.hash;
  beforeAll(async () => {
    jest.spyOn(argon2, 'hash').mockImplementation((password, options) => costlyHash(password, { ...options, memoryCost: 64, timeCost: 1 }));
    domain = await openDomainDb();
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await domain?.close();
  });
  const db = (): DomainDb => domain!;
  return {
    db,
    async enrolled(): Promise<{ userId: string; secret: string; recoveryCodes: string[] }> {
      const userId = await db().createUser();
      const [user] = await db().database.db.select().from(users).where(eq(users.id, userId));
      const { secret } = await startEnrolment(db().database.db, mfaBox, user!);
      // Enrol with the previous step's code, so the current one is still unspent for the test.
      const recoveryCodes = await confirmEnrolment(db().writer, mfaBox, userId, undefined, totpAt(secret, Date.now() - 30_000));
      return { userId, secret, recoveryCodes };
    },
    async userRow(userId: string) {
      const [user] = await db().database.db.select().from(users).where(eq(users.id, userId));
      return user!;
    },
    /** The events the domain enqueued for one user, oldest first. */
    async eventsOf(userId: string): Promise<Array<{ subject: string; type: unknown; data: unknown }>> {
      const rows = await db().database.db.select().from(outbox).orderBy(asc(outbox.sequence));
      return rows
        .map((row) => ({ subject: row.subject, ...(row.payload as { type: unknown; data: { userId?: string } }) }))
        .filter((event) => (event.data as { userId?: string }).userId === userId)
        .map(({ subject, type, data }) => ({ subject, type, data }));
    },
  };
}
