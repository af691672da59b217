/** The annual plan's per-month display: "the yearly price divided by 12, rounded to whole dollars". */
export function annualPerMonthDollars(annualPriceCents: number | null): number | null {
  if (annualPriceCents === null) return null;
  return Math.round(annualPriceCents / 100 / 12);
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
