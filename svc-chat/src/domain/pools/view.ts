import type { AdminPoolBalance, AdminTeamPool, TeamPool, TeamPoolMember } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { and, asc, eq, inArray, isNotNull } from '@agentdock/service-data/orm';
import { NotFoundError } from '@agentdock/service-kit';
import { type ChatSchema, chatPoolMembers, chatWallets, type PoolMemberRow } from '../../db/schema';
import { walletRow, walletTier } from '../wallet';
import { poolMember, spentIn } from './members';

export const toPoolMember = (row: PoolMemberRow, periodStart: Date | null): TeamPoolMember => ({
  userId: row.userId,
  role: row.role ?? 'member',
  monthlyCap: row.monthlyCap,
  spentThisPeriod: periodStart ? spentIn(row, periodStart) : 0,
  lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
});

/** The pool as the caller may see it: owners and admins every member's cap and spending, a member their own. */
export async function teamPoolFor(db: Db<ChatSchema>, organisationId: string, userId: string): Promise<TeamPool> {
  const caller = await poolMember(db, organisationId, userId);
  return poolView(db, organisationId, caller.role === 'member' ? [caller] : await currentMembers(db, organisationId));
}

const currentMembers = (db: Db<ChatSchema>, organisationId: string) =>
  db
    .select()
    .from(chatPoolMembers)
    .where(and(eq(chatPoolMembers.organisationId, organisationId), isNotNull(chatPoolMembers.role)))
    .orderBy(asc(chatPoolMembers.userId));

async function poolView(db: Db<ChatSchema>, organisationId: string, rows: PoolMemberRow[]): Promise<TeamPool> {
  const wallet = await walletRow(db, organisationId);
  const periodStart = wallet?.periodStart ?? null;
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

/** An admin's view of a team's pool: every current member, and what they spent together this period (404: chat has never heard of the team). */
export async function adminTeamPool(db: Db<ChatSchema>, organisationId: string): Promise<AdminTeamPool> {
  const rows = await currentMembers(db, organisationId);
  const wallet = await walletRow(db, organisationId);
  if (rows.length === 0 && !wallet) throw new NotFoundError(undefined, { code: 'organisation_not_found' });
  const pool = await poolView(db, organisationId, rows);
  return { ...pool, spentThisPeriod: pool.members.reduce((sum, member) => sum + member.spentThisPeriod, 0) };
}

/** The balances of the teams listed that have a pool, for the console's list of organisations. */
export async function adminPoolBalances(db: Db<ChatSchema>, organisationIds: string[]): Promise<AdminPoolBalance[]> {
  const wallets = await db
    .select()
    .from(chatWallets)
    .where(and(inArray(chatWallets.userId, organisationIds), eq(chatWallets.ownerKind, 'organisation')));
  return wallets.map((wallet) => ({
    organisationId: wallet.userId,
    tier: walletTier(wallet),
    seats: wallet.seats,
    creditsRemaining: wallet.creditsRemaining,
    purchasedCredits: wallet.purchasedCredits,
    refillsAt: wallet.creditsRefillAt.toISOString(),
  }));
}
