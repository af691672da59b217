import {
  type EventEnvelope,
  invitationList,
  invitationPreview,
  organisationCreatedV1,
  organisationDeletedV1,
  organisationList,
  organisationMemberJoinedV1,
  organisationMemberRemovedV1,
  organisationMemberRoleChangedV1,
  organisationRenamedV1,
  teamActivityList,
} from '@agentdock/contracts';
import { adminAudit } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { organisationInvitations } from '../src/db/schema';
import { type IdentityHarness, startIdentity } from './helpers';
import { api, createTeam, detail, inviteAndRead, joinAs, person, reportSeats, uniqueSlug } from './teams-harness';

describe(`svc-identity teams (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let identity: IdentityHarness;
  const published: EventEnvelope[] = [];
  const events = [organisationCreatedV1, organisationRenamedV1, organisationDeletedV1, organisationMemberJoinedV1, organisationMemberRemovedV1, organisationMemberRoleChangedV1];

  beforeAll(async () => {
    identity = await startIdentity();
    for (const event of events) {
      await identity.bus.bus.subscribe({ durable: `test-${event.type.replaceAll('.', '-')}`, subject: event.subject, handler: async (envelope) => void published.push(envelope) });
    }
  });
  afterAll(() => identity.close());

  const eventsFor = (orgId: string, type: string) => published.filter((event) => event.type === type && (event.data as { organisationId: string }).organisationId === orgId);
  const http = () => request(identity.url);

  it('creates a team with its creator as the one owner, lists it, and refuses a URL name already taken', async () => {
    const owner = await person(identity, 'owner');
    const slug = uniqueSlug();
    const created = await http().post(`${api}/organisations`).set(owner.auth).send({ name: '  Acme Robotics ', slug: slug.toUpperCase() }).expect(201);
    expect(created.body).toMatchObject({ name: 'Acme Robotics', slug, role: 'owner' });
    const taken = await http().post(`${api}/organisations`).set(owner.auth).send({ name: 'Copycat', slug }).expect(409);
    expect(taken.body.error.code).toBe('organisation_slug_taken');
    await http().post(`${api}/organisations`).set(owner.auth).send({ name: 'A', slug: 'no spaces!' }).expect(400);
    const list = organisationList.parse((await http().get(`${api}/organisations`).set(owner.auth).expect(200)).body);
    expect(list.organisations.map((team) => team.slug)).toEqual([slug]);
    const team = await detail(identity, owner, created.body.id);
    expect(team.members).toEqual([expect.objectContaining({ userId: owner.id, role: 'owner' })]);
    // No subscription yet: the owner alone.
    expect(team.seats).toEqual({ paid: 0, limit: 1, used: 1, pending: 0, hasActiveSubscription: false });
    await eventually(async () => eventsFor(created.body.id, 'identity.organisation.member.joined').length === 1);
    expect(eventsFor(created.body.id, 'identity.organisation.created')[0]?.data).toEqual({ organisationId: created.body.id, name: 'Acme Robotics', slug, ownerId: owner.id });
  });

  it('refuses invitations past the seats, offering the owner to add seats, and follows billing’s seat reports idempotently', async () => {
    const owner = await person(identity, 'owner');
    const team = await createTeam(identity, owner);
    const refused = await http().post(`${api}/organisations/${team.id}/invitations`).set(owner.auth).send({ email: 'new@example.com', role: 'member' }).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'no_seat_left', message: expect.stringContaining('add seats') });
    await reportSeats(identity, team.id, 2);
    await eventually(async () => (await detail(identity, owner, team.id)).seats.limit === 2);
    // An older report arriving late changes nothing.
    await reportSeats(identity, team.id, 9, 'active', new Date(Date.now() - 60_000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await detail(identity, owner, team.id)).seats).toMatchObject({ paid: 2, limit: 2, hasActiveSubscription: true });
    await inviteAndRead(identity, owner, team.id, 'second@example.com');
    // The pending invitation holds the second seat.
    const full = await http().post(`${api}/organisations/${team.id}/invitations`).set(owner.auth).send({ email: 'third@example.com', role: 'member' }).expect(409);
    expect(full.body.error.code).toBe('no_seat_left');
  });

  it('lets only the account of the invited address accept, once, and lists the invitation until then', async () => {
    const owner = await person(identity, 'owner');
    const team = await createTeam(identity, owner, 'Globex');
    await reportSeats(identity, team.id, 5);
    await eventually(async () => (await detail(identity, owner, team.id)).seats.limit === 5);
    const invitee = await person(identity, 'invitee');
    const outsider = await person(identity, 'outsider');
    const { token, message } = await inviteAndRead(identity, owner, team.id, invitee.email, 'admin');
    expect(message.subject).toBe('You are invited to join Globex on Agentdock');
    expect(message.links[0]).toMatch(/^http:\/\/localhost:3000\/team\/join\?token=[A-Za-z0-9_-]{43}$/);
    const preview = invitationPreview.parse((await http().get(`${api}/invitations/${token}`).expect(200)).body);
    expect(preview).toMatchObject({ organisationName: 'Globex', email: invitee.email, role: 'admin', invitedBy: owner.email, status: 'pending' });
    const pending = invitationList.parse((await http().get(`${api}/organisations/${team.id}/invitations`).set(owner.auth).expect(200)).body);
    expect(pending.invitations.map((invitation) => invitation.email)).toEqual([invitee.email]);
    const again = await http().post(`${api}/organisations/${team.id}/invitations`).set(owner.auth).send({ email: invitee.email, role: 'member' }).expect(409);
    expect(again.body.error.code).toBe('invitation_pending');

    const wrong = await http().post(`${api}/invitations/${token}/accept`).set(outsider.auth).send({}).expect(403);
    expect(wrong.body.error.code).toBe('invitation_wrong_account');
    await http().post(`${api}/invitations/${token}/accept`).send({}).expect(401);
    const accepted = await http().post(`${api}/invitations/${token}/accept`).set(invitee.auth).send({}).expect(200);
    expect(accepted.body.organisation).toMatchObject({ id: team.id, role: 'admin' });
    const used = await http().post(`${api}/invitations/${token}/accept`).set(invitee.auth).send({}).expect(409);
    expect(used.body.error.code).toBe('invitation_used');
    const member = await http().post(`${api}/organisations/${team.id}/invitations`).set(owner.auth).send({ email: invitee.email.toUpperCase(), role: 'member' }).expect(409);
    expect(member.body.error.code).toBe('already_member');
    expect((await detail(identity, invitee, team.id)).seats).toMatchObject({ used: 2, pending: 0 });
    await eventually(async () => eventsFor(team.id, 'identity.organisation.member.joined').some((event) => (event.data as { userId: string }).userId === invitee.id));
    await http().get(`${api}/invitations/not-a-token`).expect(404);
  });

  it('refuses a revoked or expired invitation with its reason, and a resent one works with its new link only', async () => {
    const owner = await person(identity, 'owner');
    const team = await createTeam(identity, owner);
    await reportSeats(identity, team.id, 5);
    await eventually(async () => (await detail(identity, owner, team.id)).seats.limit === 5);
    const late = await person(identity, 'late');
    const revoked = await person(identity, 'revoked');
    const first = await inviteAndRead(identity, owner, team.id, late.email);
    const second = await inviteAndRead(identity, owner, team.id, revoked.email);

    await http().delete(`${api}/organisations/${team.id}/invitations/${second.invitationId}`).set(owner.auth).expect(204);
    const refusedRevoked = await http().post(`${api}/invitations/${second.token}/accept`).set(revoked.auth).send({}).expect(410);
    expect(refusedRevoked.body.error.code).toBe('invitation_revoked');

    await identity.service.context.db
      .update(organisationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organisationInvitations.id, first.invitationId));
    const expired = await http().post(`${api}/invitations/${first.token}/accept`).set(late.auth).send({}).expect(410);
    expect(expired.body.error.code).toBe('invitation_expired');
    expect(invitationList.parse((await http().get(`${api}/organisations/${team.id}/invitations`).set(owner.auth).expect(200)).body).invitations).toEqual([]);

    await http().post(`${api}/organisations/${team.id}/invitations/${first.invitationId}/resend`).set(owner.auth).send({}).expect(200);
    const resent = await eventually(async () => {
      const { messages } = (await request(identity.url).get(`${api}/dev/mailbox/messages`).set('x-mailbox-token', 'test-mailbox-token-0123456789').query({ to: late.email })).body;
      const links = (messages as Array<{ links: string[] }>).map((entry) => new URL(entry.links[0]!).searchParams.get('token'));
      return links.find((token) => token && token !== first.token);
    });
    await http().post(`${api}/invitations/${first.token}/accept`).set(late.auth).send({}).expect(404);
    await http().post(`${api}/invitations/${resent}/accept`).set(late.auth).send({}).expect(200);
  });

  it('keeps exactly one owner: roles change by owners and admins, ownership moves by a transfer, and the owner leaves only after one', async () => {
    const owner = await person(identity, 'owner');
    const team = await createTeam(identity, owner);
    await reportSeats(identity, team.id, 4);
    await eventually(async () => (await detail(identity, owner, team.id)).seats.limit === 4);
    const admin = await joinAs(identity, owner, team.id, 'admin');
    const member = await joinAs(identity, owner, team.id, 'member');

    const memberInvites = await http().post(`${api}/organisations/${team.id}/invitations`).set(member.auth).send({ email: 'x@example.com', role: 'member' }).expect(403);
    expect(memberInvites.body.error.code).toBe('team_admin_required');
    await http().patch(`${api}/organisations/${team.id}/members/${owner.id}`).set(admin.auth).send({ role: 'member' }).expect(409);
    await http().patch(`${api}/organisations/${team.id}/members/${member.id}`).set(admin.auth).send({ role: 'owner' }).expect(400);
    const promoted = await http().patch(`${api}/organisations/${team.id}/members/${member.id}`).set(admin.auth).send({ role: 'admin' }).expect(200);
    expect(promoted.body.role).toBe('admin');

    const leave = await http().delete(`${api}/organisations/${team.id}/members/${owner.id}`).set(owner.auth).expect(409);
    expect(leave.body.error.code).toBe('owner_must_transfer');
    await http().post(`${api}/organisations/${team.id}/transfer`).set(admin.auth).send({ userId: admin.id }).expect(403);
    const transferred = await http().post(`${api}/organisations/${team.id}/transfer`).set(owner.auth).send({ userId: admin.id }).expect(200);
    expect(transferred.body.members.filter((entry: { role: string }) => entry.role === 'owner')).toEqual([expect.objectContaining({ userId: admin.id })]);
    await http().delete(`${api}/organisations/${team.id}/members/${owner.id}`).set(owner.auth).expect(204);
    await http().get(`${api}/organisations/${team.id}`).set(owner.auth).expect(404);
    await eventually(async () => eventsFor(team.id, 'identity.organisation.member.role_changed').length === 3);
    await eventually(async () => eventsFor(team.id, 'identity.organisation.member.removed').some((event) => (event.data as { reason: string }).reason === 'left'));
  });

  it('refuses a removed member from the very next request, publishes the removal and frees the seat', async () => {
    const owner = await person(identity, 'owner');
    const team = await createTeam(identity, owner);
    await reportSeats(identity, team.id, 2);
    await eventually(async () => (await detail(identity, owner, team.id)).seats.limit === 2);
    const member = await joinAs(identity, owner, team.id, 'member');
    await http().get(`${api}/organisations/${team.id}`).set(member.auth).expect(200);
    await http().delete(`${api}/organisations/${team.id}/members/${member.id}`).set(owner.auth).expect(204);
    const refused = await http().get(`${api}/organisations/${team.id}`).set(member.auth).expect(404);
    expect(refused.body.error.code).toBe('organisation_not_found');
    await eventually(async () => eventsFor(team.id, 'identity.organisation.member.removed')[0]);
    expect(eventsFor(team.id, 'identity.organisation.member.removed')[0]?.data).toEqual({ organisationId: team.id, userId: member.id, reason: 'removed', members: 1 });
    await inviteAndRead(identity, owner, team.id, 'replacement@example.com');
    const log = teamActivityList.parse((await http().get(`${api}/organisations/${team.id}/activity`).set(owner.auth).expect(200)).body);
    expect(log.activity.map((entry) => entry.action)).toEqual(['member.invited', 'member.removed', 'member.joined', 'member.invited', 'seats.changed', 'organisation.created']);
    expect(log.activity[1]).toMatchObject({ actorEmail: owner.email, subject: member.email });
  });

  it('renames, and deletes only with the name typed and no active subscription', async () => {
    const owner = await person(identity, 'owner');
    const team = await createTeam(identity, owner, 'Initech');
    const renamed = await http().patch(`${api}/organisations/${team.id}`).set(owner.auth).send({ name: 'Initech Global' }).expect(200);
    expect(renamed.body).toMatchObject({ name: 'Initech Global', slug: team.slug });
    await reportSeats(identity, team.id, 3);
    await eventually(async () => (await detail(identity, owner, team.id)).seats.hasActiveSubscription);
    const mismatch = await http().post(`${api}/organisations/${team.id}/delete`).set(owner.auth).send({ confirmName: 'Initech' }).expect(400);
    expect(mismatch.body.error.code).toBe('organisation_name_mismatch');
    const paid = await http().post(`${api}/organisations/${team.id}/delete`).set(owner.auth).send({ confirmName: 'Initech Global' }).expect(409);
    expect(paid.body.error.code).toBe('organisation_has_subscription');
    await reportSeats(identity, team.id, 0, 'canceled');
    await eventually(async () => !(await detail(identity, owner, team.id)).seats.hasActiveSubscription);
    await http().post(`${api}/organisations/${team.id}/delete`).set(owner.auth).send({ confirmName: 'Initech Global' }).expect(204);
    await http().get(`${api}/organisations/${team.id}`).set(owner.auth).expect(404);
    await eventually(async () => eventsFor(team.id, 'identity.organisation.deleted')[0]);
    expect(eventsFor(team.id, 'identity.organisation.deleted')[0]?.data).toEqual({ organisationId: team.id, memberIds: [owner.id] });
    expect(eventsFor(team.id, 'identity.organisation.renamed')).toHaveLength(1);
    const [audit] = await identity.service.context.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `organisation:${team.id}`));
    expect(audit).toMatchObject({ actorId: owner.id, action: 'organisation.deleted', before: { name: 'Initech Global', slug: team.slug, members: 1 } });
  });
});
