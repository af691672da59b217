import {
  type OrganisationCreateRequest,
  organisationCreatedV1,
  organisationDeletedV1,
  type OrganisationDetail,
  type OrganisationList,
  organisationMemberJoinedV1,
  organisationMemberRoleChangedV1,
  organisationRenamedV1,
  type OrganisationSummary,
  type TeamMember,
  type TeamRole,
} from '@agentdock/contracts';
import { type Db, onUniqueViolation, recordAdminAction, type Tx } from '@agentdock/service-data';
import { and, asc, count, eq, gt, isNull } from '@agentdock/service-data/orm';
import { type IdentitySchema, organisationInvitations, organisationMembers, type OrganisationRow, organisations, type UserRow, users } from '../../db/schema';
import { IdentityError } from '../errors';
import { revokeTeamKeys } from '../api-keys';
import { membershipOf, managingMembership } from './access';
import { recordActivity } from './activity';
import type { TeamDeps } from './deps';
import { checkDeleteConfirmation, hasActiveSubscription, seatLimit } from './rules';

export const summaryOf = (organisation: OrganisationRow, role: TeamRole): OrganisationSummary => ({
  id: organisation.id,
  name: organisation.name,
  slug: organisation.slug,
  role,
  createdAt: organisation.createdAt.toISOString(),
});

/** Creates a team with the caller as its owner: published (created, then the owner joined) and logged. */
export async function createOrganisation(deps: TeamDeps, user: UserRow, input: OrganisationCreateRequest): Promise<OrganisationSummary> {
  return onUniqueViolation(
    () =>
      deps.writer.transaction(async (tx) => {
        const [organisation] = await tx.insert(organisations).values({ name: input.name, slug: input.slug }).returning();
        if (!organisation) throw new Error('The team was not stored');
        await tx.insert(organisationMembers).values({ organisationId: organisation.id, userId: user.id, role: 'owner' });
        await recordActivity(tx, { organisationId: organisation.id, action: 'organisation.created', actorEmail: user.email, detail: organisation.name });
        await deps.writer.enqueue(tx, organisationCreatedV1, { organisationId: organisation.id, name: organisation.name, slug: organisation.slug, ownerId: user.id });
        await deps.writer.enqueue(tx, organisationMemberJoinedV1, { organisationId: organisation.id, userId: user.id, role: 'owner', members: 1 });
        return summaryOf(organisation, 'owner');
      }),
    () => new IdentityError('organisation_slug_taken'),
  );
}

/** The teams the user belongs to, oldest first. */
export async function listOrganisations(db: Db<IdentitySchema>, userId: string): Promise<OrganisationList> {
  const rows = await db
    .select({ organisation: organisations, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(asc(organisations.createdAt), asc(organisations.id));
  return { organisations: rows.map((row) => summaryOf(row.organisation, row.role)) };
}

/** Members and pending invitations of a team (in `tx` when a change must count them under the team's lock). */
export async function countSeats(db: Db, organisationId: string, now = new Date()): Promise<{ members: number; pending: number }> {
  const [members] = await db.select({ n: count() }).from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId));
  const [pending] = await db
    .select({ n: count() })
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
        gt(organisationInvitations.expiresAt, now),
      ),
    );
  return { members: members?.n ?? 0, pending: pending?.n ?? 0 };
}

/** A team's members, owner first, then admins, then members, each in the order they joined. */
export async function membersOf(db: Db, organisationId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({ member: organisationMembers, email: users.email, fullName: users.fullName })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(asc(organisationMembers.joinedAt), asc(users.email));
  const rank: Record<TeamRole, number> = { owner: 0, admin: 1, member: 2 };
  return rows
    .map((row) => ({ userId: row.member.userId, email: row.email, fullName: row.fullName, role: row.member.role, joinedAt: row.member.joinedAt.toISOString() }))
    .sort((a, b) => rank[a.role] - rank[b.role]);
}

