import type { Db } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { type ChatSchema, chatWallets } from '@agentdock/svc-chat/schema';
import { ensureWallet } from '@agentdock/svc-chat/wallet';

/** A wallet that never runs dry, so the chat figures measure the path, not refusals. */
export async function bottomlessWallet(db: Db<ChatSchema>, userId: string): Promise<void> {
  await ensureWallet(db, userId, 'free');
  await db.update(chatWallets).set({ creditsRemaining: 1_000_000_000, apiCallsLimit: 1_000_000_000 }).where(eq(chatWallets.userId, userId));
}
