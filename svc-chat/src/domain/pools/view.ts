import type { TeamPool, TeamPoolMember } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, asc, eq, isNotNull } from '@agentdock/service-data/orm';
import { type ChatSchema, chatPoolMembers, type PoolMemberRow } from '../../db/schema';
import { walletRow, walletTier } from '../wallet';
import { poolMember, spentIn } from './members';

export const toPoolMember = (row: PoolMemberRow, periodStart: Date | null): TeamPoolMember => ({
  userId: row.userId,
  role: row.role ?? 'member',
  monthlyCap: row.monthlyCap,
  spentThisPeriod: periodStart ? spentIn(row, periodStart) : 0,
});

/** The pool as the caller may see it: owners and admins every member's cap and spending, a member their own. */
export async function teamPoolFor(db: Db<ChatSchema>, organisationId: string, userId: string): Promise<TeamPool> {
  const caller = await poolMember(db, organisationId, userId);
  const wallet = await walletRow(db, organisationId);
  const periodStart = wallet?.periodStart ?? null;
  const rows =
    caller.role === 'member'
      ? [caller]
      : await db
          .select()
          .from(chatPoolMembers)
          .where(and(eq(chatPoolMembers.organisationId, organisationId), isNotNull(chatPoolMembers.role)))
          .orderBy(asc(chatPoolMembers.userId));
  const now = new Date().toISOString();
  return {
    organisationId,
    tier: wallet ? walletTier(wallet) : 'free',
    seats: wallet?.seats ?? 0,
    creditsRemaining: wallet?.creditsRemaining ?? 0,
    creditsLimit: wallet?.creditsLimit ?? 0,
    purchasedCredits: wallet?.purchasedCredits ?? 0,
    periodStart: wallet?.periodStart.toISOString() ?? now,
    refillsAt: wallet?.creditsRefillAt.toISOString() ?? now,
    members: rows.map((row) => toPoolMember(row, periodStart)),
  };
}
