import { setTimeout as sleep, setTimeout as yieldToEventLoop } from 'node:timers/promises';
import {
  chatCreditsLowV1,
  chatCreditsSpentV1,
  CREDITS_PER_TOKEN,
  creditsForTokens,
  estimateTokens,
  type ImageSize,
  insufficientCreditsText,
  replyCharge,
  replyTokenBound,
  type ReplyStopReason,
  textWithinTokens,
} from '@agentdock/contracts';
import type { Db, ServiceContext, Tx } from '@agentdock/service-data';
import { AppError } from '@agentdock/service-kit';
import { and, eq, inArray, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWalletLedger, chatWallets } from '../db/schema';
import { type ChatProvider, failureApology, ProviderError, type ProviderReply, type ProviderRequest } from '../providers/provider';
import { type AgentRecord, producesImages } from './agents';
import { holdKeyCredits, type KeyHold, lockApiKey, releaseKeyCredits } from './api-keys';
import { isLowBalance } from './credits';
import { ApiCallLimitError, InsufficientCreditsError, KeyCreditCapError, WalletNotFoundError } from './errors';
import { type Buckets, lockWallet, type Recording, releaseReservation, reserveCredits, type Reserved, settleReservation, type WalletRow } from './ledger';

/**
 * Metering of one reply, the same for the web chat and the `/v1` API: reserve what the caller can
 * pay for (and no more than the agent, the request and an API key's monthly cap allow), hold the
 * provider to it, then settle to what was delivered or give it all back on failure. Each caller
 * stores its own record of the reply (a chat message, or an API request's metadata) in the same
 * transactions, through `ReplyRecorder`.
 */

/** The handle `context.transaction` gives its work: the one events are enqueued with. */
export type ChatTx = Parameters<Parameters<ServiceContext<ChatSchema>['transaction']>[0]>[0];

export interface MeterDeps {
  context: ServiceContext<ChatSchema>;
  provider: ChatProvider;
  lowBalanceRatio: number;
}

export interface ReserveInput {
  userId: string;
  replyId: string;
  /** What the caller sent, in tokens: charged with the reply. */
  messageTokens: number;
  /** The longest reply allowed whatever the balance: the agent's maximum (and the request's own `max_tokens`). */
  maxReplyTokens: number;
  /** `/v1` requests count one of the plan's monthly API calls; web chat sends do not. */
  countsApiCall: boolean;
  /** The API key the request came with: its monthly credit cap bounds the reply too. */
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
}

/** What was set aside for one reply. */
export interface Reservation {
  userId: string;
  replyId: string;
  messageTokens: number;
  /** The most reply tokens paid for: the provider is asked for no more and the reply is cut there. */
  replyBound: number;
  buckets: Buckets;
  countsApiCall: boolean;
  keyHold: KeyHold | null;
  /** The row the recording's statement returned, when the reservation was given one. */
  recorded?: Record<string, unknown>;
}

/**
 * Checks and reserves inside the caller's transaction (throws the 4xx refusals: 402 credits, 402
 * key cap, 429 API calls). Locks the wallet, then the key: every transaction that takes both
 * takes them in that order. Given the wallet as just read (`seen`), the reservation's own
 * statement is the lock, and the check is repeated under a locked read only when it finds the
 * balance changed.
 */
export async function reserveReply(tx: Tx<ChatSchema>, input: ReserveInput): Promise<Reservation> {
  const readUnlocked = input.seen !== undefined && input.keyId === undefined;
  const wallet = readUnlocked ? input.seen! : await lockWallet(tx, input.userId);
  const bound = boundReply(wallet, input);
  const key = input.keyId ? await lockApiKey(tx, input.keyId, input.now ?? new Date()) : null;
  const cap = key?.key.monthlyCreditCap ?? null;
  if (key && cap !== null) {
    const capBound = Math.floor((cap - key.spent) / CREDITS_PER_TOKEN) - input.messageTokens;
    if (capBound < 1) throw new KeyCreditCapError(cap);
    bound.replyBound = Math.min(bound.replyBound, capBound);
  }
  const credits = creditsForTokens(input.messageTokens + bound.replyBound);
  const outcome = await reserveCredits(tx, wallet, credits, input.replyId, { countsApiCall: input.countsApiCall, recording: input.recording });
  if (!outcome.ok) {
    if (outcome.reason !== 'changed') throw refusal(outcome, bound);
    // Under the lock the figures cannot have moved: only a wallet deleted meanwhile gets here.
    if (!readUnlocked) throw new WalletNotFoundError();
    return reserveReply(tx, { ...input, seen: undefined });
  }
  return reservationOf(input, bound, outcome, key ? await holdKeyCredits(tx, key, credits) : null);
}

