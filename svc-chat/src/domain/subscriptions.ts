import { allowanceAfterPeriodRestart, allowanceAfterPlanChange, type MonthAllowance, remainingShare, type SubscriptionTier } from '@agentdock/contracts';
import type { Tx } from '@agentdock/service-data';
import type { ChatSchema } from '../db/schema';
import { allowanceFor } from './allowances';
import { changeAllowance, lockWalletIfAny, purchaseCredits } from './ledger';
import { addMonth, allowancePeriod, ensureWallet, startPeriod, walletRow, walletTier } from './wallet';

/** A new account gets the free allowance (or its tier's, if it was created with one). */
export async function provisionWallet(tx: Tx<ChatSchema>, userId: string, tier: SubscriptionTier, now: Date): Promise<void> {
  if (await walletRow(tx, userId)) return;
  await startPeriod(tx, { userId, tier, periodStart: now, renewsAt: addMonth(now), selfRenewing: tier === 'free', reference: `provision:${userId}` });
}

/** Activation or renewal: the plan's allowance for the new period, no rollover. */
export async function resetForSubscription(
  tx: Tx<ChatSchema>,
  input: { userId: string; tier: SubscriptionTier; periodStart: Date; periodEnd: Date; eventId: string; pool?: { seats: number } },
): Promise<void> {
  await startPeriod(tx, {
    userId: input.userId,
    tier: input.tier,
    periodStart: input.periodStart,
    renewsAt: input.periodEnd,
    selfRenewing: false,
    reference: `billing:${input.eventId}`,
    ...(input.pool && { pool: input.pool }),
  });
}

/**
 * Upgrade or downgrade of a running subscription: never a refill. Inside the billing period the
 * month keeps its usage and its refill date (`allowanceAfterPlanChange`); where the provider
 * started a new billing period with the change (monthly ↔ annual), the month restarts on the new
 * anchor with the usage the old month's elapsed part did not pay for carried into it
 * (`allowanceAfterPeriodRestart`). Plan credits and API calls follow the same rule.
 */
export async function changePlan(
  tx: Tx<ChatSchema>,
  input: { userId: string; tier: SubscriptionTier; periodStart: Date; periodEnd: Date; eventId: string; now: Date; pool?: { seats: number } },
): Promise<void> {
  const locked = await lockWalletIfAny(tx, input.userId);
  // Not yet on a paid period (the activation is still on its way): the change is the activation.
  if (!locked || locked.selfRenewing) return resetForSubscription(tx, input);
  // A team's pool holds the allowance once per seat: a change of seats is a change of allowance like a change of plan.
  const from = times(await allowanceFor(tx, walletTier(locked)), input.pool ? locked.seats : 1);
  const to = times(await allowanceFor(tx, input.tier), input.pool?.seats ?? 1);
  const share = remainingShare(locked.periodStart, locked.creditsRefillAt, input.now);
  const credits: MonthAllowance = { granted: locked.creditsLimit, remaining: locked.creditsRemaining };
  const calls: MonthAllowance = { granted: locked.apiCallsLimit, remaining: Math.max(0, locked.apiCallsLimit - locked.apiCallsUsed) };
  const periodMoved = input.periodStart.getTime() !== locked.periodAnchor.getTime() || input.periodEnd.getTime() !== locked.renewsAt.getTime();
  const next = periodMoved
    ? { credits: allowanceAfterPeriodRestart(credits, { to: to.credits, share }), calls: allowanceAfterPeriodRestart(calls, { to: to.apiCalls, share }) }
    : {
        credits: allowanceAfterPlanChange(credits, { from: from.credits, to: to.credits, share }),
        calls: allowanceAfterPlanChange(calls, { from: from.apiCalls, to: to.apiCalls, share }),
      };
  const month = periodMoved ? allowancePeriod(input.periodStart, input.now, input.periodEnd) : null;
  await changeAllowance(tx, locked, {
    userId: input.userId,
    tier: input.tier,
    credits: next.credits,
    apiCalls: { granted: next.calls.granted, used: next.calls.granted - next.calls.remaining },
    ...(month && { period: { periodStart: month.start, refillsAt: month.refillsAt, anchor: input.periodStart, renewsAt: input.periodEnd } }),
    reference: `billing:${input.eventId}`,
    reason: `${locked.tier} to ${input.tier}${input.pool ? ` × ${input.pool.seats} seats` : ''}${periodMoved ? ', new billing period' : ''}`,
    ...(input.pool && { seats: input.pool.seats }),
  });
}

const times = (allowance: { credits: number; apiCalls: number }, seats: number) => ({ credits: allowance.credits * seats, apiCalls: allowance.apiCalls * seats });

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
