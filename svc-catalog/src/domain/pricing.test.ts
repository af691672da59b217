import { annualPerMonthMinor, minorToDollarsV1 } from './pricing';

describe('annual price per month', () => {
  it('divides the yearly price by 12 and rounds to whole dollars (spec §9: $540 → $45, $1,020 → $85)', () => {
    expect(annualPerMonthMinor(54_000)).toBe(4_500);
    expect(annualPerMonthMinor(102_000)).toBe(8_500);
  });

  it('rounds half up and to the nearest dollar', () => {
    expect(annualPerMonthMinor(10_000)).toBe(800);
    expect(annualPerMonthMinor(1_000_00 + 200_00)).toBe(10_000);
    expect(annualPerMonthMinor(15_000)).toBe(1_300); // 12.5 rounds up
    expect(annualPerMonthMinor(14_999)).toBe(1_200);
  });

  it('has no annual figure for plans without an annual price', () => {
    expect(annualPerMonthMinor(null)).toBeNull();
  });
});

describe('v1 dollars', () => {
  it('divides minor units by 100', () => {
    expect(minorToDollarsV1(1999)).toBe(19.99);
    expect(minorToDollarsV1(5_000)).toBe(50);
  });
});
