import { walletFixture } from '../testing/wallet-fixture';
import { balanceParts, balanceText, walletBalance } from './balance';
import { statementText } from './statement';

describe('walletBalance', () => {
  // The reported case: after a $10 top-up the dashboard showed the plan credits alone (911,300), the chat both (1,411,300).
  const topped = walletFixture({ creditsRemaining: 911_300, creditsLimit: 1_000_000, purchasedCredits: 500_000, refillsAt: '2026-12-27T00:00:00.000Z' });

  it('is plan credits plus purchased credits, the figure every screen shows', () => {
    expect(walletBalance(topped)).toEqual({ total: 1_411_300, plan: { credits: 911_300, refillsAt: '2026-12-27T00:00:00.000Z', endsAt: null }, purchased: 500_000 });
    expect(balanceText(walletBalance(topped))).toBe('1,411,300 credits');
    expect(balanceParts(walletBalance(topped))).toEqual(['911,300 plan credits (refill on Dec 27)', '500,000 purchased credits (never expire)']);
  });

  it('promises no refill on or past a cancelled plan’s end, and says when the plan credits end', () => {
    const ending = walletBalance(topped, { endsAt: '2026-12-27T00:00:00.000Z' });
    expect(ending.plan).toEqual({ credits: 911_300, refillsAt: null, endsAt: '2026-12-27T00:00:00.000Z' });
    expect(ending.total).toBe(1_411_300);
    expect(balanceParts(ending)[0]).toBe('911,300 plan credits (end on Dec 27)');
  });

  it('keeps the refill when the plan ends after it (a later month of an annual plan)', () => {
    expect(walletBalance(topped, { endsAt: '2027-06-27T00:00:00.000Z' }).plan).toEqual({ credits: 911_300, refillsAt: '2026-12-27T00:00:00.000Z', endsAt: null });
  });

  it('is 0 for an empty wallet, never negative', () => {
    expect(walletBalance(walletFixture({ creditsRemaining: 0, purchasedCredits: 0 })).total).toBe(0);
  });
});

describe('statement words', () => {
  it('names each event as the customer knows it', () => {
    expect(statementText({ kind: 'reply', credits: -15_300, agentName: 'Meeting Prep' })).toBe('Reply from Meeting Prep · 15,300 credits');
    expect(statementText({ kind: 'api', credits: -1_200, agentKey: 'meeting-prep', keyName: 'CI' })).toBe('API · meeting-prep · key ‘CI’ · 1,200');
    expect(statementText({ kind: 'top-up', credits: 500_000 })).toBe('Top-up 500,000');
    expect(statementText({ kind: 'refill', credits: 1_000_000 })).toBe('Monthly refill 1,000,000');
    expect(statementText({ kind: 'expiry', credits: -120_000 })).toBe('Expired 120,000 unused plan credits');
    expect(statementText({ kind: 'adjustment', credits: 50_000, reason: 'outage' })).toBe('Adjusted by support: +50,000 (outage)');
    expect(statementText({ kind: 'adjustment', credits: -50_000, reason: 'duplicate grant' })).toBe('Adjusted by support: −50,000 (duplicate grant)');
    expect(statementText({ kind: 'refund', credits: 15_300, agentName: 'Meeting Prep' })).toBe('Refund of a reply from Meeting Prep · 15,300 credits');
    expect(statementText({ kind: 'reply', credits: -50_000, inProgress: true })).toBe('Reply in progress · 50,000 credits held');
  });
});
