import { parseCsv } from '@agentdock/service-data/testing';
import { sql } from '@agentdock/service-data/orm';
import request from 'supertest';
import { users } from '../src/db/schema';
import { bearer, type IdentityHarness, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';

const EXPORT = '/api/identity/admin/exports/customers';
const IN_RANGE = 1_100;

describe(`svc-identity customers export (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('admin');
  let identity: IdentityHarness;
  let adminToken: string;

  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
    adminToken = (await signUpConfirmed(identity.url, adminEmail, 'Grace Admin')).session.accessToken;
    const db = identity.service.context.db;
    // More rows than two pages, many sharing one millisecond (apart only in microseconds), so a
    // cursor that dropped the microseconds would repeat or skip some.
    const rows = Array.from({ length: IN_RANGE }, (_unused, index) => ({
      email: `c${String(index).padStart(4, '0')}@export.test`,
      passwordHash: 'not-a-hash',
      fullName: index === 0 ? '=HYPERLINK("http://evil")' : index === 1 ? 'Doe, "Jo"' : `Customer ${index}`,
    }));
    await db.insert(users).values(rows);
    await db.execute(
      sql`update users set created_at = timestamptz '2026-05-10 10:00:00+00' + (substring(email from 2 for 4)::int % 300) * interval '1 microsecond' + (substring(email from 2 for 4)::int / 300) * interval '1 hour' where email like '%@export.test'`,
    );
    await db.insert(users).values([
      { email: 'before@export-out.test', passwordHash: 'x', createdAt: new Date('2026-05-09T23:59:59.999Z') },
      { email: 'after@export-out.test', passwordHash: 'x', createdAt: new Date('2026-05-12T00:00:00Z') },
    ]);
  });
  afterAll(() => identity.close());

  it('streams every customer of the range once, oldest first, as CSV named for the range', async () => {
    const answer = await request(identity.url).get(EXPORT).query({ from: '2026-05-10', to: '2026-05-11' }).set(bearer(adminToken)).expect(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="customers-2026-05-10-to-2026-05-11.csv"');
    const [header, ...rows] = parseCsv(answer.text);
    expect(header).toEqual(['User ID', 'Email', 'Name', 'Plan', 'Status', 'Email confirmed', 'Signed up']);
    expect(rows).toHaveLength(IN_RANGE);
    expect(new Set(rows.map((row) => row[1])).size).toBe(IN_RANGE);
    expect(rows.every((row) => row[1]!.endsWith('@export.test'))).toBe(true);
    const times = rows.map((row) => row[6]!);
    expect([...times].sort()).toEqual(times);
    const byEmail = new Map(rows.map((row) => [row[1], row]));
    expect(byEmail.get('c0000@export.test')).toEqual([expect.any(String), 'c0000@export.test', `'=HYPERLINK("http://evil")`, 'free', 'active', 'no', '2026-05-10T10:00:00.000Z']);
    expect(byEmail.get('c0001@export.test')![2]).toBe('Doe, "Jo"');
  });

  it('is for admins only and refuses a range that is not one', async () => {
    const customer = await signUpConfirmed(identity.url);
    await request(identity.url).get(EXPORT).query({ from: '2026-05-10', to: '2026-05-11' }).set(bearer(customer.session.accessToken)).expect(403);
    await request(identity.url).get(EXPORT).query({ from: '2026-05-10', to: '2026-05-11' }).expect(401);
    const backwards = await request(identity.url).get(EXPORT).query({ from: '2026-05-11', to: '2026-05-10' }).set(bearer(adminToken)).expect(400);
    expect(backwards.body.error.fields).toEqual([expect.objectContaining({ path: 'to' })]);
  });
});
