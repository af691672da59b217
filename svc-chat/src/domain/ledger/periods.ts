import type { SubscriptionTier } from '@agentdock/contracts';
import type { Tx } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWallets } from '../../db/schema';
import { book, lockWalletIfAny, type WalletRow } from './book';

export interface PeriodStart {
  userId: string;
  tier: SubscriptionTier;
  allowance: { credits: number; apiCalls: number };
  periodStart: Date;
  refillsAt: Date;
  anchor: Date;
  renewsAt: Date;
  selfRenewing: boolean;
  reference: string;
  /** A team's pool: the allowance above is already × these seats. Absent: a person's wallet (1). */
  pool?: { seats: number };
}

/**
 * A new credit period: the plan credits left from the last one expire (no rollover), the
 * allowance is granted and API calls start again; purchased credits are kept. Opens the wallet
 * when the user has none yet.
 */
export async function startCreditPeriod(tx: Tx<ChatSchema>, input: PeriodStart): Promise<WalletRow> {
  const previous = await lockWalletIfAny(tx, input.userId);
  const fields = {
    tier: input.tier,
    creditsLimit: input.allowance.credits,
    apiCallsUsed: 0,
    apiCallsLimit: input.allowance.apiCalls,
    periodStart: input.periodStart,
    creditsRefillAt: input.refillsAt,
    periodAnchor: input.anchor,
    renewsAt: input.renewsAt,
    selfRenewing: input.selfRenewing,
    lowBalanceNotifiedFor: null,
    ...(input.pool && { seats: input.pool.seats }),
  };
  if (!previous) {
    await tx.insert(chatWallets).values({ userId: input.userId, ...fields, creditsRemaining: 0, purchasedCredits: 0, ...(input.pool && { ownerKind: 'organisation' as const }) });
  } else if (previous.creditsRemaining > 0) {
    await book(tx, {
      userId: input.userId,
      kind: 'expiry',
      plan: -previous.creditsRemaining,
      purchased: 0,
      reference: input.reference,
      reason: 'plan credits of the period that ended',
    });
  }
  return book(
    tx,
    {
      userId: input.userId,
      kind: 'grant',
      plan: input.allowance.credits,
      purchased: 0,
      reference: input.reference,
      reason: `${input.tier} allowance from ${input.periodStart.toISOString()}`,
    },
    fields,
  );
}

export interface AllowanceChange {
  userId: string;
  tier: SubscriptionTier;
  /** The month's plan credits and API calls after the change (`allowanceAfterPlanChange`). */
  credits: { granted: number; remaining: number };
  apiCalls: { granted: number; used: number };
  /** The wallet's period columns, when the billing period moved with the change. */
  period?: { periodStart: Date; refillsAt: Date; anchor: Date; renewsAt: Date };
  reference: string;
  reason: string;
  /** A team's pool: the seats the allowance above is for. */
  seats?: number;
}

/**
 * A plan change inside a month: the plan credits move to what the change leaves (one
 * `plan-change` row for the difference, none when nothing moved), the allowance columns follow,
 * purchased credits stay as they are. Called with the wallet locked (`lockWallet`).
 */
export async function changeAllowance(tx: Tx<ChatSchema>, locked: WalletRow, change: AllowanceChange): Promise<WalletRow> {
  const fields = {
    tier: change.tier,
    creditsLimit: change.credits.granted,
    apiCallsUsed: change.apiCalls.used,
    apiCallsLimit: change.apiCalls.granted,
    ...(change.seats !== undefined && { seats: change.seats }),
    ...(change.period && {
      periodStart: change.period.periodStart,
      creditsRefillAt: change.period.refillsAt,
      periodAnchor: change.period.anchor,
      renewsAt: change.period.renewsAt,
      selfRenewing: false,
    }),
  };
  const delta = change.credits.remaining - locked.creditsRemaining;
  if (delta === 0) {
    const [row] = await tx
      .update(chatWallets)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(chatWallets.userId, change.userId))
      .returning();
    return row!;
  }
  return book(tx, { userId: change.userId, kind: 'plan-change', plan: delta, purchased: 0, reference: change.reference, reason: change.reason }, fields);
}
