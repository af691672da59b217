import { adminOrganisationDetail, adminOrganisationList, TEAM_ACTIVITY_CSV_COLUMNS } from '@agentdock/contracts';
import { parseCsv } from '@agentdock/service-data/testing';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { organisationActivity } from '../src/db/schema';
import { bearer, type IdentityHarness, signUpConfirmed, startIdentity, testOptions, uniqueEmail } from './helpers';
import { api, createTeam, detail, joinAs, person, type Person, reportSeats } from './teams-harness';

const today = () => new Date().toISOString().slice(0, 10);

describe(`svc-identity: the team log's CSV and the console's organisations (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminEmail = uniqueEmail('operator');
  let identity: IdentityHarness;
  let operator: { authorization: string };
  let owner: Person;
  let member: Person;
  let team: { id: string; slug: string; name: string };

  beforeAll(async () => {
    identity = await startIdentity(testOptions({ adminEmails: [adminEmail] }));
    operator = bearer((await signUpConfirmed(identity.url, adminEmail)).session.accessToken);
    owner = await person(identity, 'owner');
    team = await createTeam(identity, owner, 'Zephyr Consoles');
    await reportSeats(identity, team.id, 3);
    await eventually(async () => (await detail(identity, owner, team.id)).seats.limit === 3);
    member = await joinAs(identity, owner, team.id, 'member');
  }, 60_000);
  afterAll(() => identity.close());

  const csv = (who: { authorization: string }, query: Record<string, string>) => request(identity.url).get(`${api}/organisations/${team.id}/activity.csv`).query(query).set(who);

  it('streams the log of the range, oldest first, in words, named for the team and the range; owners and admins only', async () => {
    // An entry outside the range, and one whose text a spreadsheet would run as a formula.
    await identity.service.context.db.insert(organisationActivity).values([
      { organisationId: team.id, action: 'organisation.renamed', actorEmail: owner.email, detail: 'Old name', createdAt: new Date('2026-01-01T10:00:00Z') },
      { organisationId: team.id, action: 'member.role_changed', actorEmail: owner.email, subject: '=cmd()', detail: 'member → admin' },
    ]);
    const answer = await csv(owner.auth, { from: '2026-01-02', to: today() }).expect(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${team.slug}-activity-2026-01-02-to-${today()}.csv"`);
    const [header, ...rows] = parseCsv(answer.text);
    expect(header).toEqual([...TEAM_ACTIVITY_CSV_COLUMNS]);
    // The paid seats billing reported are in the log too.
    expect(rows.map((row) => row[1])).toEqual(['Team created', 'Seats changed', 'Invited', 'Joined', 'Role changed']);
    expect(rows.map((row) => row[0])).toEqual([...rows.map((row) => row[0]!)].sort());
    expect(rows.at(-1)).toEqual([expect.any(String), 'Role changed', owner.email, "'=cmd()", 'member → admin']);

    const older = parseCsv((await csv(owner.auth, { from: '2026-01-01', to: '2026-01-01' }).expect(200)).text);
    expect(older.slice(1)).toEqual([[expect.stringMatching(/^2026-01-01T10:00:00/), 'Team renamed', owner.email, '', 'Old name']]);

    expect((await csv(owner.auth, { from: '2026-01-05', to: '2026-01-01' })).status).toBe(400);
    expect((await csv(owner.auth, {})).status).toBe(400);
    expect((await csv(member.auth, { from: '2026-01-01', to: today() })).status).toBe(403);
    expect((await csv((await person(identity, 'stranger')).auth, { from: 'x' })).status).toBe(404);
  });

  it('lists teams for admins with their owner, members and seats, searching name, URL name and owner email, a page at a time', async () => {
    const other = await createTeam(identity, await person(identity, 'other'), 'Another Team');
    const all = adminOrganisationList.parse((await request(identity.url).get(`${api}/admin/organisations`).set(operator).expect(200)).body);
    expect(all.total).toBe(2);
    expect(all.organisations.map((row) => row.id)).toEqual([other.id, team.id]);
    expect(all.organisations[1]).toMatchObject({ name: 'Zephyr Consoles', slug: team.slug, ownerEmail: owner.email, members: 2, paidSeats: 3, subscriptionStatus: 'active' });

    for (const q of ['zephyr', team.slug.slice(0, 12), owner.email.toUpperCase()]) {
      const found = adminOrganisationList.parse((await request(identity.url).get(`${api}/admin/organisations`).query({ q }).set(operator).expect(200)).body);
      expect(found.organisations.map((row) => row.id)).toContain(team.id);
      if (q === 'zephyr') expect(found.total).toBe(1);
    }
    // % is text here, not a wildcard.
    expect((await request(identity.url).get(`${api}/admin/organisations`).query({ q: '%' }).set(operator).expect(200)).body.total).toBe(0);
    const second = adminOrganisationList.parse((await request(identity.url).get(`${api}/admin/organisations`).query({ limit: 1, offset: 1 }).set(operator).expect(200)).body);
    expect(second).toMatchObject({ total: 2, organisations: [expect.objectContaining({ id: team.id })] });
    expect((await request(identity.url).get(`${api}/admin/organisations`).query({ limit: 0 }).set(operator)).status).toBe(400);
    expect((await request(identity.url).get(`${api}/admin/organisations`).set(owner.auth)).status).toBe(403);
    // The overview counts the teams and the people in them (owners included).
    const stats = await request(identity.url).get(`${api}/admin/stats`).query({ from: today(), to: today() }).set(operator).expect(200);
    expect(stats.body.teams).toEqual({ organisations: 2, members: 3 });
  });

  it('shows an admin one team with its members and roles, its seats and pending invitations', async () => {
    await request(identity.url)
      .post(`${api}/organisations/${team.id}/invitations`)
      .set(owner.auth)
      .send({ email: uniqueEmail('pending'), role: 'admin' })
      .expect(201);
    const page = adminOrganisationDetail.parse((await request(identity.url).get(`${api}/admin/organisations/${team.id}`).set(operator).expect(200)).body);
    expect(page.organisation).toMatchObject({ id: team.id, ownerEmail: owner.email, members: 2, paidSeats: 3 });
    expect(page.members.map((row) => [row.email, row.role])).toEqual([
      [owner.email, 'owner'],
      [member.email, 'member'],
    ]);
    expect(page.pendingInvitations).toBe(1);
    expect((await request(identity.url).get(`${api}/admin/organisations/not-a-team`).set(operator)).status).toBe(404);
    expect((await request(identity.url).get(`${api}/admin/organisations/${crypto.randomUUID()}`).set(operator)).status).toBe(404);
    expect((await request(identity.url).get(`${api}/admin/organisations/${team.id}`).set(owner.auth)).status).toBe(403);
  });
});
