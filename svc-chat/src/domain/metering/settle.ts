import { setTimeout as sleep } from 'node:timers/promises';
import { chatCreditsSpentV1, replyCharge } from '@agentdock/contracts';
import { namedStatement, type NamedStatement, type ServiceContext } from '@agentdock/service-data';
import { and, eq, sql } from '@agentdock/service-data/orm';
import { isDatabaseUnavailable } from '@agentdock/service-kit';
import { type ChatSchema, chatApiKeys, chatPoolMembers } from '../../db/schema';
import type { AgentRecord } from '../agents';
import { releaseKeyCredits } from '../api-keys';
import { releaseReservation, settleReservation, settlementValues, walletFromRaw, type WalletRow } from '../ledger';
import { WalletNotFoundError } from '../errors';
import { releaseMemberCredits } from '../pools/members';
import type { Delivered } from './cut-off';
import { lowBalanceUnnoted, noteLowBalance } from './notify';
import type { Reservation } from './reserve';

/** The handle `context.transaction` gives its work: the one events are enqueued with. */
export type ChatTx = Parameters<Parameters<ServiceContext<ChatSchema>['transaction']>[0]>[0];

export interface SettleDeps {
  context: ServiceContext<ChatSchema>;
  lowBalanceRatio: number;
}

export interface Settlement {
  delivered: Delivered;
  /** The tokens charged (message and reply) and their credits. */
  cost: { tokens: number; credits: number };
  charged: number;
  wallet: WalletRow;
}

/** The caller's own record of a reply, written in the settlement's (or the release's) transaction. */
export interface ReplyRecorder<TDone, TFailed> {
  settled(tx: ChatTx, settlement: Settlement): Promise<TDone>;
  failed(tx: ChatTx, apology: string): Promise<TFailed>;
  /**
   * The same record as part of the settlement's one statement (`settlementRecording`), used when
   * the reservation holds nothing on a key's or a member's counter: its statement, its values
   * for a settlement, and what the caller gets back once it ran.
   */
  atOnce?: {
    statement: NamedStatement;
    values(settlement: Omit<Settlement, 'wallet'>): Record<string, unknown>;
    done(settlement: Settlement): TDone;
  };
}

// Every settlement's first statement, prepared once.
const closingRow = namedStatement(
  'chat_reservation_closed',
  sql`select id from chat_wallet_ledger where message_id = ${sql.placeholder('replyId')}::uuid and kind in ('settlement', 'release') limit 1`,
);

/** How long a reply's settlement keeps trying while the database is away (a restart, a failover). */
export const SETTLEMENT_RETRY_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000];

export class ReservationAlreadyClosedError extends Error {
  override readonly name = 'ReservationAlreadyClosedError';
}

/**
 * Settles or releases a reservation, retrying while the database cannot be reached: a reply that
 * was delivered while PostgreSQL restarted must still be charged what it cost, and the rest of its
 * reservation given back, not held forever. Only that is retried: any other failure (a refusal, a
 * programming error) would fail the same way again. Each try is one transaction that first checks
 * the reservation is still open, so a try whose commit went through although its answer was lost
 * is never booked a second time.
 */
async function closeReservation<T>(context: ServiceContext<ChatSchema>, reservation: Reservation, work: (tx: ChatTx) => Promise<T>): Promise<T> {
  return retryingWhileUnavailable(context, reservation, () =>
    context.transaction(async (tx) => {
      const [closed] = await closingRow.run(tx, { replyId: reservation.replyId });
      if (closed) throw alreadyClosed(reservation);
      return work(tx);
    }),
  );
}

const alreadyClosed = (reservation: Reservation) => new ReservationAlreadyClosedError(`reservation for reply ${reservation.replyId} is already closed`);

async function retryingWhileUnavailable<T>(context: ServiceContext<ChatSchema>, reservation: Reservation, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const wait = SETTLEMENT_RETRY_MS[tries];
      if (!isDatabaseUnavailable(error) || wait === undefined) throw error;
      context.logger.warn({ err: error, replyId: reservation.replyId, attempt: tries + 1, retryInMs: wait }, 'could not close a reply reservation; trying again');
      await sleep(wait);
    }
  }
}

/**
 * A pool's settlement or release locks the member's row, then the key's, before the book locks the
 * pool's wallet: the order its reservation took them in (`reserveReply`), so the two never wait on
 * each other. A member removed since keeps their row (role null), and a revoked key its row.
 */
async function lockPoolHolds(tx: ChatTx, reservation: Reservation): Promise<void> {
  const hold = reservation.poolHold;
  if (!hold) return;
  await tx
    .select({ userId: chatPoolMembers.userId })
    .from(chatPoolMembers)
    .where(and(eq(chatPoolMembers.organisationId, hold.organisationId), eq(chatPoolMembers.userId, hold.memberId)))
    .for('update');
  if (reservation.keyHold) await tx.select({ id: chatApiKeys.id }).from(chatApiKeys).where(eq(chatApiKeys.id, reservation.keyHold.keyId)).for('update');
}

