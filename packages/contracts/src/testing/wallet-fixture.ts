import type { Wallet } from '../chat/wallet';
import { userFixture } from './user-fixture';

/**
 * The free-tier wallet of `userFixture` as svc-chat serves it, mid-period, for tests on either side
 * of the API (a test that counts days to the refill gives its own dates).
 */
export function walletFixture(overrides: Partial<Wallet> = {}): Wallet {
  return {
    userId: userFixture().id,
    tier: 'free',
    creditsRemaining: 40_000,
    creditsLimit: 50_000,
    purchasedCredits: 0,
    apiCallsUsed: 0,
    apiCallsLimit: 50,
    periodStart: '2026-11-01T00:00:00.000Z',
    refillsAt: '2026-12-01T00:00:00.000Z',
    renewsAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  };
}
