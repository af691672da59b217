import type { SubscriptionTier } from '@agentdock/contracts';
import type { Tx } from '@agentdock/service-data';
import type { ChatSchema } from '../../db/schema';
import { lockWalletIfAny, purchaseCredits } from '../ledger';
import { changePlan, resetForSubscription } from '../subscriptions';
import { addMonth, startPeriod, walletTier } from '../wallet';

/**
 * A team's credit pool is a wallet owned by the organisation (`owner_kind` organisation, keyed by
 * its id), filled by billing's team events with the same ledger, refill and no-rollover rules as a
 * person's: each period grants the plan's monthly credits × the paid seats.
 */

interface TeamPeriod {
  organisationId: string;
  tier: SubscriptionTier;
  seats: number;
  periodStart: Date;
  periodEnd: Date;
  eventId: string;
}

/** Activation or renewal: the plan's credits × seats for the new period (the last one's plan credits expire). */
export async function startPoolPeriod(tx: Tx<ChatSchema>, input: TeamPeriod): Promise<void> {
  await resetForSubscription(tx, { ...input, userId: input.organisationId, pool: { seats: input.seats } });
}

/** Another plan for the team: the period keeps its usage, as a person's plan change does. */
export async function changePoolPlan(tx: Tx<ChatSchema>, input: TeamPeriod & { now: Date }): Promise<void> {
  await changePlan(tx, { ...input, userId: input.organisationId, pool: { seats: input.seats } });
}

/**
 * Seats added or removed inside a period: the month's allowance moves to credits × the new seats
 * and keeps what was used (more seats add their share of the rest of the month, fewer take it
 * back, never below 0). Before the pool's first paid period the activation brings the seats.
 */
export async function changePoolSeats(tx: Tx<ChatSchema>, input: { organisationId: string; seats: number; eventId: string; now: Date }): Promise<void> {
  const locked = await lockWalletIfAny(tx, input.organisationId);
  if (!locked || locked.selfRenewing || input.seats === 0 || locked.seats === input.seats) return;
  await changePlan(tx, {
    userId: input.organisationId,
    tier: walletTier(locked),
    periodStart: locked.periodAnchor,
    periodEnd: locked.renewsAt,
    eventId: input.eventId,
    now: input.now,
    pool: { seats: input.seats },
  });
}

/** The team's subscription ended: no more plan credits (purchased ones stay), and no refill. */
export async function closePool(tx: Tx<ChatSchema>, input: { organisationId: string; endedAt: Date; eventId: string }): Promise<void> {
  await startPeriod(tx, {
    userId: input.organisationId,
    tier: 'free',
    periodStart: input.endedAt,
    renewsAt: addMonth(input.endedAt),
    selfRenewing: true,
    reference: `team-ended:${input.eventId}`,
    pool: { seats: 0 },
  });
}

/** A credit pack bought for the team: kept across renewals, once per purchase. */
export async function addPoolCredits(tx: Tx<ChatSchema>, input: { organisationId: string; credits: number; purchaseId: string; now: Date }): Promise<void> {
  if (!(await lockWalletIfAny(tx, input.organisationId))) {
    // A pack bought before any seat: the pool opens with no plan credits.
    await startPeriod(tx, {
      userId: input.organisationId,
      tier: 'free',
      periodStart: input.now,
      renewsAt: addMonth(input.now),
      selfRenewing: true,
      reference: `provision:${input.organisationId}`,
      pool: { seats: 0 },
    });
  }
  await purchaseCredits(tx, { userId: input.organisationId, credits: input.credits, purchaseId: input.purchaseId });
}
