import { upToCredits } from '@agentdock/contracts';
import type { Db, Tx } from '@agentdock/service-data';
import type { ChatSchema, PoolMemberRow } from '../../db/schema';
import { holdKeyCredits, type KeyHold, lockApiKey } from '../api-keys';
import { MemberCreditCapError, WalletNotFoundError } from '../errors';
import { type Buckets, lockWallet, type Recording, reserveCredits, type Reserved, type WalletRow } from '../ledger';
import { holdMemberCredits, lockPoolMember, spentIn } from '../pools/members';
import { type BoundInput, boundByKeyCap, boundByMemberCap, boundReply, refusal, type ReplyBound } from './bound';

export interface ReserveInput extends BoundInput {
  userId: string;
  replyId: string;
  /** The API key the request came with: its monthly cap bounds the reply too. */
  keyId?: string;
  now?: Date;
  /**
   * The wallet as the caller read it just before, without a lock (the web chat's send): the
   * reservation then needs no locked read of its own, and reads again under the lock only if a
   * concurrent change left too little. Ignored with an API key, whose lock must come after the wallet's.
   */
  seen?: WalletRow;
  /** The caller's own record of the request, written by the reservation's statement (see `reservationRecording`). */
  recording?: Recording;
  /**
   * `userId` is a team's pool, spent from by this member: the member's monthly cap bounds the reply
   * too, checked and counted under the member's row lock in the reservation's transaction (or, at
   * once, in its one statement, on the member as read before: `seen`).
   */
  pool?: { organisationId: string; memberId: string; seen?: PoolMemberRow };
}

/** Whose cap a pool's reservation counted against, in which of the pool's periods. */
export interface PoolHold {
  organisationId: string;
  memberId: string;
  periodStart: Date;
}

/** What was set aside for one reply. */
export interface Reservation {
  userId: string;
  replyId: string;
  messageTokens: number;
  /** The most reply tokens paid for: the provider is asked for no more and the reply is cut there. */
  replyBound: number;
  /** What was set aside: `upToCredits` of the send, never below its charge. */
  credits: number;
  buckets: Buckets;
  countsApiCall: boolean;
  keyHold: KeyHold | null;
  /** Set when the credits came from a team's pool. */
  poolHold: PoolHold | null;
  /** The row the recording's statement returned, when the reservation was given one. */
  recorded?: Record<string, unknown>;
}

/**
 * Outside a transaction, on the wallet (and a pool's member, `pool.seen`) as read: `null` where the
 * figures moved since (the caller reserves again in a transaction). A recording given must write
 * everything or nothing (a `guard`).
 */
type AtOnce = { atOnce: true; seen: WalletRow; recording?: Recording };

/**
 * The one way a reply's credits are set aside: checks and reserves (throws the 4xx refusals: 402
 * credits, 402 key cap, 429 API calls) and goes through the ledger once. In a transaction it locks
 * the wallet, then the key: every transaction that takes both takes them in that order. Given the
 * wallet as just read (`seen`), the reservation's own statement is the lock, and the check is made
 * again under a locked read only when it finds the balance changed. `atOnce`: the web chat's send
 * as one statement with no transaction around it, whose recording must write everything or
 * nothing (a `guard`); `null` where it wrote nothing without a refusal on the figures read.
 */