/**
 * The settlement as one statement (`settlementRecording`): the balance change, its ledger row,
 * the caller's record and the `chat.credits.spent` event, written together or not at all, with
 * no transaction around them. The low-balance note follows in a transaction of its own when the
 * wallet fell below its threshold (once per period; a note lost to a crash in between is made at
 * the next settlement, which finds the wallet still low and not noted).
 */
async function settleAtOnce<TDone>(
  deps: SettleDeps,
  reservation: Reservation,
  agent: AgentRecord,
  settlement: Omit<Settlement, 'wallet'>,
  recording: NonNullable<ReplyRecorder<TDone, unknown>['atOnce']>,
): Promise<TDone> {
  const { context } = deps;
  const event = context.outboxRow(chatCreditsSpentV1, {
    userId: reservation.userId,
    agentId: agent.id,
    messageId: reservation.replyId,
    credits: settlement.charged,
    tokens: settlement.cost.tokens,
    // Replaced in the statement by the wallet's balance after the settlement.
    balanceAfter: 0,
  });
  const values = {
    ...recording.values(settlement),
    ...settlementValues({ walletId: reservation.userId, reservation: reservation.buckets, cost: settlement.charged, messageId: reservation.replyId, event }),
  };
  const wallet = await retryingWhileUnavailable(context, reservation, async () => {
    const [raw] = await recording.statement.run(context.db, values);
    if (raw) return walletFromRaw(raw)!;
    const [closed] = await closingRow.run(context.db, { replyId: reservation.replyId });
    throw closed ? alreadyClosed(reservation) : new WalletNotFoundError();
  });
  context.relayEvents();
  if (lowBalanceUnnoted(wallet, deps.lowBalanceRatio)) await context.transaction((tx) => noteLowBalance(context, tx, wallet, deps.lowBalanceRatio));
  return recording.done({ ...settlement, wallet });
}

/** Charges what the reply delivered (never more than was reserved) and gives the rest back. */
export async function settle<TDone>(deps: SettleDeps, reservation: Reservation, agent: AgentRecord, delivered: Delivered, record: ReplyRecorder<TDone, unknown>): Promise<TDone> {
  const { context } = deps;
  const cost = replyCharge({
    messageTokens: reservation.messageTokens,
    replyText: delivered.text,
    reportedReplyTokens: delivered.usage?.completionTokens ?? null,
    bound: reservation.replyBound,
  });
  if (record.atOnce && !reservation.keyHold && !reservation.poolHold) {
    return settleAtOnce(deps, reservation, agent, { delivered, cost, charged: cost.credits }, record.atOnce);
  }
  return closeReservation(context, reservation, async (tx) => {
    await lockPoolHolds(tx, reservation);
    const { poolHold, keyHold } = reservation;
    // On a pool the member's and the key's rows are locked already, before its wallet: they give
    // back first, so the one wallet every member waits on is locked for the fewest statements.
    if (poolHold) {
      if (keyHold) await releaseKeyCredits(tx, keyHold, keyHold.credits - cost.credits);
      await releaseMemberCredits(tx, poolHold, reservation.credits - cost.credits);
    }
    const { charged, wallet } = await settleReservation(tx, {
      userId: reservation.userId,
      reservation: reservation.buckets,
      cost: cost.credits,
      messageId: reservation.replyId,
      ...(poolHold && { memberId: poolHold.memberId }),
    });
    // A person's wallet is locked before their key (book locked it): the key gives back after.
    if (keyHold && !poolHold) await releaseKeyCredits(tx, keyHold, keyHold.credits - charged);
    const done = await record.settled(tx, { delivered, cost, charged, wallet });
    await context.enqueue(tx, chatCreditsSpentV1, {
      // The person who spent: a team's member when the credits came from its pool.
      userId: poolHold?.memberId ?? reservation.userId,
      agentId: agent.id,
      messageId: reservation.replyId,
      credits: charged,
      tokens: cost.tokens,
      balanceAfter: wallet.creditsRemaining + wallet.purchasedCredits,
    });
    // The low-balance email goes to a person about their own wallet; a team's pool has no address here.
    if (!poolHold) await noteLowBalance(context, tx, wallet, deps.lowBalanceRatio);
    return done;
  });
}

/** A failed reply was not the caller's doing: the whole reservation goes back, with the API call it counted. */
export async function release<TFailed>(context: ServiceContext<ChatSchema>, reservation: Reservation, apology: string, record: ReplyRecorder<unknown, TFailed>): Promise<TFailed> {
  return closeReservation(context, reservation, async (tx) => {
    await lockPoolHolds(tx, reservation);
    const { poolHold, keyHold } = reservation;
    // In each wallet's lock order, as `settle` gives back: a pool's member and key first, a person's key last.
    if (poolHold) {
      if (keyHold) await releaseKeyCredits(tx, keyHold, keyHold.credits);
      await releaseMemberCredits(tx, poolHold, reservation.credits);
    }
    await releaseReservation(tx, {
      userId: reservation.userId,
      reservation: reservation.buckets,
      messageId: reservation.replyId,
      reason: 'provider failure',
      countsApiCall: reservation.countsApiCall,
      ...(poolHold && { memberId: poolHold.memberId }),
    });
    if (keyHold && !poolHold) await releaseKeyCredits(tx, keyHold, keyHold.credits);
    return record.failed(tx, apology);
  });
}
