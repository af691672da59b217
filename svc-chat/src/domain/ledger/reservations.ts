import type { Db, NamedStatement, Tx } from '@agentdock/service-data';
import { namedStatement } from '@agentdock/service-data';
import { type SQL, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWallets } from '../../db/schema';
import { SettlementOverReservationError } from '../errors';
import { book, type Buckets, walletColumns, walletFromRaw, type WalletRow } from './book';
import { planCreditsFirst } from './plan-first';

/** Whether a request counts one of the plan's monthly API calls: `/v1` requests do, web chat sends do not. */
export interface ApiCallCounting {
  countsApiCall?: boolean;
}

const credits = sql`${sql.placeholder('credits')}::bigint`;
const countsApiCall = sql`${sql.placeholder('countsApiCall')}::boolean`;
const parts = planCreditsFirst(credits);

/**
 * The reservation's step that holds the wallet as it is after, with the parts taken (no row: nothing
 * was reserved). A record's CTEs refer to it by this name, writing only where it has a row.
 */
export const bookedStep = sql.raw('booked');
/** What `bookedStep` holds: the wallet as it is after, and the parts taken. */
export const bookedColumns = sql`${walletColumns('booked')}, ${bookedStep}.plan_part, ${bookedStep}.purchased_part`;

/**
 * The reservation as CTEs: the wallet row locked, the balance checked and taken
 * (`planCreditsFirst`), and the reservation's ledger row written together. `booked` holds the
 * wallet as it is after, with the parts taken, or no row when the wallet holds too little.
 */
const reservationCtes = (guard = sql`true`) => sql`
  taken as (
    select user_id, ${parts.plan} as plan_part, ${parts.purchased} as purchased_part
    from chat_wallets
    where user_id = ${sql.placeholder('walletId')}::uuid
      and credits_remaining + purchased_credits >= ${credits}
      and (not ${countsApiCall} or api_calls_used < api_calls_limit)
      and (${guard})
    for update
  ), ${bookedStep} as (
    update chat_wallets as wallet
    set credits_remaining = wallet.credits_remaining - taken.plan_part,
        purchased_credits = wallet.purchased_credits - taken.purchased_part,
        api_calls_used = wallet.api_calls_used + (case when ${countsApiCall} then 1 else 0 end),
        updated_at = ${sql.placeholder('at')}::timestamptz
    from taken
    where wallet.user_id = taken.user_id
    returning ${walletColumns('wallet')}, taken.plan_part, taken.purchased_part
  ), ledger_row as (
    insert into chat_wallet_ledger (user_id, kind, plan_delta, purchased_delta, message_id, member_id)
    select user_id, 'reservation', -plan_part, -purchased_part, ${sql.placeholder('messageId')}::uuid, ${sql.placeholder('memberId')}::uuid from ${bookedStep}
  )`;

/** The reservation as one statement: one round trip, and no transaction of its own needed. */
const reservationStatement = namedStatement('wallet_reservation', sql`with ${reservationCtes()} select ${bookedColumns} from ${bookedStep}`);

/**
 * A reservation that writes the caller's own record of the request in the same statement (for a
 * chat send: its conversation slot and message), one round trip instead of one per write. `ctes`
 * follow the reservation's and read `bookedStep`, writing only when it holds a row; `select` returns
 * one row per `bookedStep` row, with its columns (`bookedColumns`) and whatever the record adds. Its values
 * may use `at`; `walletId`, `credits`, `messageId`, `memberId` and `countsApiCall` are the
 * reservation's own (`userId` is the record's: the person sending, whose wallet may be a team's pool). A `guard`
 * (a condition on the values) holds the reservation back where it is false, so a record that
 * could not be written leaves nothing written at all, and the statement can run without a
 * transaction around it.
 */
export function reservationRecording(name: string, record: { ctes: SQL; select: SQL; guard?: SQL }): NamedStatement {
  // `recursive` lets a record walk a tree (a chat send reads its branch up to the root); the reservation's own CTEs are not recursive.
  return namedStatement(name, sql`with recursive ${reservationCtes(record.guard)}, ${record.ctes} ${record.select}`);
}

/** A reservation's record statement and its values. */
export interface Recording {
  statement: NamedStatement;
  values: Record<string, unknown>;
}

/** `null` when the wallet is missing, holds less than `credits`, or (when the request counts one) has no API call left. */
async function takeForReservation(
  db: Db<ChatSchema>,
  input: { walletId: string; credits: number; messageId: string; countsApiCall: boolean; memberId: string | null },
  recording?: Recording,
) {
  const values = { ...recording?.values, ...input, at: recording?.values.at ?? new Date().toISOString() };
  const [raw] = await (recording?.statement ?? reservationStatement).run(db, values);
  if (!raw) return null;
  return { reservation: { plan: Number(raw.plan_part), purchased: Number(raw.purchased_part) }, wallet: walletFromRaw(raw)!, recorded: raw };
}

/** The month's API calls are all used (the reservation statement checks the same under its lock). */
export function apiCallsExhausted(wallet: Pick<WalletRow, 'apiCallsUsed' | 'apiCallsLimit'>): boolean {
  return wallet.apiCallsUsed >= wallet.apiCallsLimit;
}

export type Reserved =
  | { ok: true; reservation: Buckets; wallet: WalletRow; recorded: Record<string, unknown> }
  | { ok: false; reason: 'credits' | 'calls'; wallet: WalletRow }
  | { ok: false; reason: 'changed' };

/**
 * Takes `credits` (`planCreditsFirst`), and one API call when `countsApiCall`.
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
  { countsApiCall = false, recording, memberId = null }: ApiCallCounting & { recording?: Recording; memberId?: string | null } = {},
): Promise<Reserved> {
  if (countsApiCall && apiCallsExhausted(seen)) return { ok: false, reason: 'calls', wallet: seen };
  if (credits > seen.creditsRemaining + seen.purchasedCredits) return { ok: false, reason: 'credits', wallet: seen };
  const taken = await takeForReservation(db, { walletId: seen.userId, credits, messageId, countsApiCall, memberId }, recording);
  return taken ? { ok: true, ...taken } : { ok: false, reason: 'changed' };
}

/**
 * Brings a reservation down to what the reply cost, giving the rest back to the buckets it came
 * from (purchased first, since plan credits are spent first). A cost above the reservation is a
 * broken bound and is refused: settlement never charges less than what was delivered.
 */
export async function settleReservation(
  tx: Tx<ChatSchema>,
  input: { userId: string; reservation: Buckets; cost: number; messageId: string; memberId?: string },
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
    memberId: input.memberId,
    reason: `reserved ${reserved}, cost ${input.cost}`,
  });
  return { charged: input.cost, wallet };
}

/** A failed reply: the whole reservation goes back, and the API call when the reservation counted one. */
export async function releaseReservation(
  tx: Tx<ChatSchema>,
  input: { userId: string; reservation: Buckets; messageId: string; reason: string; memberId?: string } & ApiCallCounting,
): Promise<WalletRow> {
  return book(
    tx,
    {
      userId: input.userId,
      kind: 'release',
      plan: input.reservation.plan,
      purchased: input.reservation.purchased,
      messageId: input.messageId,
      memberId: input.memberId,
      reason: input.reason,
    },
    input.countsApiCall ? { apiCallsUsed: sql`greatest(${chatWallets.apiCallsUsed} - 1, 0)` } : {},
  );
}
