import { decimalTextToMinor, formatPrice, minorToDecimalText } from './money';

describe('formatPrice', () => {
  it('shows whole amounts without cents and others with two decimals', () => {
    expect(formatPrice(5_000, 'usd')).toBe('$50');
    expect(formatPrice(123_400, 'usd')).toBe('$1,234');
    expect(formatPrice(1_250, 'usd')).toBe('$12.50');
    expect(formatPrice(1_999, 'usd')).toBe('$19.99');
    expect(formatPrice(0, 'usd')).toBe('$0');
  });

  it('uses the given currency', () => {
    expect(formatPrice(5_000, 'eur')).toBe('€50');
  });
});

describe('decimal text ⇄ minor units', () => {
  it('parses exactly, including amounts a float multiplication gets wrong', () => {
    expect(decimalTextToMinor('19.99')).toBe(1_999);
    expect(decimalTextToMinor('1.1')).toBe(110);
    expect(decimalTextToMinor('0.29')).toBe(29);
    expect(decimalTextToMinor('4.35')).toBe(435);
    expect(decimalTextToMinor(' 1,020 ')).toBe(102_000);
    expect(decimalTextToMinor('$50')).toBe(5_000);
    expect(decimalTextToMinor('0')).toBe(0);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const text of ['', 'abc', '1.999', '-5', '1e3', '12.', '.5', '1.2.3']) expect(decimalTextToMinor(text)).toBeUndefined();
  });

  it('writes minor units back as the form shows them, and round-trips', () => {
    expect(minorToDecimalText(5_000)).toBe('50');
    expect(minorToDecimalText(1_999)).toBe('19.99');
    expect(minorToDecimalText(1_950)).toBe('19.50');
    expect(minorToDecimalText(5)).toBe('0.05');
    for (const minor of [0, 1, 29, 435, 1_999, 102_000]) expect(decimalTextToMinor(minorToDecimalText(minor))).toBe(minor);
  });
});
