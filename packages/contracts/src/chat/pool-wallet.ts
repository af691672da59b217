import type { TeamPool } from './pool';
import type { Wallet } from './wallet';

/**
 * A team's pool in the wallet's shape, for the screens that show a wallet's balance and cost
 * figures in a team's workspace: a web send counts no API calls, and the pool renews with its refill.
 */
export function poolAsWallet(pool: TeamPool): Wallet {
  return {
    userId: pool.organisationId,
    // The pool's tier is its wallet's, one of the subscription tiers (svc-chat's walletTier).
    tier: pool.tier as Wallet['tier'],
    creditsRemaining: pool.creditsRemaining,
    creditsLimit: pool.creditsLimit,
    purchasedCredits: pool.purchasedCredits,
    apiCallsUsed: 0,
    apiCallsLimit: 0,
    periodStart: pool.periodStart,
    refillsAt: pool.refillsAt,
    renewsAt: pool.refillsAt,
  };
}
