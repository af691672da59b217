import type { Db, NamedStatement, Tx } from '@agentdock/service-data';
import { namedStatement } from '@agentdock/service-data';
import { type SQL, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWallets } from '../../db/schema';
import { ReservationRecordMismatchError, SettlementOverReservationError } from '../errors';
import { book, type Buckets, walletColumns, walletFromRaw, type WalletRow } from './book';
import { memberCounting, type MemberCounting } from './member-counting';
import { runPoolReservation } from './pool-reservations';
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

const member = memberCounting(credits, bookedStep);

/**
 * The reservation as CTEs: the wallet row locked, the balance checked and taken
 * (`planCreditsFirst`), and the reservation's ledger row written together. `booked` holds the
 * wallet as it is after, with the parts taken, or no row when the wallet holds too little (or,
 * `countsMember`, the member is gone or their cap has too little left).
 */
const reservationCtes = (guard = sql`true`, { countsMember = false }: MemberCounting = {}) => sql`${countsMember ? member.lock : sql``}
  taken as (
    select user_id, ${parts.plan} as plan_part, ${parts.purchased} as purchased_part
    from chat_wallets
    where user_id = ${sql.placeholder('walletId')}::uuid
      and credits_remaining + purchased_credits >= ${credits}
      and (not ${countsApiCall} or api_calls_used < api_calls_limit)
      and (${guard})${countsMember ? member.guard : sql``}
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
  )${countsMember ? member.hold : sql``}`;

/** The reservation as one statement: one round trip, and no transaction of its own needed. */
const reservationStatement = namedStatement('wallet_reservation', sql`with ${reservationCtes()} select ${bookedColumns} from ${bookedStep}`);
/** The same on a team's pool, counting the member's cap (`memberCounting`). */
const poolReservationStatement = namedStatement('pool_reservation', sql`with ${reservationCtes(undefined, { countsMember: true })} select ${bookedColumns} from ${bookedStep}`);

/**
 * A reservation that writes the caller's own record of the request in the same statement (for a
 * chat send: its conversation slot and message), one round trip instead of one per write. `ctes`
 * follow the reservation's and read `bookedStep`, writing only when it holds a row; `select` returns
 * one row per `bookedStep` row, with its columns (`bookedColumns`) and whatever the record adds. Its values
 * may use `at`; `walletId`, `credits`, `messageId`, `memberId` and `countsApiCall` are the
 * reservation's own (`userId` is the record's: the person sending, whose wallet may be a team's pool). A `guard`
 * (a condition on the values) holds the reservation back where it is false, so a record that
 * could not be written leaves nothing written at all, and the statement can run without a
 * transaction around it. `countsMember`: the statement counts the pool member's cap (`memberCounting`).
 */
export function reservationRecording(name: string, record: { ctes: SQL; select: SQL; guard?: SQL } & MemberCounting): RecordingStatement {
  // `recursive` lets a record walk a tree (a chat send reads its branch up to the root); the reservation's own CTEs are not recursive.
  const statement = namedStatement(name, sql`with recursive ${reservationCtes(record.guard, record)}, ${record.ctes} ${record.select}`);
  return Object.assign(statement, { countsMember: record.countsMember ?? false });
}

/** A reservation's record statement, and whether it counts a pool member's cap. */
export type RecordingStatement = NamedStatement & { countsMember: boolean };

/** A reservation's record statement and its values. */
export interface Recording {
  statement: RecordingStatement;
  values: Record<string, unknown>;
}

