import { type Db, type Tx } from '@agentdock/service-data';
import { and, eq, isNotNull, lte, sql } from '@agentdock/service-data/orm';
import { ForbiddenError, NotFoundError } from '@agentdock/service-kit';
import { type ChatSchema, chatPoolMembers, type PoolMemberRow } from '../../db/schema';

export type TeamRole = 'owner' | 'admin' | 'member';

/**
 * Applies one member fact from identity's events: the role, or null once the member left or was
 * removed (refused from then on). Only a fact not older than the one stored moves the row.
 */
export async function applyPoolMemberRole(tx: Tx<ChatSchema>, input: { organisationId: string; userId: string; role: TeamRole | null; at: Date }): Promise<void> {
  await tx
    .insert(chatPoolMembers)
    .values({ organisationId: input.organisationId, userId: input.userId, role: input.role, lastEventAt: input.at })
    .onConflictDoUpdate({
      target: [chatPoolMembers.organisationId, chatPoolMembers.userId],
      set: { role: input.role, lastEventAt: input.at },
      setWhere: lte(chatPoolMembers.lastEventAt, input.at),
    });
}

/** The team was deleted: nobody spends from its pool any more. */
export async function applyPoolDeleted(tx: Tx<ChatSchema>, input: { organisationId: string; memberIds: string[]; at: Date }): Promise<void> {
  for (const userId of input.memberIds) await applyPoolMemberRole(tx, { organisationId: input.organisationId, userId, role: null, at: input.at });
  await tx
    .update(chatPoolMembers)
    .set({ role: null, lastEventAt: input.at })
    .where(and(eq(chatPoolMembers.organisationId, input.organisationId), lte(chatPoolMembers.lastEventAt, input.at)));
}

const notAMember = () => new NotFoundError(undefined, { code: 'organisation_not_found' });

/** The caller's membership of the team (404 for anyone else, removed members included). */
export async function poolMember(db: Db<ChatSchema>, organisationId: string, userId: string): Promise<PoolMemberRow & { role: TeamRole }> {
  const [row] = await db
    .select()
    .from(chatPoolMembers)
    .where(and(eq(chatPoolMembers.organisationId, organisationId), eq(chatPoolMembers.userId, userId), isNotNull(chatPoolMembers.role)));
  if (!row?.role) throw notAMember();
  return { ...row, role: row.role };
}

/** Owners and admins manage the pool (caps); a member is refused, anyone else told the team does not exist. */
export async function requirePoolManager(db: Db<ChatSchema>, organisationId: string, userId: string): Promise<void> {
  const member = await poolMember(db, organisationId, userId);
  if (member.role === 'member') throw new ForbiddenError(undefined, { code: 'team_admin_required' });
}

/** What the member reserved and was charged in the pool's period that started at `periodStart`. */
export function spentIn(member: Pick<PoolMemberRow, 'spent' | 'spentPeriod'>, periodStart: Date): number {
  return member.spentPeriod?.getTime() === periodStart.getTime() ? member.spent : 0;
}

/**
 * The member's row locked until the transaction ends, taken after the pool's wallet: every
 * transaction that takes both takes them in that order (reservation, settlement, release).
 */
export async function lockPoolMember(tx: Tx<ChatSchema>, organisationId: string, userId: string): Promise<PoolMemberRow> {
  const [row] = await tx
    .select()
    .from(chatPoolMembers)
    .where(and(eq(chatPoolMembers.organisationId, organisationId), eq(chatPoolMembers.userId, userId), isNotNull(chatPoolMembers.role)))
    .for('update');
  if (!row) throw notAMember();
  return row;
}

/** Counts a reservation against the member's month, under the lock `lockPoolMember` took; the member was active now. */
export async function holdMemberCredits(tx: Tx<ChatSchema>, member: PoolMemberRow, credits: number, periodStart: Date, now = new Date()): Promise<void> {
  await tx
    .update(chatPoolMembers)
    .set({ spent: spentIn(member, periodStart) + credits, spentPeriod: periodStart, lastActiveAt: now })
    .where(and(eq(chatPoolMembers.organisationId, member.organisationId), eq(chatPoolMembers.userId, member.userId)));
}

/**
 * Gives back what a reservation held and the reply did not cost. A new period started meanwhile
 * began at 0 and holds none of it, so only the period it was held in gives back.
 */
export async function releaseMemberCredits(tx: Tx<ChatSchema>, hold: { organisationId: string; memberId: string; periodStart: Date }, credits: number): Promise<void> {
  if (credits <= 0) return;
  await tx
    .update(chatPoolMembers)
    .set({ spent: sql`greatest(${chatPoolMembers.spent} - ${credits}, 0)` })
    .where(and(eq(chatPoolMembers.organisationId, hold.organisationId), eq(chatPoolMembers.userId, hold.memberId), eq(chatPoolMembers.spentPeriod, hold.periodStart)));
}

/** An owner or admin sets (or, with null, lifts) a member's monthly cap. A cap below what the member already spent stops them until the next period. */
export async function setMemberCap(db: Db<ChatSchema>, input: { organisationId: string; actorId: string; memberId: string; monthlyCap: number | null }): Promise<PoolMemberRow> {
  await requirePoolManager(db, input.organisationId, input.actorId);
  const [row] = await db
    .update(chatPoolMembers)
    .set({ monthlyCap: input.monthlyCap })
    .where(and(eq(chatPoolMembers.organisationId, input.organisationId), eq(chatPoolMembers.userId, input.memberId), isNotNull(chatPoolMembers.role)))
    .returning();
  if (!row) throw new NotFoundError(undefined, { code: 'member_not_found' });
  return row;
}
