import { annualPerMonthDollars, centsToDollars, dollarsToCents } from './pricing';

describe('annual price per month', () => {
  it('divides the yearly price by 12 and rounds (spec §9: $540 → $45, $1,020 → $85)', () => {
    expect(annualPerMonthDollars(54_000)).toBe(45);
    expect(annualPerMonthDollars(102_000)).toBe(85);
  });

  it('rounds half up and to the nearest dollar', () => {
    expect(annualPerMonthDollars(10_000)).toBe(8);
    expect(annualPerMonthDollars(1_000_00 + 200_00)).toBe(100);
    expect(annualPerMonthDollars(15_000)).toBe(13); // 12.5 rounds up
  });

  it('has no annual figure for plans without an annual price', () => {
    expect(annualPerMonthDollars(null)).toBeNull();
  });
});

describe('money conversion', () => {
  it('keeps cents exact for prices that are not representable in binary floating point', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});
