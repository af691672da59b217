import { MAX_WALLET_CREDITS } from '@agentdock/contracts';
import type { Tx } from '@agentdock/service-data';
import { eq, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWalletLedger, chatWallets } from '../../db/schema';
import { BalanceTooHighError, BalanceTooLowError } from '../errors';
import { book, type Buckets, lockWallet, type WalletRow } from './book';
import { planCreditsFirst } from './plan-first';

/** Bought credits go to the purchased bucket, once per purchase id (a replay changes nothing). */
export async function purchaseCredits(tx: Tx<ChatSchema>, input: { userId: string; credits: number; purchaseId: string }): Promise<WalletRow | null> {
  const [seen] = await tx
    .select({ id: chatWalletLedger.id })
    .from(chatWalletLedger)
    .where(sql`${chatWalletLedger.kind} = 'top-up' and ${chatWalletLedger.reference} = ${input.purchaseId}`);
  if (seen) return null;
  const wallet = await lockWallet(tx, input.userId);
  // Far above any pack; capping the bucket instead would silently lose paid credits.
  if (wallet.creditsRemaining + wallet.purchasedCredits + input.credits > MAX_WALLET_CREDITS) throw new BalanceTooHighError('credits', MAX_WALLET_CREDITS);
  return book(tx, { userId: input.userId, kind: 'top-up', plan: 0, purchased: input.credits, reference: input.purchaseId, reason: 'credits purchased' });
}

/** An admin gives a settled reply's credits back (the caller makes sure it happens once). */
export async function refundCredits(tx: Tx<ChatSchema>, input: { userId: string; amount: Buckets; messageId: string; reason: string; actorId: string }): Promise<WalletRow> {
  return book(tx, {
    userId: input.userId,
    kind: 'refund',
    plan: input.amount.plan,
    purchased: input.amount.purchased,
    messageId: input.messageId,
    reason: input.reason,
    actorId: input.actorId,
  });
}

/** Admin adjustment: a positive amount adds plan credits, a negative one deducts (plan first; never below 0 → 409). */
export async function adjustCredits(
  tx: Tx<ChatSchema>,
  input: { userId: string; credits: number; reason: string; actorId: string },
): Promise<{ change: Buckets; wallet: WalletRow }> {
  const locked = await lockWallet(tx, input.userId);
  const available = locked.creditsRemaining + locked.purchasedCredits;
  let change: Buckets;
  if (input.credits > 0) {
    if (available + input.credits > MAX_WALLET_CREDITS) throw new BalanceTooHighError('credits', MAX_WALLET_CREDITS);
    change = { plan: input.credits, purchased: 0 };
  } else {
    if (-input.credits > available) throw new BalanceTooLowError(available);
    const parts = planCreditsFirst(sql`${-input.credits}::bigint`);
    const [split] = await tx
      .select({ plan: parts.plan.mapWith(Number), purchased: parts.purchased.mapWith(Number) })
      .from(chatWallets)
      .where(eq(chatWallets.userId, input.userId));
    change = { plan: -split!.plan, purchased: -split!.purchased };
  }
  const wallet = await book(tx, { userId: input.userId, kind: 'admin-adjustment', ...change, reason: input.reason, actorId: input.actorId });
  return { change, wallet };
}
