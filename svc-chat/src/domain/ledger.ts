import { type LedgerKind, MAX_WALLET_CREDITS, type SubscriptionTier } from '@agentdock/contracts';
import type { Db, Tx } from '@agentdock/service-data';
import { eq, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWalletLedger, chatWallets } from '../db/schema';
import { splitCharge } from './credits';
import { BalanceTooHighError, BalanceTooLowError, SettlementOverReservationError, WalletNotFoundError } from './errors';

/**
 * The wallet ledger: the only module that changes a balance column. Each exported change applies
 * its deltas and writes its ledger row through `book`, inside the caller's transaction, so a
 * balance never moves without its row and the ledger's sum is always the balance (the test
 * `ledger-writes.test.ts` fails if a write to the balance columns appears anywhere else).
 */

export type WalletRow = typeof chatWallets.$inferSelect;

/** What a change took from (negative) or gave to (positive) each bucket. */
export interface Buckets {
  plan: number;
  purchased: number;
}

interface Entry extends Buckets {
  userId: string;
  kind: LedgerKind;
  messageId?: string;
  reference?: string;
  reason?: string;
  actorId?: string;
}

type WalletSet = Parameters<ReturnType<Db<ChatSchema>['update']>['set']>[0];
/** The wallet's other columns a change may set along with its balance (never the balance itself). */
type WalletFields = Omit<WalletSet, 'userId' | 'creditsRemaining' | 'purchasedCredits'>;

async function book(tx: Tx<ChatSchema>, entry: Entry, fields: WalletFields = {}): Promise<WalletRow> {
  const [row] = await tx
    .update(chatWallets)
    .set({
      ...fields,
      creditsRemaining: sql`${chatWallets.creditsRemaining} + ${entry.plan}`,
      purchasedCredits: sql`${chatWallets.purchasedCredits} + ${entry.purchased}`,
      updatedAt: new Date(),
    })
    .where(eq(chatWallets.userId, entry.userId))
    .returning();
  if (!row) throw new WalletNotFoundError();
  await tx.insert(chatWalletLedger).values({
    userId: entry.userId,
    kind: entry.kind,
    planDelta: entry.plan,
    purchasedDelta: entry.purchased,
    messageId: entry.messageId,
    reference: entry.reference,
    reason: entry.reason,
    actorId: entry.actorId,
  });
  return row;
}

/** The wallet row, locked until the transaction ends: concurrent changes queue on it. */
export async function lockWallet(tx: Tx<ChatSchema>, userId: string): Promise<WalletRow> {
  const [row] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, userId)).for('update');
  if (!row) throw new WalletNotFoundError();
  return row;
}

export interface PeriodStart {
  userId: string;
  tier: SubscriptionTier;
  allowance: { credits: number; apiCalls: number };
  periodStart: Date;
  refillsAt: Date;
  anchor: Date;
  renewsAt: Date;
  selfRenewing: boolean;
  reference: string;
}

/**
 * A new credit period: the plan credits left from the last one expire (no rollover), the
 * allowance is granted and API calls start again; purchased credits are kept. Opens the wallet
 * when the user has none yet.
 */
export async function startCreditPeriod(tx: Tx<ChatSchema>, input: PeriodStart): Promise<WalletRow> {
  const [previous] = await tx.select().from(chatWallets).where(eq(chatWallets.userId, input.userId)).for('update');
  const fields = {
    tier: input.tier,
    creditsLimit: input.allowance.credits,
    apiCallsUsed: 0,
    apiCallsLimit: input.allowance.apiCalls,
    periodStart: input.periodStart,
    creditsRefillAt: input.refillsAt,
    periodAnchor: input.anchor,
    renewsAt: input.renewsAt,
    selfRenewing: input.selfRenewing,
    lowBalanceNotifiedFor: null,
  };
  if (!previous) {
    await tx.insert(chatWallets).values({ userId: input.userId, ...fields, creditsRemaining: 0, purchasedCredits: 0 });
  } else if (previous.creditsRemaining > 0) {
    await book(tx, {
      userId: input.userId,
      kind: 'expiry',
      plan: -previous.creditsRemaining,
      purchased: 0,
      reference: input.reference,
      reason: 'plan credits of the period that ended',
    });
  }
  return book(
    tx,
    {
      userId: input.userId,
      kind: 'grant',
      plan: input.allowance.credits,
      purchased: 0,
      reference: input.reference,
      reason: `${input.tier} allowance from ${input.periodStart.toISOString()}`,
    },
    fields,
  );
}

/** Bought credits go to the purchased bucket, once per purchase id (a replay changes nothing). */
export async function purchaseCredits(tx: Tx<ChatSchema>, input: { userId: string; credits: number; purchaseId: string }): Promise<WalletRow | null> {
  const [seen] = await tx
    .select({ id: chatWalletLedger.id })
    .from(chatWalletLedger)
    .where(sql`${chatWalletLedger.kind} = 'top-up' and ${chatWalletLedger.reference} = ${input.purchaseId}`);
  if (seen) return null;
  const wallet = await lockWallet(tx, input.userId);
  // Far above any pack; capping the bucket instead would silently lose paid credits.
  if (wallet.creditsRemaining + wallet.purchasedCredits + input.credits > MAX_WALLET_CREDITS) throw new BalanceTooHighError('credits', MAX_WALLET_CREDITS);
  return book(tx, { userId: input.userId, kind: 'top-up', plan: 0, purchased: input.credits, reference: input.purchaseId, reason: 'credits purchased' });
}

