import type { AdminMessage, Wallet } from '@agentdock/contracts';
import { ConflictError, NotFoundError } from '@agentdock/service-kit';
import { type AdminActor, recordAdminAction, type ServiceContext } from '@agentdock/service-data';
import { and, desc, eq, isNull } from '@agentdock/service-data/orm';
import { type ChatSchema, chatMessages, chatWalletLedger } from '../db/schema';
import { WalletNotFoundError } from './errors';
import { adjustCredits, refundCredits } from './ledger';
import { ownReplies, poolReplies } from './own-replies';
import { toWallet, walletRow } from './wallet';

/** Adds or deducts credits; the ledger row and the admin audit entry commit with the change. */
export async function adjustWallet(context: ServiceContext<ChatSchema>, input: { userId: string; credits: number; reason: string; actor: AdminActor }): Promise<Wallet> {
  return context.transaction(async (tx) => {
    const before = await walletRow(tx, input.userId);
    if (!before) throw new WalletNotFoundError();
    const { wallet } = await adjustCredits(tx, { userId: input.userId, credits: input.credits, reason: input.reason, actorId: input.actor.id });
    const after = toWallet(wallet);
    await recordAdminAction(tx, {
      actor: input.actor,
      action: 'chat.wallet.adjust',
      subjectUserId: input.userId,
      target: `wallet:${input.userId}`,
      before: { ...toWallet(before), reason: input.reason },
      after,
    });
    return after;
  });
}

/**
 * The user's recent assistant replies that their own wallet paid for, newest first, for the admin
 * console's customer page (a reply in a team's workspace is the team pool's, as in their usage);
 * with `organisationId`, the ones that team's pool paid for.
 */
export async function recentReplies(context: ServiceContext<ChatSchema>, userId: string, limit: number, organisationId?: string): Promise<AdminMessage[]> {
  const replies = organisationId ? poolReplies(userId, organisationId) : ownReplies(userId);
  const rows = await context.db.select().from(chatMessages).where(replies).orderBy(desc(chatMessages.createdAt), desc(chatMessages.messageOrder)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    agentId: row.agentId,
    createdAt: row.createdAt.toISOString(),
    creditsUsed: row.platformCreditsUsed,
    tokensUsed: row.realTokensUsed,
    refunded: row.refundedAt !== null,
  }));
}

/**
 * Gives a reply's credits back to the buckets its settlement took them from. Marking the message
 * is conditional, so two refunds racing each other credit once (the second gets 409).
 */
export async function refundMessage(context: ServiceContext<ChatSchema>, input: { messageId: string; reason: string; actor: AdminActor }): Promise<Wallet> {
  return context.transaction(async (tx) => {
    const [message] = await tx.select().from(chatMessages).where(eq(chatMessages.id, input.messageId));
    if (!message || message.role !== 'assistant') throw new NotFoundError('No such reply.', { code: 'message_not_found' });
    const [marked] = await tx
      .update(chatMessages)
      .set({ refundedAt: new Date() })
      .where(and(eq(chatMessages.id, input.messageId), isNull(chatMessages.refundedAt)))
      .returning();
    if (!marked) throw new ConflictError(undefined, { code: 'already_refunded' });
    const entries = await tx.select().from(chatWalletLedger).where(eq(chatWalletLedger.messageId, input.messageId));
    const spent = entries.reduce((sum, entry) => ({ plan: sum.plan - entry.planDelta, purchased: sum.purchased - entry.purchasedDelta }), { plan: 0, purchased: 0 });
    const plan = Math.max(0, spent.plan);
    const purchased = Math.max(0, spent.purchased);
    // Back to the wallet that paid: a reply sent in a team's workspace was paid by the team's pool, not by its sender.
    const payer = entries[0]?.userId ?? message.userId;
    const before = await walletRow(tx, payer);
    const wallet = toWallet(await refundCredits(tx, { userId: payer, amount: { plan, purchased }, messageId: input.messageId, reason: input.reason, actorId: input.actor.id }));
    await recordAdminAction(tx, {
      actor: input.actor,
      action: 'chat.message.refund',
      subjectUserId: message.userId,
      target: `message:${input.messageId}`,
      before: before ? { ...toWallet(before), reason: input.reason } : null,
      after: wallet,
    });
    return wallet;
  });
}
