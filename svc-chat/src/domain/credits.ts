/** Low balance: below `ratio` of the period's plan allowance (default 10 %); never for an allowance of 0, since balances are never negative. */
export function isLowBalance(remaining: number, limit: number, ratio = 0.1): boolean {
  return remaining < limit * ratio;
}
