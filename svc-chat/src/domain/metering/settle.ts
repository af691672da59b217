import { setTimeout as sleep } from 'node:timers/promises';
import { chatCreditsSpentV1, replyCharge } from '@agentdock/contracts';
import { namedStatement, type ServiceContext } from '@agentdock/service-data';
import { and, eq, sql } from '@agentdock/service-data/orm';
import { isDatabaseUnavailable } from '@agentdock/service-kit';
import { type ChatSchema, chatApiKeys, chatPoolMembers } from '../../db/schema';
import type { AgentRecord } from '../agents';
import { releaseKeyCredits } from '../api-keys';
import { releaseReservation, settleReservation, type WalletRow } from '../ledger';
import { releaseMemberCredits } from '../pools/members';
import type { Delivered } from './cut-off';
import { noteLowBalance } from './notify';
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
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await context.transaction(async (tx) => {
        const [closed] = await closingRow.run(tx, { replyId: reservation.replyId });
        if (closed) throw new ReservationAlreadyClosedError(`reservation for reply ${reservation.replyId} is already closed`);
        return work(tx);
      });
    } catch (error) {
      const wait = SETTLEMENT_RETRY_MS[attempt];
      if (!isDatabaseUnavailable(error) || wait === undefined) throw error;
      context.logger.warn({ err: error, replyId: reservation.replyId, attempt: attempt + 1, retryInMs: wait }, 'could not close a reply reservation; trying again');
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

/** Charges what the reply delivered (never more than was reserved) and gives the rest back. */
export async function settle<TDone>(deps: SettleDeps, reservation: Reservation, agent: AgentRecord, delivered: Delivered, record: ReplyRecorder<TDone, unknown>): Promise<TDone> {
  const { context } = deps;
  const cost = replyCharge({
    messageTokens: reservation.messageTokens,
    replyText: delivered.text,
    reportedReplyTokens: delivered.usage?.completionTokens ?? null,
    bound: reservation.replyBound,
  });
  return closeReservation(context, reservation, async (tx) => {
    await lockPoolHolds(tx, reservation);
    const { poolHold } = reservation;
    const { charged, wallet } = await settleReservation(tx, {
      userId: reservation.userId,
      reservation: reservation.buckets,
      cost: cost.credits,
      messageId: reservation.replyId,
      ...(poolHold && { memberId: poolHold.memberId }),
    });
    if (reservation.keyHold) await releaseKeyCredits(tx, reservation.keyHold, reservation.keyHold.credits - charged);
    // After the pool's wallet (book locked it): the member's row, in the reservation's order.
    if (poolHold) await releaseMemberCredits(tx, poolHold, reservation.credits - charged);
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
    await releaseReservation(tx, {
      userId: reservation.userId,
      reservation: reservation.buckets,
      messageId: reservation.replyId,
      reason: 'provider failure',
      countsApiCall: reservation.countsApiCall,
      ...(reservation.poolHold && { memberId: reservation.poolHold.memberId }),
    });
    if (reservation.keyHold) await releaseKeyCredits(tx, reservation.keyHold, reservation.keyHold.credits);
    if (reservation.poolHold) await releaseMemberCredits(tx, reservation.poolHold, reservation.credits);
    return record.failed(tx, apology);
  });
}
