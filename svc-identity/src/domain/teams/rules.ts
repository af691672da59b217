import { type InvitableRole, INVITATION_TTL_DAYS, type TeamRole } from '@agentdock/contracts';
import { IdentityError } from '../errors';

/** The rules of teams as plain functions: who may do what, how many seats, what state an invitation is in. */

const RANK: Record<TeamRole, number> = { owner: 3, admin: 2, member: 1 };

/** Refuses a caller whose role is below `needed` (the caller is a member: non-members never get here). */
export function requireRole(role: TeamRole, needed: 'admin' | 'owner'): void {
  if (RANK[role] >= RANK[needed]) return;
  throw new IdentityError(needed === 'owner' ? 'team_owner_required' : 'team_admin_required');
}

/**
 * Whether `actor` may remove `target` from the team. Anyone may leave, except the owner, who
 * transfers ownership first; owners and admins remove others, but nobody removes the owner.
 */
export function checkRemoval(actor: { userId: string; role: TeamRole }, target: { userId: string; role: TeamRole }): 'left' | 'removed' {
  if (target.role === 'owner') throw new IdentityError(actor.userId === target.userId ? 'owner_must_transfer' : 'owner_role_fixed');
  if (actor.userId === target.userId) return 'left';
  requireRole(actor.role, 'admin');
  return 'removed';
}

/** Owners and admins set admin or member; the owner's role moves only by a transfer, and an admin cannot promote or demote themself. */
export function checkRoleChange(actor: { userId: string; role: TeamRole }, target: { userId: string; role: TeamRole }): void {
  requireRole(actor.role, 'admin');
  if (target.role === 'owner') throw new IdentityError('owner_role_fixed');
  if (actor.role !== 'owner' && actor.userId === target.userId) throw new IdentityError('team_owner_required');
}

/** Billing's statuses under which the team still has a subscription (a past-due one is still owed). */
const ACTIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];
export const hasActiveSubscription = (status: string) => ACTIVE_STATUSES.includes(status);

/**
 * How many members the team may have: the seats its subscription pays for, or without one the
 * free seats the operator grants (TEAM_FREE_SEATS, 1 by default: the owner alone). Seats never
 * go below the free ones, so a subscription of 1 seat does not leave a team worse off than none.
 */
export function seatLimit(team: { paidSeats: number; subscriptionStatus: string }, freeSeats: number): number {
  return hasActiveSubscription(team.subscriptionStatus) ? Math.max(team.paidSeats, freeSeats) : freeSeats;
}

/** An invitation holds a seat while pending, so inviting needs a seat not yet taken or held. */
export function checkSeatForInvitation(limit: number, members: number, pending: number): void {
  if (members + pending >= limit) throw new IdentityError('no_seat_left');
}

/** Accepting needs a seat not taken by a member (this invitation's own hold is what it turns into). */
export function checkSeatForJoining(limit: number, members: number): void {
  if (members >= limit) throw new IdentityError('no_seat_left');
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export function invitationStatus(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt <= now ? 'expired' : 'pending';
}

/** Refuses an invitation that cannot be accepted, with the reason a person can act on. */
export function checkAcceptable(status: InvitationStatus): void {
  if (status === 'accepted') throw new IdentityError('invitation_used');
  if (status === 'revoked') throw new IdentityError('invitation_revoked');
  if (status === 'expired') throw new IdentityError('invitation_expired');
}

/** Only the account that confirmed the invited address accepts: the link alone proves nothing. */
export function checkInvitee(invitedEmail: string, user: { email: string; emailConfirmedAt: Date | null }): void {
  if (!user.emailConfirmedAt || user.email.toLowerCase() !== invitedEmail.toLowerCase()) throw new IdentityError('invitation_wrong_account');
}

export const invitationExpiry = (sentAt: Date) => new Date(sentAt.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);

/** The typed confirmation of a deletion: the name as shown, spaces around it forgiven. */
export function checkDeleteConfirmation(name: string, typed: string): void {
  if (typed.trim() !== name) throw new IdentityError('organisation_name_mismatch');
}

export const roleLabel = (role: InvitableRole | TeamRole) => ({ owner: 'Owner', admin: 'Admin', member: 'Member' })[role];
