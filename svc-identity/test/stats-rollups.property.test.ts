import { randomUUID } from 'node:crypto';
import { rollupDifferences } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import fc from 'fast-check';
import request from 'supertest';
import { identityRollups, users } from '../src/db/schema';
import { identityStatsFor } from '../src/domain/admin-stats';
import { bearer, type IdentityHarness, PASSWORD, pkce, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';

/**
 * Random histories of accounts: sign-ups through the API (some confirmed by their link), accounts
 * written, re-dated, confirmed and deleted straight in the table (imports, fixtures): after each,
 * the rollup equals its recomputation and the stats of a random range equal the raw rows' figures.
 */
type Step =
  | { kind: 'sign-up'; confirm: boolean }
  | { kind: 'import'; daysAgo: number; confirmed: boolean }
  | { kind: 'confirm'; pick: number; confirmed: boolean }
  | { kind: 'move'; pick: number; daysAgo: number }
  | { kind: 'delete'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sign-up' as const), confirm: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('import' as const), daysAgo: fc.nat(10), confirmed: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat(), confirmed: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), daysAgo: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000);

describe(`identity stats rollups equal the raw rows on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  let adminToken: string;

  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
    adminToken = (await signUpConfirmed(identity.url, adminEmail, 'Grace Admin')).session.accessToken;
  });
  afterAll(() => identity.close());

  it('keeps the sign-ups rollup equal to its recomputation over random histories', async () => {
    const db = identity.service.context.db;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat(10), fc.nat(10), async (steps, first, length) => {
        const written: string[] = [];
        for (const current of steps) {
          if (current.kind === 'sign-up') {
            const email = uniqueEmail('p');
            if (current.confirm) await signUpConfirmed(identity.url, email, 'Pat Property');
            else {
              const { challenge } = pkce();
              await request(identity.url).post('/api/identity/signup').send({ email, password: PASSWORD, fullName: 'Pat Property', codeChallenge: challenge }).expect(201);
            }
          } else if (current.kind === 'import') {
            const at = daysAgo(current.daysAgo);
            const [row] = await db
              .insert(users)
              .values({ email: `${randomUUID()}@stats.test`, passwordHash: 'x', createdAt: at, emailConfirmedAt: current.confirmed ? at : null })
              .returning({ id: users.id });
            written.push(row!.id);
          } else if (current.kind === 'confirm' && written.length > 0) {
            const id = written[current.pick % written.length]!;
            await db
              .update(users)
              .set({ emailConfirmedAt: current.confirmed ? new Date() : null })
              .where(eq(users.id, id));
          } else if (current.kind === 'move' && written.length > 0) {
            await db
              .update(users)
              .set({ createdAt: daysAgo(current.daysAgo) })
              .where(eq(users.id, written[current.pick % written.length]!));
          } else if (current.kind === 'delete' && written.length > 0) {
            await db.delete(users).where(eq(users.id, written.splice(current.pick % written.length, 1)[0]!));
          }
        }
        expect(await rollupDifferences(db, identityRollups)).toEqual([]);
        const range = { from: dayOf(daysAgo(first + length)), to: dayOf(daysAgo(first)) };
        const inRange = (await db.select().from(users)).filter((row) => dayOf(row.createdAt) >= range.from && dayOf(row.createdAt) <= range.to);
        const stats = await identityStatsFor(db, range);
        expect([stats.signUps, stats.confirmedSignUps]).toEqual([inRange.length, inRange.filter((row) => row.emailConfirmedAt !== null).length]);
        const { body } = await request(identity.url).get('/api/identity/admin/stats').query(range).set(bearer(adminToken)).expect(200);
        expect(body).toEqual(stats);
      }),
      { numRuns: Number(process.env.STATS_PROPERTY_RUNS ?? 15) },
    );
  }, 300_000);
});
