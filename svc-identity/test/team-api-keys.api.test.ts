import { apiKeyCreated, apiKeyIssuedV1, apiKeyList, apiKeyRevokedV1, type EventEnvelope, IDENTITY_TEAM_KEY_ENDPOINTS, endpointUrl, teamActivityList } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { type IdentityHarness, PASSWORD, startIdentity } from './helpers';
import { api, createTeam, joinAs, person, type Person, reportSeats } from './teams-harness';

describe(`svc-identity team API keys (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let identity: IdentityHarness;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    identity = await startIdentity();
    for (const event of [apiKeyIssuedV1, apiKeyRevokedV1]) {
      await identity.bus.bus.subscribe({ durable: `test-${event.type.replaceAll('.', '-')}`, subject: event.subject, handler: async (envelope) => void published.push(envelope) });
    }
  });
  afterAll(() => identity.close());

  const http = () => request(identity.url);
  const keysPath = (orgId: string) => endpointUrl(IDENTITY_TEAM_KEY_ENDPOINTS.teamApiKeys, { orgId });
  const keyPath = (orgId: string, keyId: string) => endpointUrl(IDENTITY_TEAM_KEY_ENDPOINTS.revokeTeamApiKey, { orgId, keyId });
  const create = async (who: Person, orgId: string, name: string) =>
    apiKeyCreated.parse((await http().post(keysPath(orgId)).set(who.auth).send({ name, currentPassword: PASSWORD }).expect(201)).body);
  const teamKeys = async (who: Person, orgId: string) => apiKeyList.parse((await http().get(keysPath(orgId)).set(who.auth).expect(200)).body).keys;
  const personalKeys = async (who: Person) => apiKeyList.parse((await http().get(`${api}/me/api-keys`).set(who.auth).expect(200)).body).keys;
  const activity = async (who: Person, orgId: string) =>
    teamActivityList.parse((await http().get(`${api}/organisations/${orgId}/activity`).set(who.auth).expect(200)).body).activity;
  const revokedIds = () => published.filter((event) => event.type === apiKeyRevokedV1.type).map((event) => (event.data as { keyId: string }).keyId);

  async function teamWithMember() {
    const owner = await person(identity, 'owner');
    const team = await createTeam(identity, owner);
    await reportSeats(identity, team.id, 4);
    await eventually(async () => (await http().get(`${api}/organisations/${team.id}`).set(owner.auth)).body.seats?.limit === 4);
    const member = await joinAs(identity, owner, team.id, 'member');
    return { owner, team, member };
  }

  it('lets a member make a team key, kept apart from their personal keys, published with its team and logged', async () => {
    const { owner, team, member } = await teamWithMember();
    const made = await create(member, team.id, 'Team CI');
    expect(made.key).toMatchObject({ name: 'Team CI', organisationId: team.id });
    expect((await teamKeys(member, team.id)).map((key) => key.id)).toEqual([made.key.id]);
    expect(await personalKeys(member)).toEqual([]);
    // Each member sees their own team keys.
    expect(await teamKeys(owner, team.id)).toEqual([]);
    await eventually(async () => published.find((event) => (event.data as { keyId: string }).keyId === made.key.id));
    expect(published.find((event) => (event.data as { keyId: string }).keyId === made.key.id)?.data).toMatchObject({ userId: member.id, organisationId: team.id });
    // A personal revocation cannot reach a team key.
    await http().delete(`${api}/me/api-keys/${made.key.id}`).set(member.auth).expect(404);
    const log = await activity(owner, team.id);
    expect(log[0]).toMatchObject({ action: 'key.created', actorEmail: member.email, subject: member.email, detail: `Team CI (…${made.key.lastFour})` });
  });

  it('lets an owner revoke a member’s team key, refuses a member revoking someone else’s, and logs the revocation', async () => {
    const { owner, team, member } = await teamWithMember();
    const ownersKey = await create(owner, team.id, 'Owner key');
    const membersKey = await create(member, team.id, 'Member key');
    await http().delete(keyPath(team.id, ownersKey.key.id)).set(member.auth).expect(404);
    await http().delete(keyPath(team.id, membersKey.key.id)).set(owner.auth).expect(204);
    await http().delete(keyPath(team.id, membersKey.key.id)).set(owner.auth).expect(204);
    expect(await teamKeys(member, team.id)).toEqual([]);
    await eventually(async () => revokedIds().includes(membersKey.key.id));
    expect((await activity(owner, team.id))[0]).toMatchObject({ action: 'key.revoked', actorEmail: owner.email, detail: `Member key (…${membersKey.key.lastFour})` });
  });

  it('revokes a removed member’s team keys in the removal and publishes it, leaving their personal keys', async () => {
    const { owner, team, member } = await teamWithMember();
    const teamKey = await create(member, team.id, 'Leaves with me');
    const personal = apiKeyCreated.parse((await http().post(`${api}/me/api-keys`).set(member.auth).send({ name: 'Mine', currentPassword: PASSWORD }).expect(201)).body);
    await http().delete(`${api}/organisations/${team.id}/members/${member.id}`).set(owner.auth).expect(204);
    await eventually(async () => revokedIds().includes(teamKey.key.id));
    expect(revokedIds()).not.toContain(personal.key.id);
    expect((await personalKeys(member)).map((key) => key.id)).toEqual([personal.key.id]);
    await http().get(keysPath(team.id)).set(member.auth).expect(404);
    await http().post(keysPath(team.id)).set(member.auth).send({ name: 'Again', currentPassword: PASSWORD }).expect(404);
    expect((await activity(owner, team.id)).map((entry) => entry.action)).toEqual(expect.arrayContaining(['member.removed', 'key.revoked']));
  });

  it('writes a change of paid seats to the team’s log once, however often billing’s event is delivered', async () => {
    const { owner, team } = await teamWithMember();
    await reportSeats(identity, team.id, 6);
    await eventually(async () => (await activity(owner, team.id)).some((entry) => entry.action === 'seats.changed' && entry.detail === '4 → 6 seats (active)'));
    const seatRows = (await activity(owner, team.id)).filter((entry) => entry.action === 'seats.changed');
    expect(seatRows.map((entry) => entry.detail)).toEqual(['4 → 6 seats (active)', '0 → 4 seats (active)']);
    expect(seatRows.every((entry) => entry.actorEmail === null)).toBe(true);
  });
});
