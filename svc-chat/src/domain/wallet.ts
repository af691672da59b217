import type { SubscriptionTier, Wallet } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { eq, inArray } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWallets } from '../db/schema';
import { allowanceFor, isTier } from './allowances';
import { lockWallet, startCreditPeriod, type WalletRow } from './ledger';

export function toWallet(row: WalletRow): Wallet {
  return {
    userId: row.userId,
    tier: isTier(row.tier) ? row.tier : 'free',
    creditsRemaining: row.creditsRemaining,
    creditsLimit: row.creditsLimit,
    purchasedCredits: row.purchasedCredits,
    apiCallsUsed: row.apiCallsUsed,
    apiCallsLimit: row.apiCallsLimit,
    periodStart: row.periodStart.toISOString(),
    renewsAt: row.renewsAt.toISOString(),
  };
}

/** One calendar month later (clamped to the month's last day, as card billing does). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * Starts a new credit period at the tier's allowance: plan credits and API calls reset (no
 * rollover), purchased credits kept. Creates the wallet when the user has none yet.
 */
export async function startPeriod(
  tx: Db<ChatSchema>,
  input: { userId: string; tier: SubscriptionTier; periodStart: Date; renewsAt: Date; selfRenewing: boolean; reference: string },
): Promise<WalletRow> {
  return startCreditPeriod(tx, { ...input, allowance: await allowanceFor(tx, input.tier) });
}

/** A free wallet for a user who has none yet (e.g. registered before this service existed). */
export async function ensureWallet(db: Db<ChatSchema>, userId: string, tier: SubscriptionTier, now = new Date()): Promise<WalletRow> {
  const [existing] = await db.select().from(chatWallets).where(eq(chatWallets.userId, userId));
  if (existing) return rollIfDue(db, existing, now);
  return db.transaction(async (tx) => {
    const [raced] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, userId)).for('update');
    if (raced) return raced;
    return startPeriod(tx, { userId, tier, periodStart: now, renewsAt: addMonth(now), selfRenewing: tier === 'free', reference: `provision:${userId}` });
  });
}

/** Free wallets roll monthly on their own: a period that has ended is replaced before use. */
async function rollIfDue(db: Db<ChatSchema>, row: WalletRow, now: Date): Promise<WalletRow> {
  if (!row.selfRenewing || row.renewsAt > now) return row;
  let periodStart = row.renewsAt;
  while (addMonth(periodStart) <= now) periodStart = addMonth(periodStart);
  return db.transaction(async (tx) => {
    const locked = await lockWallet(tx, row.userId);
    if (locked.renewsAt > now) return locked;
    return startPeriod(tx, {
      userId: row.userId,
      tier: isTier(locked.tier) ? locked.tier : 'free',
      periodStart,
      renewsAt: addMonth(periodStart),
      selfRenewing: true,
      reference: `roll:${row.userId}:${periodStart.toISOString()}`,
    });
  });
}

export async function findWallets(db: Db<ChatSchema>, userIds: string[]): Promise<Wallet[]> {
  const rows = await db.select().from(chatWallets).where(inArray(chatWallets.userId, userIds));
  return rows.map(toWallet);
}

export async function walletRow(db: Db<ChatSchema>, userId: string): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(chatWallets).where(eq(chatWallets.userId, userId));
  return row;
}