/**
 * A web chat send's reservation as the one statement of its `recording`, with no transaction
 * around it: the recording's statement must write everything or nothing (a `guard`, see
 * `reservationRecording`). `null` where it wrote nothing without a refusal on the figures read
 * (they moved since, or the guard held it back): the caller then reserves with `reserveReply`
 * in a transaction, which reads again under the lock and throws the refusal that applies.
 */
export async function reserveReplyAtOnce(
  db: Db<ChatSchema>,
  input: Omit<ReserveInput, 'keyId' | 'seen' | 'recording'> & { seen: WalletRow; recording: Recording },
): Promise<Reservation | null> {
  const bound = boundReply(input.seen, input);
  const credits = creditsForTokens(input.messageTokens + bound.replyBound);
  const outcome = await reserveCredits(db, input.seen, credits, input.replyId, { countsApiCall: input.countsApiCall, recording: input.recording });
  if (!outcome.ok) {
    if (outcome.reason === 'changed') return null;
    throw refusal(outcome, bound);
  }
  return reservationOf(input, bound, outcome, null);
}

interface ReplyBound {
  /** The spec's check before sending: the message and a reply twice its length. */
  estimate: number;
  balance: number;
  /** The most reply tokens the balance pays for, within the agent's maximum. */
  replyBound: number;
}

/** What the wallet pays for; throws the 402 or 429 refusal where it pays for nothing. */
function boundReply(wallet: WalletRow, input: Pick<ReserveInput, 'messageTokens' | 'maxReplyTokens' | 'countsApiCall'>): ReplyBound {
  const balance = wallet.creditsRemaining + wallet.purchasedCredits;
  if (input.countsApiCall && wallet.apiCallsUsed >= wallet.apiCallsLimit) throw new ApiCallLimitError(wallet.apiCallsLimit);
  const estimate = creditsForTokens(input.messageTokens * 3);
  const replyBound = replyTokenBound({ balance, messageTokens: input.messageTokens, maxReplyTokens: input.maxReplyTokens });
  if (estimate > balance || replyBound < 1) throw new InsufficientCreditsError(insufficientCreditsText(Math.max(estimate, creditsForTokens(input.messageTokens + 1)), balance));
  return { estimate, balance, replyBound };
}

/** `reserveCredits`' refusal on the figures read, as the 402 or 429 it stands for. */
function refusal(outcome: Extract<Reserved, { ok: false; reason: 'credits' | 'calls' }>, { estimate, balance }: ReplyBound): AppError {
  if (outcome.reason === 'calls') return new ApiCallLimitError(outcome.wallet.apiCallsLimit);
  return new InsufficientCreditsError(insufficientCreditsText(estimate, balance));
}

function reservationOf(
  input: Pick<ReserveInput, 'userId' | 'replyId' | 'messageTokens' | 'countsApiCall' | 'recording'>,
  { replyBound }: ReplyBound,
  outcome: Extract<Reserved, { ok: true }>,
  keyHold: KeyHold | null,
): Reservation {
  return {
    userId: input.userId,
    replyId: input.replyId,
    messageTokens: input.messageTokens,
    replyBound,
    buckets: outcome.reservation,
    countsApiCall: input.countsApiCall,
    keyHold,
    ...(input.recording ? { recorded: outcome.recorded } : {}),
  };
}

/** What the provider is asked, and where the reply goes as it arrives. */
export interface ReplyRequest {
  agent: AgentRecord;
  message: string;
  history: ProviderRequest['history'];
  system?: string;
  temperature?: number;
  stop?: string[];
  /** For image agents: the size asked for. */
  imageSize?: ImageSize;
  /** In the log lines of a failure and in the apology the caller sees. */
  requestId?: string;
  /** The caller left (or stopped): the reply is charged for what was generated up to then. */
  signal: AbortSignal;
  onWaiting(): void;
  onToken(text: string): void;
  /** A reply without an image counts as a failure (the `/v1` images endpoint would have nothing to answer). */
  requireImage?: boolean;
}

