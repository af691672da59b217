import { IdentityError } from '../errors';
import {
  checkAcceptable,
  checkDeleteConfirmation,
  checkInvitee,
  checkRemoval,
  checkRoleChange,
  checkSeatForInvitation,
  checkSeatForJoining,
  invitationExpiry,
  invitationStatus,
  requireRole,
  seatLimit,
} from './rules';

const codeOf = (action: () => unknown) => {
  try {
    action();
    return 'allowed';
  } catch (error) {
    if (error instanceof IdentityError) return error.code;
    throw error;
  }
};

const owner = { userId: 'o', role: 'owner' as const };
const admin = { userId: 'a', role: 'admin' as const };
const otherAdmin = { userId: 'a2', role: 'admin' as const };
const member = { userId: 'm', role: 'member' as const };
const otherMember = { userId: 'm2', role: 'member' as const };

describe('team rules', () => {
  it('ranks roles: the owner does everything, an admin manages, a member neither', () => {
    expect(codeOf(() => requireRole('owner', 'owner'))).toBe('allowed');
    expect(codeOf(() => requireRole('admin', 'admin'))).toBe('allowed');
    expect(codeOf(() => requireRole('admin', 'owner'))).toBe('team_owner_required');
    expect(codeOf(() => requireRole('member', 'admin'))).toBe('team_admin_required');
  });

  it('lets anyone but the owner leave, lets owners and admins remove others, and never removes the owner', () => {
    expect(codeOf(() => checkRemoval(member, member))).toBe('allowed');
    expect(checkRemoval(member, member)).toBe('left');
    expect(checkRemoval(admin, member)).toBe('removed');
    expect(checkRemoval(owner, admin)).toBe('removed');
    expect(checkRemoval(admin, otherAdmin)).toBe('removed');
    expect(codeOf(() => checkRemoval(member, otherMember))).toBe('team_admin_required');
    expect(codeOf(() => checkRemoval(owner, owner))).toBe('owner_must_transfer');
    expect(codeOf(() => checkRemoval(admin, owner))).toBe('owner_role_fixed');
  });

  it("changes roles only by owners and admins, never the owner's, and not an admin's own", () => {
    expect(codeOf(() => checkRoleChange(owner, admin))).toBe('allowed');
    expect(codeOf(() => checkRoleChange(admin, member))).toBe('allowed');
    expect(codeOf(() => checkRoleChange(member, otherMember))).toBe('team_admin_required');
    expect(codeOf(() => checkRoleChange(admin, owner))).toBe('owner_role_fixed');
    expect(codeOf(() => checkRoleChange(owner, owner))).toBe('owner_role_fixed');
    expect(codeOf(() => checkRoleChange(admin, admin))).toBe('team_owner_required');
  });

  it('caps members at the paid seats of an active subscription, and at the free seats without one', () => {
    expect(seatLimit({ paidSeats: 0, subscriptionStatus: 'none' }, 1)).toBe(1);
    expect(seatLimit({ paidSeats: 5, subscriptionStatus: 'active' }, 1)).toBe(5);
    expect(seatLimit({ paidSeats: 5, subscriptionStatus: 'past_due' }, 1)).toBe(5);
    expect(seatLimit({ paidSeats: 5, subscriptionStatus: 'canceled' }, 1)).toBe(1);
    expect(seatLimit({ paidSeats: 1, subscriptionStatus: 'active' }, 2)).toBe(2);
  });

  it('counts pending invitations against the seats when inviting, and only members when joining', () => {
    expect(codeOf(() => checkSeatForInvitation(3, 1, 1))).toBe('allowed');
    expect(codeOf(() => checkSeatForInvitation(3, 2, 1))).toBe('no_seat_left');
    expect(codeOf(() => checkSeatForInvitation(1, 1, 0))).toBe('no_seat_left');
    expect(codeOf(() => checkSeatForJoining(3, 2))).toBe('allowed');
    expect(codeOf(() => checkSeatForJoining(2, 2))).toBe('no_seat_left');
  });

  it('tells an invitation’s state and refuses each state but pending with its own reason', () => {
    const sent = new Date('2026-01-01T00:00:00Z');
    const expiresAt = invitationExpiry(sent);
    expect(expiresAt.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    const fresh = { acceptedAt: null, revokedAt: null, expiresAt };
    expect(invitationStatus(fresh, new Date('2026-01-07T23:59:59Z'))).toBe('pending');
    expect(invitationStatus(fresh, expiresAt)).toBe('expired');
    expect(invitationStatus({ ...fresh, revokedAt: sent }, sent)).toBe('revoked');
    expect(invitationStatus({ ...fresh, acceptedAt: sent, revokedAt: sent }, sent)).toBe('accepted');
    expect(codeOf(() => checkAcceptable('pending'))).toBe('allowed');
    expect(codeOf(() => checkAcceptable('expired'))).toBe('invitation_expired');
    expect(codeOf(() => checkAcceptable('revoked'))).toBe('invitation_revoked');
    expect(codeOf(() => checkAcceptable('accepted'))).toBe('invitation_used');
  });

  it('lets only the account that confirmed the invited address accept', () => {
    const confirmed = new Date();
    expect(codeOf(() => checkInvitee('ada@example.com', { email: 'Ada@Example.com', emailConfirmedAt: confirmed }))).toBe('allowed');
    expect(codeOf(() => checkInvitee('ada@example.com', { email: 'ada@example.com', emailConfirmedAt: null }))).toBe('invitation_wrong_account');
    expect(codeOf(() => checkInvitee('ada@example.com', { email: 'eve@example.com', emailConfirmedAt: confirmed }))).toBe('invitation_wrong_account');
  });

  it('deletes only when the name is typed as shown', () => {
    expect(codeOf(() => checkDeleteConfirmation('Acme Ltd', ' Acme Ltd '))).toBe('allowed');
    expect(codeOf(() => checkDeleteConfirmation('Acme Ltd', 'acme ltd'))).toBe('organisation_name_mismatch');
    expect(codeOf(() => checkDeleteConfirmation('Acme Ltd', ''))).toBe('organisation_name_mismatch');
  });
});