/** `null` when the wallet is missing, holds less than `credits`, or (when the request counts one) has no API call left. */
async function takeForReservation(
  db: Db<ChatSchema>,
  { countsMember, ...input }: { walletId: string; credits: number; messageId: string; countsApiCall: boolean; memberId: string | null; countsMember: boolean },
  recording?: Recording,
) {
  // A record written without the member's cap where the caller counts on it would let a reply past the cap.
  if (recording && recording.statement.countsMember !== countsMember) throw new ReservationRecordMismatchError(countsMember);
  const values = { ...recording?.values, ...input, at: recording?.values.at ?? new Date().toISOString() };
  const statement = recording?.statement ?? (countsMember ? poolReservationStatement : reservationStatement);
  // A member's reservation with its cap counted is made at once, on the root handle (`reservePoolAtOnce`).
  const [raw] = countsMember ? await runPoolReservation(db, statement, values) : await statement.run(db, values);
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
 * again. `countsMember`: the statement checks and counts the pool member's cap as well (`memberCounting`),
 * and `changed` also stands for a member gone or a cap the member's figures no longer leave room in.
 */
export async function reserveCredits(
  db: Db<ChatSchema>,
  seen: WalletRow,
  credits: number,
  messageId: string,
  { countsApiCall = false, recording, memberId = null, countsMember = false }: ApiCallCounting & MemberCounting & { recording?: Recording; memberId?: string | null } = {},
): Promise<Reserved> {
  if (countsApiCall && apiCallsExhausted(seen)) return { ok: false, reason: 'calls', wallet: seen };
  if (credits > seen.creditsRemaining + seen.purchasedCredits) return { ok: false, reason: 'credits', wallet: seen };
  const taken = await takeForReservation(db, { walletId: seen.userId, credits, messageId, countsApiCall, memberId, countsMember }, recording);
  return taken ? { ok: true, ...taken } : { ok: false, reason: 'changed' };
}

/**
 * What a settlement gives back to each bucket: the reservation down to what the reply cost, the
 * rest returned to the buckets it came from (purchased first, since plan credits are spent first).
 * A cost above the reservation is a broken bound and is refused: settlement never charges less
 * than what was delivered.
 */
function settlementEntry(reservation: Buckets, cost: number): Buckets & { reason: string } {
  const reserved = reservation.plan + reservation.purchased;
  if (cost > reserved || cost < 0) throw new SettlementOverReservationError(cost, reserved);
  const back = reserved - cost;
  const purchasedBack = Math.min(back, reservation.purchased);
  return { plan: back - purchasedBack, purchased: purchasedBack, reason: `reserved ${reserved}, cost ${cost}` };
}

/** Brings a reservation down to what the reply cost (`settlementEntry`), in the caller's transaction. */
export async function settleReservation(
  tx: Tx<ChatSchema>,
  input: { userId: string; reservation: Buckets; cost: number; messageId: string; memberId?: string },
): Promise<{ charged: number; wallet: WalletRow }> {
  const { plan, purchased, reason } = settlementEntry(input.reservation, input.cost);
  const wallet = await book(tx, { userId: input.userId, kind: 'settlement', plan, purchased, messageId: input.messageId, memberId: input.memberId, reason });
  return { charged: input.cost, wallet };
}

const value = (name: string) => sql.placeholder(name);

/**
 * The settlement as CTEs, for a reservation on a person's wallet with no key or member counter to
 * give back: written only while the reservation is still open (no settlement or release row yet,
 * so a retry whose first try committed books nothing), the balance change and its ledger row
 * together, and the `chat.credits.spent` outbox row with the balance after (`eventPayload`'s
 * `data.balanceAfter` is replaced by the wallet's). `changed` holds the wallet as it is after, or
 * no row when nothing was written.
 */
const settlementCtes = sql`
  still_open as (
    select 1 where not exists (
      select 1 from chat_wallet_ledger where message_id = ${value('messageId')}::uuid and kind in ('settlement', 'release')
    )
  ), changed as (
    update chat_wallets
    set credits_remaining = credits_remaining + ${value('plan')}::bigint,
        purchased_credits = purchased_credits + ${value('purchased')}::bigint,
        updated_at = ${value('at')}::timestamptz
    where user_id = ${value('walletId')}::uuid and exists (select 1 from still_open)
    returning ${walletColumns('chat_wallets')}
  ), ledger_row as (
    insert into chat_wallet_ledger (user_id, kind, plan_delta, purchased_delta, message_id, reason)
    select user_id, 'settlement', ${value('plan')}::bigint, ${value('purchased')}::bigint, ${value('messageId')}::uuid, ${value('reason')} from changed
  ), spent_event as (
    insert into outbox (id, subject, payload)
    select ${value('eventId')}::uuid, ${value('eventSubject')},
      jsonb_set(${value('eventPayload')}::jsonb, '{data,balanceAfter}', to_jsonb(changed.credits_remaining + changed.purchased_credits))
    from changed
  )`;

/**
 * A settlement that writes the caller's own record of the reply in the same statement: one round
 * trip and no transaction around it, where a settlement in a transaction takes six (begin, the
 * open check, the balance, the record, the event, commit). `ctes` read
 * `changed` (the wallet after) and write only where it has a row. Values: the record's own, with
 * `settlementValues`.
 */
export function settlementRecording(name: string, ctes: SQL): NamedStatement {
  return namedStatement(name, sql`with ${settlementCtes}, ${ctes} select ${walletColumns('changed')} from changed`);
}

/** The settlement's own values for a `settlementRecording` statement. */
export function settlementValues(input: {
  walletId: string;
  reservation: Buckets;
  cost: number;
  messageId: string;
  event: { id: string; subject: string; payload: string };
}): Record<string, unknown> {
  const { plan, purchased, reason } = settlementEntry(input.reservation, input.cost);
  return {
    walletId: input.walletId,
    plan,
    purchased,
    reason,
    messageId: input.messageId,
    at: new Date().toISOString(),
    eventId: input.event.id,
    eventSubject: input.event.subject,
    eventPayload: input.event.payload,
  };
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