/** What any member sees: the team, its members (owner first) and its seats. */
export async function organisationDetail(deps: TeamDeps, organisationId: string, userId: string): Promise<OrganisationDetail> {
  const { organisation, role } = await membershipOf(deps.db, organisationId, userId);
  const members = await membersOf(deps.db, organisationId);
  const { pending } = await countSeats(deps.db, organisationId);
  return {
    organisation: summaryOf(organisation, role),
    members,
    seats: {
      paid: organisation.paidSeats,
      limit: seatLimit(organisation, deps.freeSeats),
      used: members.length,
      pending,
      hasActiveSubscription: hasActiveSubscription(organisation.subscriptionStatus),
    },
  };
}

/** Owners and admins rename; the URL name stays, so links to the team keep working. */
export async function renameOrganisation(deps: TeamDeps, user: UserRow, organisationId: string, name: string): Promise<OrganisationSummary> {
  return deps.writer.transaction(async (tx) => {
    const { organisation, role } = await managingMembership(tx, organisationId, user.id, 'admin', true);
    if (organisation.name === name) return summaryOf(organisation, role);
    const [renamed] = await tx.update(organisations).set({ name, updatedAt: new Date() }).where(eq(organisations.id, organisationId)).returning();
    if (!renamed) throw new IdentityError('organisation_not_found');
    await recordActivity(tx, { organisationId, action: 'organisation.renamed', actorEmail: user.email, detail: `${organisation.name} → ${name}` });
    await deps.writer.enqueue(tx, organisationRenamedV1, { organisationId, name, previousName: organisation.name });
    return summaryOf(renamed, role);
  });
}

/**
 * The owner deletes the team, typing its name to confirm, and only once billing reports no active
 * subscription (seats would otherwise go on being charged for a team that is gone).
 */
export async function deleteOrganisation(deps: TeamDeps, user: UserRow, organisationId: string, confirmName: string): Promise<void> {
  await deps.writer.transaction(async (tx) => {
    const { organisation } = await managingMembership(tx, organisationId, user.id, 'owner', true);
    checkDeleteConfirmation(organisation.name, confirmName);
    if (hasActiveSubscription(organisation.subscriptionStatus)) throw new IdentityError('organisation_has_subscription');
    const members = await tx.select({ userId: organisationMembers.userId }).from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId));
    await tx.delete(organisations).where(eq(organisations.id, organisationId));
    // The team's own log goes with it, so the deletion is kept in the service's audit trail.
    await recordAdminAction(tx, {
      actor: { id: user.id, email: user.email },
      action: 'organisation.deleted',
      subjectUserId: user.id,
      target: `organisation:${organisationId}`,
      before: { name: organisation.name, slug: organisation.slug, members: members.length },
    });
    await deps.writer.enqueue(tx, organisationDeletedV1, { organisationId, memberIds: members.map((member) => member.userId) });
    await revokeTeamKeys(deps.writer, tx, { organisationId });
  });
}

async function setRole(tx: Tx, organisationId: string, userId: string, role: TeamRole): Promise<void> {
  await tx
    .update(organisationMembers)
    .set({ role })
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
}

/** The owner hands the team to another member and stays on as an admin: still exactly one owner. */
export async function transferOwnership(deps: TeamDeps, user: UserRow, organisationId: string, newOwnerId: string): Promise<OrganisationDetail> {
  await deps.writer.transaction(async (tx) => {
    await managingMembership(tx, organisationId, user.id, 'owner', true);
    if (newOwnerId === user.id) return;
    const [target] = await tx
      .select({ role: organisationMembers.role, email: users.email })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, newOwnerId)));
    if (!target) throw new IdentityError('member_not_found');
    // The former owner steps down first: the one-owner index holds at every statement.
    await setRole(tx, organisationId, user.id, 'admin');
    await setRole(tx, organisationId, newOwnerId, 'owner');
    await recordActivity(tx, { organisationId, action: 'ownership.transferred', actorEmail: user.email, subject: target.email });
    await deps.writer.enqueue(tx, organisationMemberRoleChangedV1, { organisationId, userId: user.id, role: 'admin', previousRole: 'owner' });
    await deps.writer.enqueue(tx, organisationMemberRoleChangedV1, { organisationId, userId: newOwnerId, role: 'owner', previousRole: target.role });
  });
  return organisationDetail(deps, organisationId, user.id);
}
