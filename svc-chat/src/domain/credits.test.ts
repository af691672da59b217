import { estimateSendCost, insufficientCreditsText, isLowBalance, settledCost, splitCharge } from './credits';

describe('credit math', () => {
  it('estimates ceil(len/4) for the message, twice that for the reply, at 100 credits a token', () => {
    expect(estimateSendCost('hello')).toEqual({ messageTokens: 2, replyTokens: 4, credits: 600 });
    expect(estimateSendCost('abcd')).toEqual({ messageTokens: 1, replyTokens: 2, credits: 300 });
    expect(estimateSendCost('a'.repeat(401)).credits).toBe((101 + 202) * 100);
  });

  it('settles to provider-reported tokens where given, else estimates both texts', () => {
    expect(settledCost('abcd', 'ignored', { promptTokens: 7, completionTokens: 3 })).toEqual({ tokens: 10, credits: 1_000 });
    expect(settledCost('abcd', 'abcdefgh', null)).toEqual({ tokens: 3, credits: 300 });
  });

  it('spends plan credits before purchased ones and refuses what neither covers', () => {
    expect(splitCharge(300, { plan: 500, purchased: 0 })).toEqual({ plan: 300, purchased: 0 });
    expect(splitCharge(300, { plan: 100, purchased: 500 })).toEqual({ plan: 100, purchased: 200 });
    expect(splitCharge(300, { plan: 100, purchased: 199 })).toBeNull();
    // Exactly enough is enough: the last credit of both buckets can be spent.
    expect(splitCharge(300, { plan: 100, purchased: 200 })).toEqual({ plan: 100, purchased: 200 });
    expect(splitCharge(300, { plan: 300, purchased: 0 })).toEqual({ plan: 300, purchased: 0 });
  });

  it('words the refusal exactly', () => {
    expect(insufficientCreditsText(900, 100)).toBe('Insufficient credits. You need 900 credits but only have 100 remaining. Please upgrade your plan.');
  });

  it('calls a balance low below 10 % of the allowance', () => {
    expect(isLowBalance(4_999, 50_000)).toBe(true);
    expect(isLowBalance(5_000, 50_000)).toBe(false);
    expect(isLowBalance(0, 0)).toBe(false);
  });
});
