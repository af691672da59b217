import { formatCredits, imageFileName } from './format';

describe('chat formatting', () => {
  it('shows credits with M above a million and K above a thousand', () => {
    expect(formatCredits(2_000_000)).toBe('2M');
    expect(formatCredits(1_550_000)).toBe('1.5M');
    expect(formatCredits(1_000_000)).toBe('1M');
    expect(formatCredits(48_500)).toBe('48.5K');
    expect(formatCredits(1_000)).toBe('1K');
    expect(formatCredits(999)).toBe('999');
    expect(formatCredits(0)).toBe('0');
  });

  it('names downloads with a timestamp and .jpg', () => {
    expect(imageFileName(new Date('2026-11-23T07:00:00.000Z'))).toBe('generated-image-2026-11-23T07-00-00-000Z.jpg');
  });
});
