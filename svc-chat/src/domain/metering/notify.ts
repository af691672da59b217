import { chatCreditsLowV1 } from '@agentdock/contracts';
import type { ServiceContext } from '@agentdock/service-data';
import { and, eq, sql } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWallets } from '../../db/schema';
import { isLowBalance } from '../credits';
import type { WalletRow } from '../ledger';
import type { ChatTx } from './settle';

/** The plan credits are below the threshold, and this period's low-balance event is not out yet. */
export function lowBalanceUnnoted(wallet: WalletRow, ratio: number): boolean {
  return isLowBalance(wallet.creditsRemaining, wallet.creditsLimit, ratio) && wallet.lowBalanceNotifiedFor?.getTime() !== wallet.periodStart.getTime();
}

/** One low-balance event per period, when the plan credits fall below the threshold. */
export async function noteLowBalance(context: ServiceContext<ChatSchema>, tx: ChatTx, wallet: WalletRow, ratio: number): Promise<void> {
  if (!lowBalanceUnnoted(wallet, ratio)) return;
  const claimed = await tx
    .update(chatWallets)
    .set({ lowBalanceNotifiedFor: wallet.periodStart })
    .where(and(eq(chatWallets.userId, wallet.userId), sql`${chatWallets.lowBalanceNotifiedFor} is distinct from ${wallet.periodStart}`))
    .returning({ userId: chatWallets.userId });
  if (claimed.length === 0) return;
  await context.enqueue(tx, chatCreditsLowV1, {
    userId: wallet.userId,
    balance: wallet.creditsRemaining,
    limit: wallet.creditsLimit,
    purchased: wallet.purchasedCredits,
    periodStart: wallet.periodStart.toISOString(),
    renewsAt: wallet.renewsAt.toISOString(),
  });
}
