import { setTimeout as sleep } from 'node:timers/promises';
import { BILLING_ERROR_CODES } from '@agentdock/contracts';
import { ForbiddenError, NotFoundError } from '@agentdock/service-kit';
import type { Db, Tx } from '@agentdock/service-data';
import { and, count, eq, inArray, isNotNull, lte, sql } from '@agentdock/service-data/orm';
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

/**
 * What billing knows of the caller in the team, read in one statement: their own row first, else any
 * row of the team. Two statements (theirs, then the team's) let the team's first fact land between
 * them, and an owner whose row had just arrived was told the team does not exist.
 */
async function memberFact(db: Db, organisationId: string, userId: string): Promise<{ teamKnown: boolean; role: TeamRole | null | undefined }> {
  const [row] = await db
    .select({ userId: organisationRoles.userId, role: organisationRoles.role })
    .from(organisationRoles)
    .where(eq(organisationRoles.organisationId, organisationId))
    .orderBy(sql`${organisationRoles.userId} = ${userId} desc`)
    .limit(1);
  if (!row) return { teamKnown: false, role: undefined };
  return { teamKnown: true, role: row.userId === userId ? row.role : undefined };
}

/**
 * How long a call about a team billing has never heard of waits for identity's event about it.
 * Billing learns of a team from that event; a customer who creates a team and buys its seats at
 * once can be faster than it (the event goes through identity's outbox and the bus).
 */
export const NEW_TEAM_WAIT = { totalMs: 3_000, everyMs: 100 };

/**
 * The caller's role, waiting up to NEW_TEAM_WAIT for the first event of a team billing has not
 * heard of. A team billing knows answers at once: only a call about a brand-new (or unknown) team waits.
 */
async function settledRoleOf(db: Db, organisationId: string, userId: string): Promise<TeamRole | null> {
  const deadline = Date.now() + NEW_TEAM_WAIT.totalMs;
  for (;;) {
    const fact = await memberFact(db, organisationId, userId);
    if (fact.role !== undefined) return fact.role;
    if (fact.teamKnown || Date.now() >= deadline) return null;
    await sleep(NEW_TEAM_WAIT.everyMs);
  }
}

/**
 * Only the team's owner and admins buy and change seats. A non-member is told the team does not
 * exist (as identity answers), a member that they lack the role.
 */
export async function requireTeamManager(db: Db, organisationId: string, userId: string): Promise<TeamRole> {
  const role = await settledRoleOf(db, organisationId, userId);
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
