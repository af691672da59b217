import type { SubscriptionTier, Wallet } from '@agentdock/contracts';
import { type Db, inTransaction, namedStatement, type Tx } from '@agentdock/service-data';
import { inArray, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWallets } from '../db/schema';
import { allowanceFor, isTier } from './allowances';
import { lockWallet, lockWalletIfAny, startCreditPeriod, walletColumns, walletFromRaw, type WalletRow } from './ledger';

/** The tier a wallet holds (a value no tier has reads as free). */
export function walletTier(row: Pick<WalletRow, 'tier'>): SubscriptionTier {
  return isTier(row.tier) ? row.tier : 'free';
}

export function toWallet(row: WalletRow): Wallet {
  return {
    userId: row.userId,
    tier: walletTier(row),
    creditsRemaining: row.creditsRemaining,
    creditsLimit: row.creditsLimit,
    purchasedCredits: row.purchasedCredits,
    apiCallsUsed: row.apiCallsUsed,
    apiCallsLimit: row.apiCallsLimit,
    periodStart: row.periodStart.toISOString(),
    refillsAt: row.creditsRefillAt.toISOString(),
    renewsAt: row.renewsAt.toISOString(),
  };
}

/** `months` calendar months after `anchor`, on the anchor's day (clamped to a shorter month's last day, as card billing does). */
export function addMonths(anchor: Date, months: number): Date {
  const next = new Date(anchor);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** One calendar month later. */
export function addMonth(date: Date): Date {
  return addMonths(date, 1);
}

/**
 * The monthly allowance period that contains `now`, counted from the anchor: its start and the
 * next refill. A paid wallet's refills stop at the billing renewal (`until`), where billing's
 * renewal event starts the next period; a free wallet's never stop.
 */
export function allowancePeriod(anchor: Date, now: Date, until: Date | null): { start: Date; refillsAt: Date } {
  let months = 0;
  while (addMonths(anchor, months + 1) <= now && (until === null || addMonths(anchor, months + 1) < until)) months += 1;
  const next = addMonths(anchor, months + 1);
  return { start: addMonths(anchor, months), refillsAt: until !== null && next > until ? until : next };
}

/**
 * Starts a new credit period at the tier's allowance: plan credits and API calls reset (no
 * rollover), purchased credits kept. Creates the wallet when the user has none yet. Plan credits
 * are monthly whatever the billing interval: an annual subscription refills on its anchor day
 * each month and renews (with billing) once a year.
 */
export async function startPeriod(
  tx: Tx<ChatSchema>,
  input: { userId: string; tier: SubscriptionTier; periodStart: Date; renewsAt: Date; selfRenewing: boolean; reference: string; anchor?: Date; pool?: { seats: number } },
): Promise<WalletRow> {
  const anchor = input.anchor ?? input.periodStart;
  const { start, refillsAt } = allowancePeriod(anchor, input.periodStart, input.selfRenewing ? null : input.renewsAt);
  const allowance = await allowanceFor(tx, input.tier);
  // A team's pool gets the plan's allowance once per paid seat.
  const seats = input.pool?.seats ?? 1;
  return startCreditPeriod(tx, {
    ...input,
    periodStart: start,
    refillsAt,
    anchor,
    renewsAt: input.selfRenewing ? refillsAt : input.renewsAt,
    allowance: { credits: allowance.credits * seats, apiCalls: allowance.apiCalls * seats },
  });
}

/** A free wallet for a user who has none yet (e.g. registered before this service existed). */
export async function ensureWallet(db: Db<ChatSchema>, userId: string, tier: SubscriptionTier, now = new Date()): Promise<WalletRow> {
  return walletInUse(db, await walletRow(db, userId), { userId, tier }, now);
}

/** The wallet as just read (`existing`), refilled first if its month has ended; a free one where there was none. */
export async function walletInUse(
  db: Db<ChatSchema>,
  existing: WalletRow | undefined,
  { userId, tier }: { userId: string; tier: SubscriptionTier },
  now = new Date(),
): Promise<WalletRow> {
  if (existing) return rollIfDue(db, existing, now);
  return inTransaction(db, async (tx) => {
    const raced = await lockWalletIfAny(tx, userId);
    if (raced) return raced;
    return startPeriod(tx, { userId, tier, periodStart: now, renewsAt: addMonth(now), selfRenewing: tier === 'free', reference: `provision:${userId}` });
  });
}

/** The refill date has passed, and (for a paid wallet) it comes before the billing renewal, which billing's event handles. */
export function refillDue(row: Pick<WalletRow, 'creditsRefillAt' | 'renewsAt' | 'selfRenewing'>, now: Date): boolean {
  return row.creditsRefillAt <= now && (row.selfRenewing || row.creditsRefillAt < row.renewsAt);
}

/**
 * A wallet whose allowance month has ended refills before use: free wallets month after month,
 * paid ones on their anchor day until the billing renewal (which billing's event handles).
 */
async function rollIfDue(db: Db<ChatSchema>, row: WalletRow, now: Date): Promise<WalletRow> {
  if (!refillDue(row, now)) return row;
  return inTransaction(db, async (tx) => {
    // Checked again under the lock: a concurrent request may have refilled it meanwhile.
    const locked = await lockWallet(tx, row.userId);
    if (!refillDue(locked, now)) return locked;
    const period = allowancePeriod(locked.periodAnchor, now, locked.selfRenewing ? null : locked.renewsAt);
    return startPeriod(tx, {
      userId: row.userId,
      tier: walletTier(locked),
      periodStart: period.start,
      anchor: locked.periodAnchor,
      renewsAt: locked.renewsAt,
      selfRenewing: locked.selfRenewing,
      reference: `roll:${row.userId}:${period.start.toISOString()}`,
      ...(locked.ownerKind === 'organisation' && { pool: { seats: locked.seats } }),
    });
  });
}

export async function findWallets(db: Db<ChatSchema>, userIds: string[]): Promise<Wallet[]> {
  const rows = await db.select().from(chatWallets).where(inArray(chatWallets.userId, userIds));
  return rows.map(toWallet);
}

// On every send's path: a named statement, parsed once.
const walletOf = namedStatement('chat_wallet_of', sql`select ${walletColumns('chat_wallets')} from chat_wallets where user_id = ${sql.placeholder('userId')}::uuid`);

export async function walletRow(db: Db<ChatSchema>, userId: string): Promise<WalletRow | undefined> {
  const [raw] = await walletOf.run(db, { userId });
  return (raw && walletFromRaw(raw)) ?? undefined;
}

/**
 * The tier a signed-in user's requests are judged by: the wallet's, which billing's events change
 * the moment a plan changes (an access token keeps its tier for minutes); the token's for a user
 * without a wallet yet.
 */
export async function tierInForce(db: Db<ChatSchema>, userId: string, tokenTier: SubscriptionTier): Promise<SubscriptionTier> {
  const row = await walletRow(db, userId);
  return row ? walletTier(row) : tokenTier;
}