/** A reply as delivered: the text the reader got, why it ended early (if it did), the provider's count. */
export interface Delivered {
  text: string;
  usage: ProviderReply['usage'];
  imageUrl: string | null;
  stopReason: ReplyStopReason | null;
  /** OpenAI's `finish_reason`: `length` when the reply was cut at the bound (or the provider stopped at `max_tokens`). */
  finishReason: 'stop' | 'length';
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

export type MeteredResult<TDone, TFailed> = { ok: true; done: TDone } | { ok: false; error: TFailed };

/**
 * Calls the provider and settles. The stream is cut where the reply would cost more than the
 * reservation; a reply the caller stops or leaves is charged for what was generated up to then;
 * a failed one gives the reservation (and the API call it counted) back in full.
 */
export async function meteredReply<TDone, TFailed>(
  deps: MeterDeps,
  reservation: Reservation,
  request: ReplyRequest,
  record: ReplyRecorder<TDone, TFailed>,
): Promise<MeteredResult<TDone, TFailed>> {
  const { context, provider } = deps;
  const bound = reservation.replyBound;
  const cutOff = new AbortController();
  const signal = AbortSignal.any([request.signal, cutOff.signal]);
  let streamed = '';
  const onToken = (piece: string) => {
    if (cutOff.signal.aborted) return;
    const wanted = streamed + piece;
    const allowed = textWithinTokens(wanted, bound);
    const part = allowed.slice(streamed.length);
    if (part) {
      streamed = allowed;
      request.onToken(part);
    }
    if (allowed.length < wanted.length) cutOff.abort();
  };
  const cut = (stopReason: ReplyStopReason, imageUrl: string | null): Delivered => ({
    text: streamed,
    usage: null,
    imageUrl,
    stopReason,
    finishReason: stopReason === 'out-of-credits' ? 'length' : 'stop',
  });
  let delivered: Delivered;
  try {
    const reply = await provider.reply({
      agent: {
        key: request.agent.key,
        name: request.agent.name,
        description: request.agent.description,
        providerAgentId: request.agent.providerAgentId,
        producesImages: producesImages(request.agent),
      },
      message: request.message,
      history: request.history,
      ...(request.system ? { system: request.system } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.stop?.length ? { stop: request.stop } : {}),
      ...(request.imageSize ? { imageSize: request.imageSize } : {}),
      signal,
      maxTokens: bound,
      onToken,
      onWaiting: request.onWaiting,
    });
    if (request.requireImage && !reply.imageUrl && !request.signal.aborted) throw new ProviderError('the image agent answered without an image');
    delivered = cutOff.signal.aborted
      ? cut('out-of-credits', reply.imageUrl)
      : request.signal.aborted
        ? cut('stopped', reply.imageUrl)
        : estimateTokens(reply.text) > bound
          ? // A provider that answers in one piece without streaming it is held to the same bound.
            { text: textWithinTokens(reply.text, bound), usage: null, imageUrl: reply.imageUrl, stopReason: 'out-of-credits', finishReason: 'length' }
          : { text: reply.text, usage: reply.usage, imageUrl: reply.imageUrl, stopReason: null, finishReason: reply.finishReason === 'length' ? 'length' : 'stop' };
  } catch (error) {
    if (cutOff.signal.aborted) delivered = cut('out-of-credits', null);
    else if (request.signal.aborted) delivered = cut('stopped', null);
    else {
      context.logger.warn({ err: error, requestId: request.requestId, agentId: request.agent.id, replyId: reservation.replyId }, 'agent provider failed; reservation released');
      const apology = failureApology(request.requestId);
      const error_ = await closeReservation(deps, reservation, async (tx) => {
        // A failed reply was not the caller's doing: the API call it counted is given back too.
        await releaseReservation(tx, {
          userId: reservation.userId,
          reservation: reservation.buckets,
          messageId: reservation.replyId,
          reason: 'provider failure',
          countsApiCall: reservation.countsApiCall,
        });
        if (reservation.keyHold) await releaseKeyCredits(tx, reservation.keyHold, reservation.keyHold.credits);
        return record.failed(tx, apology);
      });
      return { ok: false, error: error_ };
    }
  }
  // The reply's last tokens were written in this same turn of the event loop; they leave (and
  // the gateway forwards them) only once it gives the loop a turn. On PGlite the settlement's
  // queries run without ever doing so, so in the embedded default, where the gateway shares
  // this process, a reply that arrived in one burst would reach the reader only after it commits.
  await yieldToEventLoop();
  return { ok: true, done: await settle(deps, reservation, request.agent, delivered, record) };
}

async function settle<TDone>(deps: MeterDeps, reservation: Reservation, agent: AgentRecord, delivered: Delivered, record: ReplyRecorder<TDone, unknown>): Promise<TDone> {
  const { context } = deps;
  const cost = replyCharge({
    messageTokens: reservation.messageTokens,
    replyText: delivered.text,
    reportedReplyTokens: delivered.usage?.completionTokens ?? null,
    bound: reservation.replyBound,
  });
  return closeReservation(deps, reservation, async (tx) => {
    const { charged, wallet } = await settleReservation(tx, { userId: reservation.userId, reservation: reservation.buckets, cost: cost.credits, messageId: reservation.replyId });
    if (reservation.keyHold) await releaseKeyCredits(tx, reservation.keyHold, reservation.keyHold.credits - charged);
    const done = await record.settled(tx, { delivered, cost, charged, wallet });
    await context.enqueue(tx, chatCreditsSpentV1, {
      userId: reservation.userId,
      agentId: agent.id,
      messageId: reservation.replyId,
      credits: charged,
      tokens: cost.tokens,
      balanceAfter: wallet.creditsRemaining + wallet.purchasedCredits,
    });
    await noteLowBalance(context, tx, wallet, deps.lowBalanceRatio);
    return done;
  });
}

/** How long a reply's settlement keeps trying while the database is away (a restart, a failover). */
export const SETTLEMENT_RETRY_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000];

