import type { LedgerKind, SubscriptionTier, Wallet } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { eq, inArray, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWalletLedger, chatWallets } from '../db/schema';
import { allowanceFor, isTier } from './allowances';
import { splitCharge } from './credits';
import { BalanceTooLowError } from './errors';

type WalletRow = typeof chatWallets.$inferSelect;

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

export interface LedgerEntry {
  userId: string;
  kind: LedgerKind;
  plan?: number;
  purchased?: number;
  messageId?: string;
  reference?: string;
  reason?: string;
  actorId?: string;
}

export async function recordLedger(tx: Db<ChatSchema>, entry: LedgerEntry): Promise<void> {
  await tx.insert(chatWalletLedger).values({
    userId: entry.userId,
    kind: entry.kind,
    planDelta: entry.plan ?? 0,
    purchasedDelta: entry.purchased ?? 0,
    messageId: entry.messageId,
    reference: entry.reference,
    reason: entry.reason,
    actorId: entry.actorId,
  });
}

/**
 * Starts a new credit period at the tier's allowance: plan credits and API calls reset (no
 * rollover), purchased credits kept. Creates the wallet when the user has none yet.
 */
export async function startPeriod(
  tx: Db<ChatSchema>,
  input: { userId: string; tier: SubscriptionTier; periodStart: Date; renewsAt: Date; selfRenewing: boolean; reference?: string },
): Promise<WalletRow> {
  const allowance = await allowanceFor(tx, input.tier);
  const values = {
    tier: input.tier,
    creditsRemaining: allowance.credits,
    creditsLimit: allowance.credits,
    apiCallsUsed: 0,
    apiCallsLimit: allowance.apiCalls,
    periodStart: input.periodStart,
    renewsAt: input.renewsAt,
    selfRenewing: input.selfRenewing,
    lowBalanceNotifiedFor: null,
    updatedAt: new Date(),
  };
  const [previous] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, input.userId)).for('update');
  const [row] = await tx
    .insert(chatWallets)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: chatWallets.userId, set: values })
    .returning();
  await recordLedger(tx, {
    userId: input.userId,
    kind: 'grant',
    plan: allowance.credits - (previous?.creditsRemaining ?? 0),
    reference: input.reference,
    reason: `${input.tier} allowance from ${input.periodStart.toISOString()}`,
  });
  return row!;
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
    const [locked] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, row.userId)).for('update');
    if (!locked || locked.renewsAt > now) return locked ?? row;
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

export interface Reservation {
  plan: number;
  purchased: number;
  wallet: WalletRow;
}

/**
 * Takes `credits` (plan credits first, then purchased) and one API call. The row is locked first,
 * so concurrent sends queue on it and each sees the balance the previous one left: no overdraw.
 * Returns why it refused, or what it took from each bucket.
 */
export async function reserve(
  tx: Db<ChatSchema>,
  userId: string,
  credits: number,
): Promise<{ ok: true; reservation: Reservation } | { ok: false; reason: 'credits' | 'calls'; wallet: WalletRow }> {
  const [locked] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, userId)).for('update');
  if (!locked) throw new Error(`no wallet for ${userId}`);
  if (locked.apiCallsUsed >= locked.apiCallsLimit) return { ok: false, reason: 'calls', wallet: locked };
  const split = splitCharge(credits, { plan: locked.creditsRemaining, purchased: locked.purchasedCredits });
  if (!split) return { ok: false, reason: 'credits', wallet: locked };
  const [wallet] = await tx
    .update(chatWallets)
    .set({
      creditsRemaining: sql`${chatWallets.creditsRemaining} - ${split.plan}`,
      purchasedCredits: sql`${chatWallets.purchasedCredits} - ${split.purchased}`,
      apiCallsUsed: sql`${chatWallets.apiCallsUsed} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(chatWallets.userId, userId))
    .returning();
  return { ok: true, reservation: { ...split, wallet: wallet! } };
}

/** Gives credits back to the buckets they came from (used by settlement and refunds). */
export async function credit(tx: Db<ChatSchema>, userId: string, plan: number, purchased: number): Promise<WalletRow> {
  const [row] = await tx
    .update(chatWallets)
    .set({
      creditsRemaining: sql`${chatWallets.creditsRemaining} + ${plan}`,
      purchasedCredits: sql`${chatWallets.purchasedCredits} + ${purchased}`,
      updatedAt: new Date(),
    })
    .where(eq(chatWallets.userId, userId))
    .returning();
  return row!;
}

/** Takes up to `credits` more, never below zero; returns what was actually taken. */
export async function debitUpTo(tx: Db<ChatSchema>, userId: string, credits: number): Promise<{ plan: number; purchased: number; wallet: WalletRow }> {
  const [locked] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, userId)).for('update');
  if (!locked) throw new Error(`no wallet for ${userId}`);
  const plan = Math.min(credits, locked.creditsRemaining);
  const purchased = Math.min(credits - plan, locked.purchasedCredits);
  const wallet = await credit(tx, userId, -plan, -purchased);
  return { plan, purchased, wallet };
}

/** Admin adjustment: a positive amount adds plan credits, a negative one deducts (never below 0 → 409). */
export async function adjust(tx: Db<ChatSchema>, userId: string, credits: number): Promise<{ plan: number; purchased: number; wallet: WalletRow }> {
  if (credits > 0) return { plan: credits, purchased: 0, wallet: await credit(tx, userId, credits, 0) };
  const [locked] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, userId)).for('update');
  if (!locked) throw new Error(`no wallet for ${userId}`);
  const available = locked.creditsRemaining + locked.purchasedCredits;
  if (-credits > available) throw new BalanceTooLowError(available);
  const taken = await debitUpTo(tx, userId, -credits);
  return { plan: -taken.plan, purchased: -taken.purchased, wallet: taken.wallet };
}

export async function walletRow(db: Db<ChatSchema>, userId: string): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(chatWallets).where(eq(chatWallets.userId, userId));
  return row;
}
