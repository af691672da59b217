/**
 * Credits as the chat shows them: M from a million, K from a thousand, one decimal kept only
 * when it says something.
 *
 * @example
 * formatCredits(1_500_000); // '1.5M'
 * formatCredits(48_500);    // '48.5K'
 * formatCredits(999);       // '999'
 */
export function formatCredits(credits: number): string {
  const short = (value: number, unit: string) => `${(Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '')}${unit}`;
  if (credits >= 1_000_000) return short(credits / 1_000_000, 'M');
  if (credits >= 1_000) return short(credits / 1_000, 'K');
  return String(credits);
}

/** The download's file name: the current timestamp, as a .jpg. */
export function imageFileName(now = new Date()): string {
  return `generated-image-${now.toISOString().replace(/[:.]/g, '-')}.jpg`;
}