export class ReservationAlreadyClosedError extends Error {
  override readonly name = 'ReservationAlreadyClosedError';
}

/**
 * Settles or releases a reservation, retrying while the database cannot be reached: a reply that
 * was delivered while PostgreSQL restarted must still be charged what it cost, and the rest of its
 * reservation given back, not held forever. Each try is one transaction that first checks the
 * reservation is still open, so a try whose commit went through although its answer was lost is
 * never booked a second time.
 */
async function closeReservation<T>(deps: MeterDeps, reservation: Reservation, work: (tx: ChatTx) => Promise<T>): Promise<T> {
  const { context } = deps;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await context.transaction(async (tx) => {
        const [closed] = await tx
          .select({ id: chatWalletLedger.id })
          .from(chatWalletLedger)
          .where(and(eq(chatWalletLedger.messageId, reservation.replyId), inArray(chatWalletLedger.kind, ['settlement', 'release'])));
        if (closed) throw new ReservationAlreadyClosedError(`reservation for reply ${reservation.replyId} is already closed`);
        return work(tx);
      });
    } catch (error) {
      const wait = SETTLEMENT_RETRY_MS[attempt];
      if (error instanceof ReservationAlreadyClosedError || error instanceof AppError || wait === undefined) throw error;
      context.logger.warn({ err: error, replyId: reservation.replyId, attempt: attempt + 1, retryInMs: wait }, 'could not close a reply reservation; trying again');
      await sleep(wait);
    }
  }
}

/** One low-balance event per period, when the plan credits fall below the threshold. */
async function noteLowBalance(context: ServiceContext<ChatSchema>, tx: ChatTx, wallet: WalletRow, ratio: number): Promise<void> {
  if (!isLowBalance(wallet.creditsRemaining, wallet.creditsLimit, ratio)) return;
  if (wallet.lowBalanceNotifiedFor?.getTime() === wallet.periodStart.getTime()) return;
  const claimed = await tx
    .update(chatWallets)
    .set({ lowBalanceNotifiedFor: wallet.periodStart })
    .where(and(eq(chatWallets.userId, wallet.userId), sql`${chatWallets.lowBalanceNotifiedFor} is distinct from ${wallet.periodStart}`))
    .returning({ userId: chatWallets.userId });
  if (claimed.length === 0) return;
  await context.enqueue(tx, chatCreditsLowV1, {
    userId: wallet.userId,
    balance: wallet.creditsRemaining,
    limit: wallet.creditsLimit,
    periodStart: wallet.periodStart.toISOString(),
    renewsAt: wallet.renewsAt.toISOString(),
  });
}
