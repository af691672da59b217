/** Tokens estimated as characters / 4 rounded up; 100 credits per token. */
export const CREDITS_PER_TOKEN = 100;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * What a send reserves before the provider is called: the message's tokens plus twice that for
 * the reply, at 100 credits a token.
 *
 * @example
 * estimateSendCost('hello'); // (2 + 4) × 100 = 600
 */
export function estimateSendCost(message: string): { messageTokens: number; replyTokens: number; credits: number } {
  const messageTokens = estimateTokens(message);
  const replyTokens = messageTokens * 2;
  return { messageTokens, replyTokens, credits: (messageTokens + replyTokens) * CREDITS_PER_TOKEN };
}

/** The real cost once the reply is in: provider-reported tokens where given, else the same estimate on the texts. */
export function settledCost(message: string, reply: string, reported: { promptTokens: number; completionTokens: number } | null): { tokens: number; credits: number } {
  const tokens = reported ? reported.promptTokens + reported.completionTokens : estimateTokens(message) + estimateTokens(reply);
  return { tokens, credits: tokens * CREDITS_PER_TOKEN };
}

export function insufficientCreditsText(needed: number, remaining: number): string {
  return `Insufficient credits. You need ${needed} credits but only have ${remaining} remaining. Please upgrade your plan.`;
}

/** How a charge splits over the two buckets: plan credits first, purchased credits after. */
export function splitCharge(credits: number, balance: { plan: number; purchased: number }): { plan: number; purchased: number } | null {
  if (credits > balance.plan + balance.purchased) return null;
  const plan = Math.min(credits, balance.plan);
  return { plan, purchased: credits - plan };
}

/** Low balance: below `ratio` of the period's plan allowance (default 10 %). */
export function isLowBalance(remaining: number, limit: number, ratio = 0.1): boolean {
  return limit > 0 && remaining < limit * ratio;
}
