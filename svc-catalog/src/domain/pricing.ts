/**
 * The annual plan's per-month display: "the yearly price divided by 12, rounded to whole dollars",
 * kept in minor units. A whole unit is 100 minor units in every currency the plans are sold in.
 */
export function annualPerMonthMinor(annualMinor: number | null): number | null {
  if (annualMinor === null) return null;
  return Math.round(annualMinor / 1200) * 100;
}

/** Decimal dollars, only for the v1 plan event that still carries them. */
export function minorToDollarsV1(minor: number): number {
  return minor / 100;
}
