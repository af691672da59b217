import { organisationMemberRemovedV1, organisationMemberRoleChangedV1, type InvitableRole, type TeamMember } from '@agentdock/contracts';
import { and, count, eq } from '@agentdock/service-data/orm';
import { organisationMembers, type UserRow, users } from '../../db/schema';
import { revokeTeamKeys } from '../api-keys';
import { IdentityError } from '../errors';
import { idOr404, membershipOf } from './access';
import { recordActivity } from './activity';
import type { TeamDeps } from './deps';
import { checkRemoval, checkRoleChange, requireRole, roleLabel } from './rules';
import type { Tx } from '@agentdock/service-data';

async function targetMember(tx: Tx, organisationId: string, userId: string) {
  const [target] = await tx
    .select({ member: organisationMembers, email: users.email, fullName: users.fullName })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  if (!target) throw new IdentityError('member_not_found');
  return target;
}

/** Owners and admins make a member an admin or an admin a member; published and logged. */
export async function changeMemberRole(deps: TeamDeps, user: UserRow, organisationId: string, memberId: string, role: InvitableRole): Promise<TeamMember> {
  return deps.writer.transaction(async (tx) => {
    const actor = await membershipOf(tx, organisationId, user.id, true);
    const target = await targetMember(tx, organisationId, idOr404(memberId, 'member_not_found'));
    checkRoleChange(actor, target.member);
    const previousRole = target.member.role;
    if (previousRole !== role) {
      await tx
        .update(organisationMembers)
        .set({ role })
        .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, memberId)));
      await recordActivity(tx, {
        organisationId,
        action: 'member.role_changed',
        actorEmail: user.email,
        subject: target.email,
        detail: `${roleLabel(previousRole)} → ${roleLabel(role)}`,
      });
      await deps.writer.enqueue(tx, organisationMemberRoleChangedV1, { organisationId, userId: memberId, role, previousRole });
    }
    return { userId: memberId, email: target.email, fullName: target.fullName, role, joinedAt: target.member.joinedAt.toISOString() };
  });
}

/**
 * Removes a member at once, or lets one leave. The membership row goes in this transaction, so
 * this service refuses them from their next request; the removed event lets the others (pool,
 * keys, agents) follow within seconds. Their own account and personal workspace stay.
 */
export async function removeMember(deps: TeamDeps, user: UserRow, organisationId: string, memberId: string): Promise<void> {
  await deps.writer.transaction(async (tx) => {
    const actor = await membershipOf(tx, organisationId, user.id, true);
    // Removing someone else needs the right before the target is looked up, so members cannot probe ids.
    if (memberId !== user.id) requireRole(actor.role, 'admin');
    const target = await targetMember(tx, organisationId, idOr404(memberId, 'member_not_found'));
    const reason = checkRemoval(actor, target.member);
    await tx.delete(organisationMembers).where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, memberId)));
    const [remaining] = await tx.select({ n: count() }).from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId));
    await recordActivity(tx, { organisationId, action: reason === 'left' ? 'member.left' : 'member.removed', actorEmail: user.email, subject: target.email });
    await deps.writer.enqueue(tx, organisationMemberRemovedV1, { organisationId, userId: memberId, reason, members: remaining?.n ?? 0 });
    await revokeTeamKeys(deps.writer, tx, { organisationId, userId: memberId, actorEmail: user.email, subjectEmail: target.email });
  });
}
