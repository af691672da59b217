import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../catalog/tier';
import {
  cannotPayTypicalReply,
  estimatedSendCredits,
  estimateTokens,
  insufficientCreditsText,
  isAgentVisibleToTier,
  replyCharge,
  replyTokenBound,
  sendEstimate,
  textWithinTokens,
} from './rules';

describe('chat rules', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['abcd', 1],
    ['abcde', 2],
    ['abcdefgh', 2],
    ['abcdefghi', 3],
  ])('estimates %j as %i tokens (characters / 4, rounded up)', (text, tokens) => {
    expect(estimateTokens(text)).toBe(tokens);
  });

  it.each([
    ['abcd', 1, 2, 300],
    ['hello', 2, 4, 600],
    ['Hello there', 3, 6, 900],
    ['x'.repeat(8000), 2000, 4000, 600_000],
  ])('estimates a send of %j: %i message tokens, %i reply tokens, %i credits', (message, messageTokens, replyTokens, credits) => {
    expect(sendEstimate(message)).toEqual({ messageTokens, replyTokens, credits });
  });

  it("counts retrieved passages once as input, never in the reply's estimate", () => {
    expect(estimatedSendCredits(310, 300)).toBe(33_000);
    expect(estimatedSendCredits(10)).toBe(3_000);
    expect(estimatedSendCredits(10, 0)).toBe(estimatedSendCredits(10));
  });

  it.each([
    [1_500, 1, 4_096, 14],
    [1_599, 1, 4_096, 14],
    [1_600, 1, 4_096, 15],
    [10_000_000, 1, 4_096, 4_096],
    [300, 1, 4_096, 2],
    [100, 1, 4_096, 0],
    [50, 1, 4_096, 0],
    [1_000, 1, 0, 0],
  ])('bounds the reply for a balance of %i and %i message tokens (agent maximum %i) at %i tokens', (balance, messageTokens, maxReplyTokens, bound) => {
    expect(replyTokenBound({ balance, messageTokens, maxReplyTokens })).toBe(bound);
  });

  it.each([
    // the fallback estimate rounds up: 5 characters are 2 tokens, not 1
    [1, 'abcde', null, 10, 3, 300],
    [1, 'abcd', null, 10, 2, 200],
    [2, '', null, 10, 2, 200],
    [1, 'abcde', 7, 10, 8, 800],
    [1, 'abcde', 0, 10, 1, 100],
    // never beyond the bound the provider was held to
    [1, 'x'.repeat(400), null, 10, 11, 1_100],
    [1, 'abc', 50, 10, 11, 1_100],
  ])('charges %i message tokens and reply %j (reported %p, bound %i) as %i tokens, %i credits', (messageTokens, replyText, reportedReplyTokens, bound, tokens, credits) => {
    expect(replyCharge({ messageTokens, replyText, reportedReplyTokens, bound })).toEqual({ tokens, credits });
  });

  it.each([
    ['abcdefghij', 2, 'abcdefgh'],
    ['abc', 2, 'abc'],
    ['abc', 0, ''],
  ])('cuts %j at %i tokens to %j', (text, tokens, cut) => {
    expect(textWithinTokens(text, tokens)).toBe(cut);
    expect(estimateTokens(cut)).toBeLessThanOrEqual(tokens);
  });

  it('words the insufficient-credits refusal exactly', () => {
    expect(insufficientCreditsText(900, 100)).toBe('Insufficient credits. You need 900 credits but only have 100 remaining. Please upgrade your plan.');
    expect(insufficientCreditsText(3_900, 3_200)).toBe('Insufficient credits. You need 3,900 credits but only have 3,200 remaining. Please upgrade your plan.');
    expect(insufficientCreditsText(1_234_567, 0)).toContain('You need 1,234,567 credits but only have 0 remaining');
  });

  // rows: the user's tier; columns: the agent's tier (free, starter, professional, enterprise)
  const visible: Array<[SubscriptionTier | undefined, boolean[]]> = [
    [undefined, [true, false, false, false]],
    ['free', [true, false, false, false]],
    ['starter', [true, true, false, false]],
    ['professional', [true, true, true, false]],
    ['enterprise', [true, true, true, true]],
  ];
  it.each(visible)('shows a %s user the agents of this tier and below', (userTier, row) => {
    expect(SUBSCRIPTION_TIERS.map((tier) => isAgentVisibleToTier({ tier, isActive: true }, userTier))).toEqual(row);
    expect(SUBSCRIPTION_TIERS.map((tier) => isAgentVisibleToTier({ tier, isActive: false }, userTier))).toEqual([false, false, false, false]);
  });

  it('shows no agent of an unknown tier', () => {
    expect(isAgentVisibleToTier({ tier: 'gold', isActive: true }, 'enterprise')).toBe(false);
  });
});

describe('the low-balance warning', () => {
  it('shows when the balance cannot pay for a typical reply of 150 tokens', () => {
    expect(cannotPayTypicalReply(14_999)).toBe(true);
    expect(cannotPayTypicalReply(15_000)).toBe(false);
  });
});
