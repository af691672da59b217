import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../catalog/tier';

/**
 * The chat's money and access rules, written once: svc-chat charges with them, svc-catalog lists
 * agents with them, the chat page checks before sending with them and the demo provider counts
 * its usage with them. Plain functions, no zod, so every bundle can take them.
 */

/** "Tokens estimated as characters / 4 rounded up; 100 credits per token." */
export const CREDITS_PER_TOKEN = 100;

/**
 * The most credits a wallet holds (plan and purchased together): far above any plan or pack, and
 * exact in a JavaScript number and in the bigint columns that store it.
 */
export const MAX_WALLET_CREDITS = 1_000_000_000_000;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function creditsForTokens(tokens: number): number {
  return tokens * CREDITS_PER_TOKEN;
}

/**
 * The check before sending: "message tokens = ceil(text length / 4); estimated reply tokens =
 * double that; cost = (message + reply tokens) × 100 credits".
 *
 * @example
 * sendEstimate('hello'); // { messageTokens: 2, replyTokens: 4, credits: 600 }
 */
export function sendEstimate(message: string): { messageTokens: number; replyTokens: number; credits: number } {
  const messageTokens = estimateTokens(message);
  return { messageTokens, replyTokens: estimatedReplyTokens(messageTokens), credits: estimatedSendCredits(messageTokens) };
}

/** "Estimated reply tokens = double" the message's. */
function estimatedReplyTokens(messageTokens: number): number {
  return messageTokens * 2;
}

/**
 * The estimate's credits for a message of `messageTokens`: where only its token count is known (the
 * server's reservation). `retrievedTokens` (knowledge passages, part of `messageTokens`) are input
 * the model reads once: counted at their cost, never doubled into the reply's estimate, since a
 * reply is not longer for the passages it was given.
 *
 * @example
 * estimatedSendCredits(310, 300); // 33_000: the 310 tokens read, and a reply estimated at twice the message's 10
 */
export function estimatedSendCredits(messageTokens: number, retrievedTokens = 0): number {
  const own = Math.max(0, messageTokens - retrievedTokens);
  return creditsForTokens(messageTokens + estimatedReplyTokens(own));
}

/**
 * How many reply tokens the customer can pay for: what the balance holds after the message,
 * capped by the agent's maximum reply length. The provider is asked for no more (`max_tokens`)
 * and the reply is cut where its cost would pass this bound.
 *
 * @example
 * replyTokenBound({ balance: 1_500, messageTokens: 1, maxReplyTokens: 4_096 }); // 14
 */
export function replyTokenBound(input: { balance: number; messageTokens: number; maxReplyTokens: number }): number {
  const affordable = Math.floor(input.balance / CREDITS_PER_TOKEN) - input.messageTokens;
  return Math.max(0, Math.min(input.maxReplyTokens, affordable));
}

/**
 * "Up to": the most a send can cost, shown before sending and set aside by the reservation, one
 * function for both so they cannot disagree. The message's tokens (what a send is charged as
 * input: the earlier turns of the conversation are context, not charged) plus the longest reply
 * it may get: the agent's maximum, within what the balance pays for after the message. The charge
 * (`replyCharge`, held to the same bound) is never above it.
 *
 * @example
 * upToCredits({ messageTokens: 28, maxReplyTokens: 1_024, balance: 1_000_000 }); // 105_200
 * upToCredits({ messageTokens: 28, maxReplyTokens: 1_024, balance: 10_000 });    // 10_000
 */
export function upToCredits(input: { messageTokens: number; maxReplyTokens: number; balance: number }): number {
  return creditsForTokens(input.messageTokens + replyTokenBound(input));
}

/**
 * What a reply costs: the message's tokens plus the reply's, the provider's count of reply
 * tokens where it gave one, else the estimate of the text delivered. Never more reply tokens
 * than the bound the provider was held to, so the charge always fits the reservation.
 *
 * @example
 * replyCharge({ messageTokens: 1, replyText: 'abcde', reportedReplyTokens: null, bound: 10 }); // { tokens: 3, credits: 300 }
 */
export function replyCharge(input: { messageTokens: number; replyText: string; reportedReplyTokens: number | null; bound: number }): { tokens: number; credits: number } {
  const replyTokens = Math.min(input.bound, input.reportedReplyTokens ?? estimateTokens(input.replyText));
  const tokens = input.messageTokens + replyTokens;
  return { tokens, credits: creditsForTokens(tokens) };
}

/** The longest prefix of `text` whose estimate stays within `tokens` (where a reply is cut). */
export function textWithinTokens(text: string, tokens: number): string {
  return text.slice(0, Math.max(0, tokens) * 4);
}

/** Credits as people read them: "3,900". */
export function formatCreditCount(credits: number): string {
  return credits.toLocaleString('en-US');
}

/** @example insufficientCreditsText(3_900, 3_200); // 'Insufficient credits. You need 3,900 credits but only have 3,200 remaining. Please upgrade your plan.' */
export function insufficientCreditsText(needed: number, remaining: number): string {
  return `Insufficient credits. You need ${formatCreditCount(needed)} credits but only have ${formatCreditCount(remaining)} remaining. Please upgrade your plan.`;
}

/** A typical reply's length in tokens (the built-in demo's run about this long). */
export const TYPICAL_REPLY_TOKENS = 150;

/** The chat warns (Top up / Upgrade) when the balance cannot pay for a typical reply. */
export function cannotPayTypicalReply(balance: number): boolean {
  return balance < creditsForTokens(TYPICAL_REPLY_TOKENS);
}

/** Shown under a reply that was cut where the customer's credits ran out. */
export const REPLY_STOPPED_TEXT = 'Reply stopped: you are out of credits';

/**
 * "Only active agents whose tier is at or below the user's tier (free sees free; starter sees
 * free and starter; professional adds professional; enterprise sees all; missing tier counts as free)."
 *
 * @example
 * isAgentVisibleToTier({ tier: 'starter', isActive: true }, 'professional'); // true
 * isAgentVisibleToTier({ tier: 'starter', isActive: true }, undefined);      // false
 */
export function isAgentVisibleToTier(agent: { tier: string; isActive: boolean }, userTier: SubscriptionTier | undefined): boolean {
  const agentRank = (SUBSCRIPTION_TIERS as readonly string[]).indexOf(agent.tier);
  return agent.isActive && agentRank >= 0 && agentRank <= SUBSCRIPTION_TIERS.indexOf(userTier ?? 'free');
}
