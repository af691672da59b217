import { checkTeamAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { type IdentityHarness, startIdentity } from './helpers';
import { IDENTITY_TEAM_ACCESS } from './access-table';
import { api, createTeam, detail, joinAs, person, reportSeats } from './teams-harness';

describe(`svc-identity team authorization matrix (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  it('answers every team endpoint × {owner, admin, member, outsider, removed member} as the team table says', async () => {
    const owner = await person(identity, 'owner');
    const team = await createTeam(identity, owner);
    await reportSeats(identity, team.id, 5);
    await eventually(async () => (await detail(identity, owner, team.id)).seats.limit === 5);
    const admin = await joinAs(identity, owner, team.id, 'admin');
    const member = await joinAs(identity, owner, team.id, 'member');
    const removed = await joinAs(identity, owner, team.id, 'member', 'removed');
    await request(identity.url).delete(`${api}/organisations/${team.id}/members/${removed.id}`).set(owner.auth).expect(204);
    const outsider = await person(identity, 'outsider');

    const result = await checkTeamAccessMatrix({
      server: identity.service.server,
      url: identity.url,
      table: IDENTITY_TEAM_ACCESS,
      teamParam: 'orgId',
      teamId: team.id,
      principals: { owner: owner.auth, admin: admin.auth, member: member.auth, outsider: outsider.auth, removed: removed.auth },
    });
    console.info(`svc-identity team access matrix: ${result.endpoints} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
    expect(result.endpoints).toBe(Object.keys(IDENTITY_TEAM_ACCESS).length);
    // Nothing in the matrix changed the team: it still has its owner and members.
    expect((await detail(identity, owner, team.id)).members.map((entry) => entry.role).sort()).toEqual(['admin', 'member', 'owner']);
  });
});
