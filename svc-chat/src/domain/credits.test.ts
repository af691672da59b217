import { isLowBalance } from './credits';

describe('credit math', () => {
  it('calls a balance low below 10 % of the allowance', () => {
    expect(isLowBalance(4_999, 50_000)).toBe(true);
    expect(isLowBalance(5_000, 50_000)).toBe(false);
    expect(isLowBalance(0, 0)).toBe(false);
  });
});