export async function reserveReply(db: Db<ChatSchema>, input: Omit<ReserveInput, 'keyId'> & AtOnce): Promise<Reservation | null>;
export async function reserveReply(tx: Tx<ChatSchema>, input: ReserveInput): Promise<Reservation>;
export async function reserveReply(db: Db<ChatSchema>, input: ReserveInput & Partial<AtOnce>): Promise<Reservation | null> {
  if (input.atOnce && input.pool) return reservePoolAtOnce(db, { ...input, atOnce: true, seen: input.seen!, pool: input.pool });
  // Locks are only taken on the second overload's handle, a transaction: `atOnce` never locks.
  const tx = db as Tx<ChatSchema>;
  // A pool's members all reserve on one wallet row, so its lock is taken last, by the reservation's
  // own statement on the wallet as seen, and held only to the commit: the member's row (and the
  // key's) first. Every transaction on a pool takes them in that order (member, key, wallet: see
  // `lockPoolHolds`); a person's wallet keeps its order (wallet, then key).
  const member = input.pool ? await lockPoolMember(tx, input.pool.organisationId, input.pool.memberId) : null;
  const poolKey = member && input.keyId ? await lockApiKey(db, input.keyId, input.now ?? new Date()) : null;
  let unlocked = input.seen !== undefined && (member !== null || input.keyId === undefined);
  let wallet = unlocked ? input.seen! : await lockWallet(tx, input.userId);
  for (;;) {
    let bound = boundReply(wallet, input);
    const key = poolKey ?? (input.keyId ? await lockApiKey(db, input.keyId, input.now ?? new Date()) : null);
    if (key) bound = boundByKeyCap(bound, key, input.messageTokens);
    if (member) bound = boundByMemberCap(bound, { monthlyCap: member.monthlyCap, spent: spentIn(member, wallet.periodStart) }, input.messageTokens);
    // The composer's "up to" for this send: the same function, on the bound the reply is held to.
    const credits = upToCredits({ messageTokens: input.messageTokens, maxReplyTokens: bound.replyBound, balance: bound.balance });
    // Counted on the member's row (locked already) before the pool's wallet is touched, so the
    // pool's lock is held for the reservation's statement and the commit only. Set, not added: a
    // second pass after `changed` counts this reservation once; a refusal rolls it back.
    if (member) await holdMemberCredits(tx, member, credits, wallet.periodStart, input.now);
    const outcome = await reserveCredits(db, wallet, credits, input.replyId, {
      countsApiCall: input.countsApiCall,
      recording: input.recording,
      memberId: input.pool?.memberId ?? null,
    });
    if (outcome.ok) {
      const keyHold = key ? await holdKeyCredits(db, key, credits) : null;
      const poolHold = input.pool ? { organisationId: input.pool.organisationId, memberId: input.pool.memberId, periodStart: wallet.periodStart } : null;
      return made(input, bound, credits, outcome, { keyHold, poolHold });
    }
    if (outcome.reason !== 'changed') throw refusal(outcome, bound, input.messageTokens);
    if (input.atOnce) return null;
    // Under the lock the figures cannot have moved: only a wallet deleted meanwhile gets here.
    if (!unlocked) throw new WalletNotFoundError();
    unlocked = false;
    wallet = await lockWallet(tx, input.userId);
  }
}

/**
 * A pool member's send as one statement (`countsMember`): the member's row and the pool's locked by
 * the statement itself and only while it runs, the cap checked and counted in it. The bound is made
 * on the member as read before (`pool.seen`); where the statement finds the figures moved, or the
 * read left no room under the cap (a reply of theirs may have given some back since), `null`: the
 * caller reserves again in a transaction, under the locks.
 */
async function reservePoolAtOnce(db: Db<ChatSchema>, input: Omit<ReserveInput, 'keyId'> & AtOnce & { pool: NonNullable<ReserveInput['pool']> }): Promise<Reservation | null> {
  const { seen: member, ...pool } = input.pool;
  if (!member) return null;
  let bound = boundReply(input.seen, input);
  try {
    bound = boundByMemberCap(bound, { monthlyCap: member.monthlyCap, spent: spentIn(member, input.seen.periodStart) }, input.messageTokens);
  } catch (error) {
    if (error instanceof MemberCreditCapError) return null;
    throw error;
  }
  const credits = upToCredits({ messageTokens: input.messageTokens, maxReplyTokens: bound.replyBound, balance: bound.balance });
  const outcome = await reserveCredits(db, input.seen, credits, input.replyId, {
    countsApiCall: input.countsApiCall,
    recording: input.recording,
    memberId: pool.memberId,
    countsMember: true,
  });
  if (!outcome.ok) {
    if (outcome.reason !== 'changed') throw refusal(outcome, bound, input.messageTokens);
    return null;
  }
  // The statement counted the member in the period of the wallet as it wrote it.
  return made(input, bound, credits, outcome, { keyHold: null, poolHold: { ...pool, periodStart: outcome.wallet.periodStart } });
}

/** The reservation a statement made, with what it holds on a key's or a member's counter. */
function made(
  input: Omit<ReserveInput, 'keyId'>,
  bound: ReplyBound,
  credits: number,
  outcome: Extract<Reserved, { ok: true }>,
  holds: Pick<Reservation, 'keyHold' | 'poolHold'>,
): Reservation {
  return {
    userId: input.userId,
    replyId: input.replyId,
    messageTokens: input.messageTokens,
    replyBound: bound.replyBound,
    credits,
    buckets: outcome.reservation,
    countsApiCall: input.countsApiCall,
    ...holds,
    ...(input.recording ? { recorded: outcome.recorded } : {}),
  };
}
