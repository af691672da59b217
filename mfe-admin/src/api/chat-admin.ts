import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { adminMessagesResponse, adminWalletsResponse, walletResponse, type AdminMessage, type Wallet, type WalletAdjustment } from '@agentdock/contracts';

/** svc-chat's admin API: credit wallets, adjustments and refunds of replies. */
export function chatAdminApi(api: ApiClient) {
  return {
    /** Users without a wallet yet are absent from the answer. */
    getWallets: async (userIds: readonly string[], options?: CallOptions): Promise<Wallet[]> => {
      const query = new URLSearchParams({ userIds: userIds.join(',') });
      return (await api.request(`/api/chat/admin/wallets?${query}`, { ...options, schema: adminWalletsResponse })).wallets;
    },
    adjustCredits: async (userId: string, body: WalletAdjustment): Promise<Wallet> =>
      (await api.request(`/api/chat/admin/wallets/${encodeURIComponent(userId)}/adjustments`, { method: 'POST', body, schema: walletResponse })).wallet,
    recentReplies: async (userId: string, options?: CallOptions): Promise<AdminMessage[]> =>
      (await api.request(`/api/chat/admin/users/${encodeURIComponent(userId)}/messages?limit=20`, { ...options, schema: adminMessagesResponse })).messages,
    refundReply: async (messageId: string, reason: string): Promise<Wallet> =>
      (await api.request(`/api/chat/admin/messages/${encodeURIComponent(messageId)}/refund`, { method: 'POST', body: { reason }, schema: walletResponse })).wallet,
  };
}

export type ChatAdminApi = ReturnType<typeof chatAdminApi>;
