import { CREDITS_PER_TOKEN, creditsForTokens, estimatedSendCredits, insufficientCreditsText, replyTokenBound } from '@agentdock/contracts';
import type { AppError } from '@agentdock/service-kit';
import { ApiCallLimitError, InsufficientCreditsError, KeyCreditCapError, MemberCreditCapError } from '../errors';
import { apiCallsExhausted, type Reserved, type WalletRow } from '../ledger';

/**
 * How much of a reply the caller can pay for, and the refusals where it can pay for none: the
 * bounds every reservation is held to, for the web chat and `/v1` alike.
 */

export interface ReplyBound {
  /** The spec's check before sending: the message and a reply twice its length. */
  estimate: number;
  balance: number;
  /** The most reply tokens the balance (and an API key's cap) pays for, within the agent's maximum. */
  replyBound: number;
}

export interface BoundInput {
  messageTokens: number;
  /** Of `messageTokens`, those of retrieved knowledge passages: charged as input, left out of the reply's estimate. */
  retrievedTokens?: number;
  /** The longest reply allowed whatever the balance: the agent's maximum (and the request's own `max_tokens`). */
  maxReplyTokens: number;
  countsApiCall: boolean;
}

/** What the refusal quotes as needed: the estimate, or at least the message and one reply token. */
function neededCredits(bound: Pick<ReplyBound, 'estimate'>, messageTokens: number): number {
  return Math.max(bound.estimate, creditsForTokens(messageTokens + 1));
}

/** What the wallet pays for; throws the 429 (API calls) or 402 (credits) refusal where it pays for nothing. */
export function boundReply(wallet: WalletRow, input: BoundInput): ReplyBound {
  if (input.countsApiCall && apiCallsExhausted(wallet)) throw new ApiCallLimitError(wallet.apiCallsLimit);
  const balance = wallet.creditsRemaining + wallet.purchasedCredits;
  const estimate = estimatedSendCredits(input.messageTokens, input.retrievedTokens);
  const replyBound = replyTokenBound({ balance, messageTokens: input.messageTokens, maxReplyTokens: input.maxReplyTokens });
  if (estimate > balance || replyBound < 1) throw new InsufficientCreditsError(insufficientCreditsText(neededCredits({ estimate }, input.messageTokens), balance));
  return { estimate, balance, replyBound };
}

/**
 * The balance from which `boundReply` neither refuses nor narrows: the estimate, and the message
 * with the longest reply allowed. A wallet holding this much is bounded by `maxReplyTokens` alone,
 * whatever more it holds.
 */
export function fullReplyCredits(input: Omit<BoundInput, 'countsApiCall'>): number {
  return Math.max(estimatedSendCredits(input.messageTokens, input.retrievedTokens), creditsForTokens(input.messageTokens + input.maxReplyTokens));
}

/** The bound narrowed to what an API key's monthly cap has left; throws the 402 when that is not one reply token. */
export function boundByKeyCap(bound: ReplyBound, key: { key: { monthlyCreditCap: number | null }; spent: number }, messageTokens: number): ReplyBound {
  const cap = key.key.monthlyCreditCap;
  if (cap === null) return bound;
  const capBound = Math.floor((cap - key.spent) / CREDITS_PER_TOKEN) - messageTokens;
  if (capBound < 1) throw new KeyCreditCapError(cap);
  return { ...bound, replyBound: Math.min(bound.replyBound, capBound) };
}

/** The bound narrowed to what the member's cap in the team's pool has left; throws the 402 when that is not one reply token. */
export function boundByMemberCap(bound: ReplyBound, member: { monthlyCap: number | null; spent: number }, messageTokens: number): ReplyBound {
  if (member.monthlyCap === null) return bound;
  const capBound = Math.floor((member.monthlyCap - member.spent) / CREDITS_PER_TOKEN) - messageTokens;
  if (capBound < 1) throw new MemberCreditCapError(member.monthlyCap);
  return { ...bound, replyBound: Math.min(bound.replyBound, capBound) };
}

/** The ledger's refusal on the figures it read, as the 429 or 402 it stands for. */
export function refusal(outcome: Extract<Reserved, { ok: false; reason: 'credits' | 'calls' }>, bound: ReplyBound, messageTokens: number): AppError {
  if (outcome.reason === 'calls') return new ApiCallLimitError(outcome.wallet.apiCallsLimit);
  return new InsufficientCreditsError(insufficientCreditsText(neededCredits(bound, messageTokens), bound.balance));
}
