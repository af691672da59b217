import { MAX_INT4, planPatch } from './plan';

describe('plan amounts and limits', () => {
  it.each(['realTokensLimit', 'platformCreditsLimit', 'apiCallsLimit', 'agentsIncluded', 'sortOrder'])('refuses %s past the column, naming the field', (field) => {
    const result = planPatch.safeParse({ [field]: 3_000_000_000 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(planPatch.safeParse({ [field]: MAX_INT4 }).success).toBe(true);
  });

  it('refuses a price past the column, naming the field', () => {
    const result = planPatch.safeParse({ monthly: { amountMinor: 3_000_000_000, priceId: null } });
    expect(result.error?.issues[0]?.path).toEqual(['monthly', 'amountMinor']);
  });
});