/** Whether a request counts one of the plan's monthly API calls: `/v1` requests do, web chat sends do not. */
export interface ApiCallCounting {
  countsApiCall?: boolean;
}

/**
 * Takes `credits` (plan credits first, then purchased) from a wallet locked by `lockWallet` in
 * this transaction, and one API call when `countsApiCall`. Refuses (changing nothing) when the
 * credits run short, or the API calls when the request counts one.
 */
export async function reserveCredits(
  tx: Tx<ChatSchema>,
  locked: WalletRow,
  credits: number,
  messageId: string,
  { countsApiCall = false }: ApiCallCounting = {},
): Promise<{ ok: true; reservation: Buckets; wallet: WalletRow } | { ok: false; reason: 'credits' | 'calls'; wallet: WalletRow }> {
  if (countsApiCall && locked.apiCallsUsed >= locked.apiCallsLimit) return { ok: false, reason: 'calls', wallet: locked };
  const split = splitCharge(credits, { plan: locked.creditsRemaining, purchased: locked.purchasedCredits });
  if (!split) return { ok: false, reason: 'credits', wallet: locked };
  const wallet = await book(
    tx,
    { userId: locked.userId, kind: 'reservation', plan: -split.plan, purchased: -split.purchased, messageId },
    countsApiCall ? { apiCallsUsed: sql`${chatWallets.apiCallsUsed} + 1` } : {},
  );
  return { ok: true, reservation: split, wallet };
}

/**
 * Brings a reservation down to what the reply cost, giving the rest back to the buckets it came
 * from (purchased first, since plan credits are spent first). A cost above the reservation is a
 * broken bound and is refused: settlement never charges less than what was delivered.
 */
export async function settleReservation(
  tx: Tx<ChatSchema>,
  input: { userId: string; reservation: Buckets; cost: number; messageId: string },
): Promise<{ charged: number; wallet: WalletRow }> {
  const reserved = input.reservation.plan + input.reservation.purchased;
  if (input.cost > reserved || input.cost < 0) throw new SettlementOverReservationError(input.cost, reserved);
  const back = reserved - input.cost;
  const purchasedBack = Math.min(back, input.reservation.purchased);
  const wallet = await book(tx, {
    userId: input.userId,
    kind: 'settlement',
    plan: back - purchasedBack,
    purchased: purchasedBack,
    messageId: input.messageId,
    reason: `reserved ${reserved}, cost ${input.cost}`,
  });
  return { charged: input.cost, wallet };
}

/** A failed reply: the whole reservation goes back, and the API call when the reservation counted one. */
export async function releaseReservation(
  tx: Tx<ChatSchema>,
  input: { userId: string; reservation: Buckets; messageId: string; reason: string } & ApiCallCounting,
): Promise<WalletRow> {
  return book(
    tx,
    { userId: input.userId, kind: 'release', plan: input.reservation.plan, purchased: input.reservation.purchased, messageId: input.messageId, reason: input.reason },
    input.countsApiCall ? { apiCallsUsed: sql`greatest(${chatWallets.apiCallsUsed} - 1, 0)` } : {},
  );
}

/** An admin gives a settled reply's credits back (the caller makes sure it happens once). */
export async function refundCredits(tx: Tx<ChatSchema>, input: { userId: string; amount: Buckets; messageId: string; reason: string; actorId: string }): Promise<WalletRow> {
  return book(tx, {
    userId: input.userId,
    kind: 'refund',
    plan: input.amount.plan,
    purchased: input.amount.purchased,
    messageId: input.messageId,
    reason: input.reason,
    actorId: input.actorId,
  });
}

/** Admin adjustment: a positive amount adds plan credits, a negative one deducts (plan first; never below 0 → 409). */
export async function adjustCredits(
  tx: Tx<ChatSchema>,
  input: { userId: string; credits: number; reason: string; actorId: string },
): Promise<{ change: Buckets; wallet: WalletRow }> {
  const locked = await lockWallet(tx, input.userId);
  const available = locked.creditsRemaining + locked.purchasedCredits;
  let change: Buckets;
  if (input.credits > 0) {
    if (available + input.credits > MAX_WALLET_CREDITS) throw new BalanceTooHighError('credits', MAX_WALLET_CREDITS);
    change = { plan: input.credits, purchased: 0 };
  } else {
    const split = splitCharge(-input.credits, { plan: locked.creditsRemaining, purchased: locked.purchasedCredits });
    if (!split) throw new BalanceTooLowError(available);
    change = { plan: -split.plan, purchased: -split.purchased };
  }
  const wallet = await book(tx, { userId: input.userId, kind: 'admin-adjustment', ...change, reason: input.reason, actorId: input.actorId });
  return { change, wallet };
}
