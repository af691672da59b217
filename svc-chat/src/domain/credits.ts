/** How a charge splits over the two buckets: plan credits first, purchased credits after. */
export function splitCharge(credits: number, balance: { plan: number; purchased: number }): { plan: number; purchased: number } | null {
  if (credits > balance.plan + balance.purchased) return null;
  const plan = Math.min(credits, balance.plan);
  return { plan, purchased: credits - plan };
}

/** Low balance: below `ratio` of the period's plan allowance (default 10 %); never for an allowance of 0, since balances are never negative. */
export function isLowBalance(remaining: number, limit: number, ratio = 0.1): boolean {
  return remaining < limit * ratio;
}
