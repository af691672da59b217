import type { SubscriptionTier } from '@agentdock/contracts';
import type { Tx } from '@agentdock/service-data';
import type { ChatSchema } from '../db/schema';
import { purchaseCredits } from './ledger';
import { ensureWallet, startPeriod, addMonth, walletRow } from './wallet';

/** A new account gets the free allowance (or its tier's, if it was created with one). */
export async function provisionWallet(tx: Tx<ChatSchema>, userId: string, tier: SubscriptionTier, now: Date): Promise<void> {
  if (await walletRow(tx, userId)) return;
  await startPeriod(tx, { userId, tier, periodStart: now, renewsAt: addMonth(now), selfRenewing: tier === 'free', reference: `provision:${userId}` });
}

/** Activation, renewal or plan change: the plan's allowance for the new period, no rollover. */
export async function resetForSubscription(
  tx: Tx<ChatSchema>,
  input: { userId: string; tier: SubscriptionTier; periodStart: Date; periodEnd: Date; eventId: string },
): Promise<void> {
  await startPeriod(tx, {
    userId: input.userId,
    tier: input.tier,
    periodStart: input.periodStart,
    renewsAt: input.periodEnd,
    selfRenewing: false,
    reference: `billing:${input.eventId}`,
  });
}

/** Cancellation, or an admin setting a tier: that tier's allowance from now, for a month. */
export async function changeTier(tx: Tx<ChatSchema>, input: { userId: string; tier: SubscriptionTier; now: Date; eventId: string }): Promise<void> {
  await startPeriod(tx, {
    userId: input.userId,
    tier: input.tier,
    periodStart: input.now,
    renewsAt: addMonth(input.now),
    selfRenewing: input.tier === 'free',
    reference: `tier:${input.eventId}`,
  });
}

/** Bought credits go to the purchased bucket, once per purchase id. */
export async function addPurchasedCredits(tx: Tx<ChatSchema>, input: { userId: string; credits: number; purchaseId: string; now: Date }): Promise<void> {
  await ensureWallet(tx, input.userId, 'free', input.now);
  await purchaseCredits(tx, { userId: input.userId, credits: input.credits, purchaseId: input.purchaseId });
}
