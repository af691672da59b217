import { isLowBalance, splitCharge } from './credits';

describe('credit math', () => {
  it('spends plan credits before purchased ones and refuses what neither covers', () => {
    expect(splitCharge(300, { plan: 500, purchased: 0 })).toEqual({ plan: 300, purchased: 0 });
    expect(splitCharge(300, { plan: 100, purchased: 500 })).toEqual({ plan: 100, purchased: 200 });
    expect(splitCharge(300, { plan: 100, purchased: 199 })).toBeNull();
    // Exactly enough is enough: the last credit of both buckets can be spent.
    expect(splitCharge(300, { plan: 100, purchased: 200 })).toEqual({ plan: 100, purchased: 200 });
    expect(splitCharge(300, { plan: 300, purchased: 0 })).toEqual({ plan: 300, purchased: 0 });
  });

  it('calls a balance low below 10 % of the allowance', () => {
    expect(isLowBalance(4_999, 50_000)).toBe(true);
    expect(isLowBalance(5_000, 50_000)).toBe(false);
    expect(isLowBalance(0, 0)).toBe(false);
  });
});
