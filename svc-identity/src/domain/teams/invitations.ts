import { createHash, randomBytes } from 'node:crypto';
import {
  type InvitationAccepted,
  type InvitationCreateRequest,
  type InvitationList,
  type InvitationPreview,
  type InvitationSummary,
  organisationMemberJoinedV1,
  TEAM_INVITATION_PATH,
} from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, desc, eq, gt, isNull, sql } from '@agentdock/service-data/orm';
import { type IdentitySchema, type OrganisationInvitationRow, organisationInvitations, organisationMembers, organisations, type UserRow, users } from '../../db/schema';
import { IdentityError } from '../errors';
import { idOr404, managingMembership } from './access';
import { recordActivity } from './activity';
import type { TeamDeps } from './deps';
import { invitationEmail } from './invitation-email';
import { countSeats, summaryOf } from './organisations';
import { checkAcceptable, checkInvitee, checkSeatForInvitation, checkSeatForJoining, invitationExpiry, invitationStatus, roleLabel, seatLimit } from './rules';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh link token (32 random bytes) and the hash that is all the database keeps of it. */
function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

const linkOf = (publicUrl: string, token: string) => `${new URL(TEAM_INVITATION_PATH, publicUrl).toString()}?token=${token}`;

function summary(row: OrganisationInvitationRow, invitedBy: string | null): InvitationSummary {
  return { id: row.id, email: row.email, role: row.role, invitedBy, sentAt: row.sentAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

const pendingOf = (organisationId: string, now: Date) =>
  and(
    eq(organisationInvitations.organisationId, organisationId),
    isNull(organisationInvitations.acceptedAt),
    isNull(organisationInvitations.revokedAt),
    gt(organisationInvitations.expiresAt, now),
  );

/** Invitations still waiting for an answer, newest first. */
export async function listInvitations(deps: TeamDeps, user: UserRow, organisationId: string, now = new Date()): Promise<InvitationList> {
  await managingMembership(deps.db, organisationId, user.id, 'admin');
  const rows = await deps.db
    .select({ invitation: organisationInvitations, invitedBy: users.email })
    .from(organisationInvitations)
    .leftJoin(users, eq(users.id, organisationInvitations.invitedBy))
    .where(pendingOf(organisationId, now))
    .orderBy(desc(organisationInvitations.sentAt));
  return { invitations: rows.map((row) => summary(row.invitation, row.invitedBy)) };
}

/**
 * Owners and admins invite an address with a role. Refused for a member's address, an address
 * already invited, and when no seat is free (members and pending invitations each hold one).
 */
export async function invite(deps: TeamDeps, user: UserRow, organisationId: string, input: InvitationCreateRequest, now = new Date()): Promise<InvitationSummary> {
  const { token, tokenHash } = newToken();
  const { row, organisationName } = await deps.writer.transaction(async (tx) => {
    const { organisation } = await managingMembership(tx, organisationId, user.id, 'admin', true);
    const [member] = await tx
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, organisationId), sql`lower(${users.email}) = ${input.email}`));
    if (member) throw new IdentityError('already_member');
    const [pending] = await tx
      .select({ id: organisationInvitations.id })
      .from(organisationInvitations)
      .where(and(pendingOf(organisationId, now), eq(organisationInvitations.email, input.email)));
    if (pending) throw new IdentityError('invitation_pending');
    const seats = await countSeats(tx, organisationId, now);
    checkSeatForInvitation(seatLimit(organisation, deps.freeSeats), seats.members, seats.pending);
    const [stored] = await tx
      .insert(organisationInvitations)
      .values({ organisationId, email: input.email, role: input.role, tokenHash, invitedBy: user.id, sentAt: now, createdAt: now, expiresAt: invitationExpiry(now) })
      .returning();
    if (!stored) throw new Error('The invitation was not stored');
    await recordActivity(tx, { organisationId, action: 'member.invited', actorEmail: user.email, subject: input.email, detail: roleLabel(input.role) });
    return { row: stored, organisationName: organisation.name };
  });
  deps.mailer.sendInBackground(invitationEmail(row.email, { organisationName, inviter: user, role: row.role, url: linkOf(deps.publicUrl, token), expiresAt: row.expiresAt }));
  return summary(row, user.email);
}

async function pendingInvitation(tx: Db, organisationId: string, invitationId: string, now: Date): Promise<OrganisationInvitationRow> {
  const [row] = await tx
    .select()
    .from(organisationInvitations)
    .where(and(eq(organisationInvitations.id, idOr404(invitationId, 'invitation_not_found')), eq(organisationInvitations.organisationId, organisationId)));
  if (!row) throw new IdentityError('invitation_not_found');
  checkAcceptable(invitationStatus(row, now));
  return row;
}

