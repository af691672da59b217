import fc from 'fast-check';
import { creditsForTokens, estimateTokens, replyCharge, replyTokenBound, sendEstimate, upToCredits } from './rules';

describe('upToCredits: the most a send can cost', () => {
  it('is the message and the longest reply the balance pays for, within the agent maximum', () => {
    expect(upToCredits({ messageTokens: 28, maxReplyTokens: 1_024, balance: 1_000_000 })).toBe(105_200);
    expect(upToCredits({ messageTokens: 28, maxReplyTokens: 1_024, balance: 10_000 })).toBe(10_000);
    expect(upToCredits({ messageTokens: 28, maxReplyTokens: 1_024, balance: 2_800 })).toBe(2_800);
  });

  // Issue 43: 8,400 estimated and 17,500 charged for a 28-token message with a 147-token reply.
  it('is above what that reply was charged, where the old estimate was below it', () => {
    const message = 'x'.repeat(112);
    const messageTokens = estimateTokens(message);
    const bound = replyTokenBound({ balance: 1_000_000, messageTokens, maxReplyTokens: 1_024 });
    const charged = replyCharge({ messageTokens, replyText: 'y'.repeat(147 * 4), reportedReplyTokens: null, bound }).credits;
    expect([sendEstimate(message).credits, charged]).toEqual([8_400, 17_500]);
    expect(upToCredits({ messageTokens, maxReplyTokens: 1_024, balance: 1_000_000 })).toBeGreaterThanOrEqual(charged);
  });

  it('is never below the charge of any reply held to the same bound, whatever the lengths and the provider reports', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8_000 }),
        fc.string({ maxLength: 40_000 }),
        fc.option(fc.nat({ max: 100_000 })),
        fc.integer({ min: 1, max: 16_384 }),
        fc.nat({ max: 10_000_000 }),
        (message, replyText, reportedReplyTokens, maxReplyTokens, balance) => {
          const messageTokens = estimateTokens(message);
          const bound = replyTokenBound({ balance, messageTokens, maxReplyTokens });
          const upTo = upToCredits({ messageTokens, maxReplyTokens, balance });
          const charge = replyCharge({ messageTokens, replyText, reportedReplyTokens, bound });
          expect(charge.credits).toBeLessThanOrEqual(upTo);
          expect(upTo).toBe(creditsForTokens(messageTokens + bound));
        },
      ),
      { numRuns: 500 },
    );
  });
});
