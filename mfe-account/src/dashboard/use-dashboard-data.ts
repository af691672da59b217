import { useMemo } from 'react';
import { CATALOG_ENDPOINTS, IDENTITY_ENDPOINTS } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { billingApi } from '../api/billing-api';
import { chatApi } from '../api/chat-api';
import { useSources } from './use-sources';

/**
 * Every figure of the dashboard, each from the service that owns it, fetched in parallel: the
 * profile from identity, the wallet and usage from chat, subscriptions from billing, plans from
 * the catalog.
 */
export function useDashboardData() {
  const client = useSessionClient();
  const loaders = useMemo(() => {
    const chat = chatApi(client.api);
    const billing = billingApi(client.api);
    return {
      profile: async (signal: AbortSignal) => {
        const profile = await client.api.call(IDENTITY_ENDPOINTS.me, { signal });
        // The access token names the tier other services check (agent access in chat). After a
        // payment the identity service has the new tier before the token does: take a fresh token.
        const state = client.getState();
        if (state.user && state.user.subscriptionTier !== profile.subscriptionTier) void client.refresh();
        return profile;
      },
      wallet: (signal: AbortSignal) => chat.getWallet({ signal }),
      usage: (signal: AbortSignal) => chat.getUsage({ signal }),
      subscriptions: (signal: AbortSignal) => billing.getSubscriptions({ signal }),
      plans: async (signal: AbortSignal) => (await client.api.call(CATALOG_ENDPOINTS.plans, { signal })).plans,
    };
  }, [client]);
  return useSources(loaders);
}

export type DashboardData = ReturnType<typeof useDashboardData>;
export type DashboardSources = DashboardData['sources'];
export type DashboardSource = keyof DashboardSources;

export const OVERVIEW_SOURCES = ['profile', 'wallet', 'usage'] as const satisfies readonly DashboardSource[];
export const SUBSCRIPTION_SOURCES = ['subscriptions', 'plans'] as const satisfies readonly DashboardSource[];
