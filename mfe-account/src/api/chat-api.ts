import type { ApiClient, CallOptions } from '@agentdock/api-client';
import { usageSummary, wallet, type UsageSummary, type Wallet } from '@agentdock/contracts';

export type { UsageSummary, Wallet };

/** svc-chat, which owns the credit wallet and the usage it records. */
export function chatApi(api: ApiClient) {
  return {
    getWallet: (options?: CallOptions): Promise<Wallet> => api.request('/api/chat/wallet', { ...options, schema: wallet }),
    getUsage: (options?: CallOptions): Promise<UsageSummary> => api.request('/api/chat/usage', { ...options, schema: usageSummary }),
  };
}
