import { BILLING_ERROR_CODES } from '@agentdock/contracts';
import { ForbiddenError, NotFoundError } from '@agentdock/service-kit';
import type { Db, Tx } from '@agentdock/service-data';
import { and, count, eq, inArray, isNotNull, lte } from '@agentdock/service-data/orm';
import { organisationRoles } from '../db/schema';

export type TeamRole = 'owner' | 'admin' | 'member';

/**
 * Applies one member fact from identity's events: the member's role, or null once they left. Only
 * a fact newer than the one stored moves the row, so redeliveries and late events change nothing.
 */
export async function applyMemberRole(tx: Tx, input: { organisationId: string; userId: string; role: TeamRole | null; at: Date }): Promise<void> {
  const values = { organisationId: input.organisationId, userId: input.userId, role: input.role, lastEventAt: input.at };
  await tx
    .insert(organisationRoles)
    .values(values)
    .onConflictDoUpdate({
      target: [organisationRoles.organisationId, organisationRoles.userId],
      set: { role: input.role, lastEventAt: input.at },
      // Not older: two facts of one millisecond apply in the order they arrive (redeliveries are dropped by event id).
      setWhere: lte(organisationRoles.lastEventAt, input.at),
    });
}

/** The team is gone: nobody may buy or change its seats any more (its members' rows end, as removals do). */
export async function applyOrganisationDeleted(tx: Tx, input: { organisationId: string; memberIds: string[]; at: Date }): Promise<void> {
  for (const userId of input.memberIds) await applyMemberRole(tx, { organisationId: input.organisationId, userId, role: null, at: input.at });
  await tx
    .update(organisationRoles)
    .set({ role: null, lastEventAt: input.at })
    .where(and(eq(organisationRoles.organisationId, input.organisationId), lte(organisationRoles.lastEventAt, input.at)));
}

/** The caller's role in the team, or null when they are not (or no longer) a member. */
export async function teamRoleOf(db: Db, organisationId: string, userId: string): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: organisationRoles.role })
    .from(organisationRoles)
    .where(and(eq(organisationRoles.organisationId, organisationId), eq(organisationRoles.userId, userId)));
  return row?.role ?? null;
}

/**
 * Only the team's owner and admins buy and change seats. A non-member is told the team does not
 * exist (as identity answers), a member that they lack the role.
 */
export async function requireTeamManager(db: Db, organisationId: string, userId: string): Promise<TeamRole> {
  const role = await teamRoleOf(db, organisationId, userId);
  if (role === null) throw new NotFoundError(undefined, { code: BILLING_ERROR_CODES.organisationNotFound });
  if (role === 'member') throw new ForbiddenError(undefined, { code: BILLING_ERROR_CODES.teamAdminRequired });
  return role;
}

/** How many members hold a seat now (the owner included). */
export async function memberCount(db: Db, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ members: count() })
    .from(organisationRoles)
    .where(and(eq(organisationRoles.organisationId, organisationId), isNotNull(organisationRoles.role)));
  return row?.members ?? 0;
}

/** The members of each team listed that billing has heard of (a team without any is absent). */
export async function memberCounts(db: Db, organisationIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ organisationId: organisationRoles.organisationId, members: count() })
    .from(organisationRoles)
    .where(and(inArray(organisationRoles.organisationId, organisationIds), isNotNull(organisationRoles.role)))
    .groupBy(organisationRoles.organisationId);
  return new Map(rows.map((row) => [row.organisationId, row.members]));
}