/** Withdraws a pending invitation: its link stops working and its seat is free again. */
export async function revokeInvitation(deps: TeamDeps, user: UserRow, organisationId: string, invitationId: string, now = new Date()): Promise<void> {
  await deps.writer.transaction(async (tx) => {
    await managingMembership(tx, organisationId, user.id, 'admin', true);
    const row = await pendingInvitation(tx, organisationId, invitationId, now);
    await tx.update(organisationInvitations).set({ revokedAt: now }).where(eq(organisationInvitations.id, row.id));
    await recordActivity(tx, { organisationId, action: 'invitation.revoked', actorEmail: user.email, subject: row.email });
  });
}

/**
 * Sends the invitation again with a new link (the old one stops working) valid 7 days from now.
 * An expired one can be resent too, as long as a seat is free for it again.
 */
export async function resendInvitation(deps: TeamDeps, user: UserRow, organisationId: string, invitationId: string, now = new Date()): Promise<InvitationSummary> {
  const { token, tokenHash } = newToken();
  const { row, organisationName } = await deps.writer.transaction(async (tx) => {
    const { organisation } = await managingMembership(tx, organisationId, user.id, 'admin', true);
    const [found] = await tx
      .select()
      .from(organisationInvitations)
      .where(and(eq(organisationInvitations.id, idOr404(invitationId, 'invitation_not_found')), eq(organisationInvitations.organisationId, organisationId)));
    if (!found) throw new IdentityError('invitation_not_found');
    const status = invitationStatus(found, now);
    if (status !== 'expired') checkAcceptable(status);
    else {
      const seats = await countSeats(tx, organisationId, now);
      checkSeatForInvitation(seatLimit(organisation, deps.freeSeats), seats.members, seats.pending);
    }
    const [updated] = await tx
      .update(organisationInvitations)
      .set({ tokenHash, sentAt: now, expiresAt: invitationExpiry(now), invitedBy: user.id })
      .where(eq(organisationInvitations.id, found.id))
      .returning();
    if (!updated) throw new IdentityError('invitation_not_found');
    await recordActivity(tx, { organisationId, action: 'invitation.resent', actorEmail: user.email, subject: found.email });
    return { row: updated, organisationName: organisation.name };
  });
  deps.mailer.sendInBackground(invitationEmail(row.email, { organisationName, inviter: user, role: row.role, url: linkOf(deps.publicUrl, token), expiresAt: row.expiresAt }));
  return summary(row, user.email);
}

async function byToken(db: Db<IdentitySchema>, token: string, lock = false) {
  // Any string is a possible token; one that is too long to be ours names nothing.
  if (token.length > 200) throw new IdentityError('invitation_not_found');
  const query = db
    .select({ invitation: organisationInvitations, invitedBy: users.email })
    .from(organisationInvitations)
    .leftJoin(users, eq(users.id, organisationInvitations.invitedBy))
    .where(eq(organisationInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: organisationInvitations }) : await query;
  if (!row) throw new IdentityError('invitation_not_found');
  return row;
}

/** What the link's page shows to anyone holding it, signed in or not. */
export async function previewInvitation(db: Db<IdentitySchema>, token: string, now = new Date()): Promise<InvitationPreview> {
  const { invitation, invitedBy } = await byToken(db, token);
  const [organisation] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, invitation.organisationId));
  if (!organisation) throw new IdentityError('invitation_not_found');
  return {
    organisationName: organisation.name,
    email: invitation.email,
    role: invitation.role,
    invitedBy,
    status: invitationStatus(invitation, now),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The invited account joins: only the one that confirmed the invited address, while a seat is free. */
export async function acceptInvitation(deps: TeamDeps, user: UserRow, token: string, now = new Date()): Promise<InvitationAccepted> {
  return deps.writer.transaction(async (tx) => {
    const { invitation } = await byToken(tx, token);
    const organisationId = invitation.organisationId;
    checkInvitee(invitation.email, user);
    // The team's row first, then the invitation's: every team change takes its locks in that order.
    const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
    if (!organisation) throw new IdentityError('invitation_not_found');
    const { invitation: locked } = await byToken(tx, token, true);
    checkAcceptable(invitationStatus(locked, now));
    const [member] = await tx
      .select({ role: organisationMembers.role })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, user.id)));
    if (member) throw new IdentityError('already_member');
    const seats = await countSeats(tx, organisationId, now);
    checkSeatForJoining(seatLimit(organisation, deps.freeSeats), seats.members);
    await tx.update(organisationInvitations).set({ acceptedAt: now }).where(eq(organisationInvitations.id, locked.id));
    await tx.insert(organisationMembers).values({ organisationId, userId: user.id, role: locked.role, joinedAt: now });
    await recordActivity(tx, { organisationId, action: 'member.joined', actorEmail: user.email, subject: user.email, detail: roleLabel(locked.role) });
    await deps.writer.enqueue(tx, organisationMemberJoinedV1, { organisationId, userId: user.id, role: locked.role, members: seats.members + 1 });
    return { organisation: summaryOf(organisation, locked.role) };
  });
}
