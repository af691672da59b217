import { type LedgerKind, MAX_WALLET_CREDITS, type SubscriptionTier } from '@agentdock/contracts';
import { type Db, type NamedStatement, namedStatement, prefixedColumns, rawRowReader, type Tx } from '@agentdock/service-data';
import { eq, type SQL, sql } from '@agentdock/service-data/orm';
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

export interface AllowanceChange {
  userId: string;
  tier: SubscriptionTier;
  /** The month's plan credits and API calls after the change (`allowanceAfterPlanChange`). */
  credits: { granted: number; remaining: number };
  apiCalls: { granted: number; used: number };
  /** The wallet's period columns, when the billing period moved with the change. */
  period?: { periodStart: Date; refillsAt: Date; anchor: Date; renewsAt: Date };
  reference: string;
  reason: string;
}

/**
 * A plan change inside a month: the plan credits move to what the change leaves (one
 * `plan-change` row for the difference, none when nothing moved), the allowance columns follow,
 * purchased credits stay as they are. Called with the wallet locked (`lockWallet`).
 */
export async function changeAllowance(tx: Tx<ChatSchema>, locked: WalletRow, change: AllowanceChange): Promise<WalletRow> {
  const fields = {
    tier: change.tier,
    creditsLimit: change.credits.granted,
    apiCallsUsed: change.apiCalls.used,
    apiCallsLimit: change.apiCalls.granted,
    ...(change.period && {
      periodStart: change.period.periodStart,
      creditsRefillAt: change.period.refillsAt,
      periodAnchor: change.period.anchor,
      renewsAt: change.period.renewsAt,
      selfRenewing: false,
    }),
  };
  const delta = change.credits.remaining - locked.creditsRemaining;
  if (delta === 0) {
    const [row] = await tx
      .update(chatWallets)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(chatWallets.userId, change.userId))
      .returning();
    return row!;
  }
  return book(tx, { userId: change.userId, kind: 'plan-change', plan: delta, purchased: 0, reference: change.reference, reason: change.reason }, fields);
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

const credits = sql`${sql.placeholder('credits')}::bigint`;
const countsApiCall = sql`${sql.placeholder('countsApiCall')}::boolean`;

/**
 * The reservation as CTEs: the wallet row locked, the balance checked and taken (plan credits
 * first, then purchased), and the reservation's ledger row written together. `booked` holds the
 * wallet as it is after, with the parts taken, or no row when the wallet holds too little.
 */
/**
 * The wallet's columns by name rather than `*`: a named statement's result may not change shape
 * while it is prepared, so a column added by a later migration must not break a running instance.
 */
export const walletColumns = (relation: string) => prefixedColumns(chatWallets, relation, '');

/** What the reservation's `booked` holds: the wallet as it is after, and the parts taken. */
export const bookedColumns = sql`${walletColumns('booked')}, booked.plan_part, booked.purchased_part`;

const reservationCtes = (guard = sql`true`) => sql`
  taken as (
    select user_id, least(credits_remaining, ${credits}) as plan_part, ${credits} - least(credits_remaining, ${credits}) as purchased_part
    from chat_wallets
    where user_id = ${sql.placeholder('userId')}::uuid
      and credits_remaining + purchased_credits >= ${credits}
      and (not ${countsApiCall} or api_calls_used < api_calls_limit)
      and (${guard})
    for update
  ), booked as (
    update chat_wallets as wallet
    set credits_remaining = wallet.credits_remaining - taken.plan_part,
        purchased_credits = wallet.purchased_credits - taken.purchased_part,
        api_calls_used = wallet.api_calls_used + (case when ${countsApiCall} then 1 else 0 end),
        updated_at = ${sql.placeholder('at')}::timestamptz
    from taken
    where wallet.user_id = taken.user_id
    returning ${walletColumns('wallet')}, taken.plan_part, taken.purchased_part
  ), ledger_row as (
    insert into chat_wallet_ledger (user_id, kind, plan_delta, purchased_delta, message_id)
    select user_id, 'reservation', -plan_part, -purchased_part, ${sql.placeholder('messageId')}::uuid from booked
  )`;

/** The reservation as one statement: one round trip, and no transaction of its own needed. */
const reservationStatement = namedStatement('wallet_reservation', sql`with ${reservationCtes()} select ${bookedColumns} from booked`);

/**
 * A reservation that writes the caller's own record of the request in the same statement (for a
 * chat send: its conversation slot and message), one round trip instead of one per write. `ctes`
 * follow the reservation's and read `booked`, writing only when it holds a row; `select` returns
 * one row per `booked` row, with its columns (`bookedColumns`) and whatever the record adds. Its values
 * may use the reservation's `userId` and `at`; the others are the reservation's own. A `guard`
 * (a condition on the values) holds the reservation back where it is false, so a record that
 * could not be written leaves nothing written at all, and the statement can run without a
 * transaction around it.
 */
export function reservationRecording(name: string, record: { ctes: SQL; select: SQL; guard?: SQL }): NamedStatement {
  return namedStatement(name, sql`with ${reservationCtes(record.guard)}, ${record.ctes} ${record.select}`);
}

/** A reservation's record statement and its values. */
export interface Recording {
  statement: NamedStatement;
  values: Record<string, unknown>;
}

/** A wallet row out of a raw statement row (`NamedStatement.run`), in drizzle's shape. */
export const walletFromRaw = rawRowReader(chatWallets);

/** `null` when the wallet is missing, holds less than `credits`, or (when the request counts one) has no API call left. */
async function takeForReservation(db: Db<ChatSchema>, input: { userId: string; credits: number; messageId: string; countsApiCall: boolean }, recording?: Recording) {
  const values = { ...recording?.values, ...input, at: recording?.values.at ?? new Date().toISOString() };
  const [raw] = await (recording?.statement ?? reservationStatement).run(db, values);
  if (!raw) return null;
  return { reservation: { plan: Number(raw.plan_part), purchased: Number(raw.purchased_part) }, wallet: walletFromRaw(raw)!, recorded: raw };
}

export type Reserved =
  | { ok: true; reservation: Buckets; wallet: WalletRow; recorded: Record<string, unknown> }
  | { ok: false; reason: 'credits' | 'calls'; wallet: WalletRow }
  | { ok: false; reason: 'changed' };

/**
 * Takes `credits` (plan credits first, then purchased), and one API call when `countsApiCall`.
 * `seen` is the wallet as the caller read it: a refusal on its figures changes nothing. Read under
 * `lockWallet` in this transaction, the statement sees those figures and never answers `changed`;
 * read without the lock, a concurrent change may have left too little, and `changed` says to read
 * again.
 */
export async function reserveCredits(
  db: Db<ChatSchema>,
  seen: WalletRow,
  credits: number,
  messageId: string,
  { countsApiCall = false, recording }: ApiCallCounting & { recording?: Recording } = {},
): Promise<Reserved> {
  if (countsApiCall && seen.apiCallsUsed >= seen.apiCallsLimit) return { ok: false, reason: 'calls', wallet: seen };
  if (credits > seen.creditsRemaining + seen.purchasedCredits) return { ok: false, reason: 'credits', wallet: seen };
  const taken = await takeForReservation(db, { userId: seen.userId, credits, messageId, countsApiCall }, recording);
  return taken ? { ok: true, ...taken } : { ok: false, reason: 'changed' };
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
