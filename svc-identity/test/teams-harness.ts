import { randomUUID } from 'node:crypto';
import { type EventEnvelope, organisationDetail, organisationSummary, seatsChangedV1 } from '@agentdock/contracts';
import request from 'supertest';
import { bearer, type IdentityHarness, latestEmail, signUpConfirmed, uniqueEmail } from './helpers';

export const api = '/api/identity';

export interface Person {
  id: string;
  email: string;
  auth: { authorization: string };
}

export async function person(identity: IdentityHarness, label = 'user'): Promise<Person> {
  const { email, session } = await signUpConfirmed(identity.url, uniqueEmail(label));
  return { id: session.user.id, email, auth: bearer(session.accessToken) };
}

let slugs = 0;
export const uniqueSlug = () => `team-${Date.now().toString(36)}-${(slugs += 1)}`;

export async function createTeam(identity: IdentityHarness, owner: Person, name = 'Acme Robotics') {
  const response = await request(identity.url).post(`${api}/organisations`).set(owner.auth).send({ name, slug: uniqueSlug() }).expect(201);
  return organisationSummary.parse(response.body);
}

export async function detail(identity: IdentityHarness, who: Person, orgId: string) {
  return organisationDetail.parse((await request(identity.url).get(`${api}/organisations/${orgId}`).set(who.auth).expect(200)).body);
}

/** Billing's seat report, as svc-billing would publish it; delivered twice, as a redelivery would. */
export async function reportSeats(identity: IdentityHarness, organisationId: string, seats: number, status: 'active' | 'canceled' | 'none' = 'active', occurredAt = new Date()) {
  const envelope: EventEnvelope = {
    id: randomUUID(),
    type: seatsChangedV1.type,
    version: seatsChangedV1.version,
    occurredAt: occurredAt.toISOString(),
    source: 'svc-billing',
    data: { organisationId, subscriptionId: seats > 0 ? 'sub_test' : null, tier: seats > 0 ? 'professional' : null, seats, previousSeats: 0, subscriptionStatus: status },
  };
  await identity.bus.bus.publish(seatsChangedV1.subject, envelope);
  await identity.bus.bus.publish(seatsChangedV1.subject, envelope);
}

/** Invites `email` and returns the token from the emailed link. */
export async function inviteAndRead(identity: IdentityHarness, by: Person, orgId: string, email: string, role: 'admin' | 'member' = 'member') {
  const response = await request(identity.url).post(`${api}/organisations/${orgId}/invitations`).set(by.auth).send({ email, role }).expect(201);
  const message = await latestEmail(identity.url, email, /invited to join/);
  const token = new URL(message.links[0]!).searchParams.get('token')!;
  return { invitationId: (response.body as { id: string }).id, token, message };
}

/** A member of the team `orgId` with `role`, joined through an invitation. */
export async function joinAs(identity: IdentityHarness, owner: Person, orgId: string, role: 'admin' | 'member', label: string = role): Promise<Person> {
  const who = await person(identity, label);
  const { token } = await inviteAndRead(identity, owner, orgId, who.email, role);
  await request(identity.url).post(`${api}/invitations/${token}/accept`).set(who.auth).send({}).expect(200);
  return who;
}
