import { useMemo } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { CATALOG_ENDPOINTS, IDENTITY_ENDPOINTS, poolAsWallet } from '@agentdock/contracts';
import { type SessionClient, useSessionClient, useWorkspace } from '@agentdock/session';
import { billingApi } from '../api/billing-api';
import { chatApi } from '../api/chat-api';
import { type DashboardUsage, teamUsageSummary } from '../dashboard/team-usage-summary';

/**
 * The account area's server state, one query per answer, each read through the session's API
 * client (validation, the retry after a 401, request ids). Pages that show the same answer (the
 * dashboard's Subscription tab and Manage Subscription both list subscriptions and invoices) share
 * one query, and a change invalidates it wherever it is shown.
 */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  /** The user's wallet, or in a team's workspace (its id) the team's pool. */
  wallet: (teamId: string | null = null) => [...accountKeys.all, 'wallet', teamId] as const,
  /** The user's usage, or in a team's workspace (its id) their own spending of the team's pool. */
  usage: (teamId: string | null = null) => [...accountKeys.all, 'usage', teamId] as const,
  subscriptions: () => [...accountKeys.all, 'subscriptions'] as const,
  invoices: () => [...accountKeys.all, 'invoices'] as const,
  plans: () => [...accountKeys.all, 'plans'] as const,
  creditPacks: () => [...accountKeys.all, 'credit-packs'] as const,
  learning: () => [...accountKeys.all, 'learning'] as const,
};

export function accountQueries(client: SessionClient, team: { id: string; name: string } | null = null) {
  const teamId = team?.id ?? null;
  const chat = chatApi(client.api);
  const billing = billingApi(client.api);
  return {
    profile: queryOptions({
      queryKey: accountKeys.profile(),
      queryFn: async ({ signal }) => {
        const profile = await client.api.call(IDENTITY_ENDPOINTS.me, { signal });
        // The access token names the tier other services check (agent access in chat). After a
        // payment the identity service has the new tier before the token does: take a fresh token.
        const state = client.getState();
        if (state.user && state.user.subscriptionTier !== profile.subscriptionTier) void client.refresh();
        return profile;
      },
    }),
    // In a team's workspace the credits shown are the team pool's.
    wallet: queryOptions({
      queryKey: accountKeys.wallet(teamId),
      queryFn: async ({ signal }) => (teamId ? poolAsWallet(await chat.getPool(teamId, { signal })) : chat.getWallet({ signal })),
    }),
    usage: queryOptions({
      queryKey: accountKeys.usage(team?.id ?? null),
      queryFn: async ({ signal }): Promise<DashboardUsage> =>
        team ? teamUsageSummary(await chat.getPoolUsage(team.id, { signal }), client.getState().user?.id ?? null, team.name) : chat.getUsage({ signal }),
    }),
    subscriptions: queryOptions({ queryKey: accountKeys.subscriptions(), queryFn: ({ signal }) => billing.getSubscriptions({ signal }) }),
    invoices: queryOptions({ queryKey: accountKeys.invoices(), queryFn: ({ signal }) => billing.getInvoices({ signal }) }),
    plans: queryOptions({ queryKey: accountKeys.plans(), queryFn: async ({ signal }) => (await client.api.call(CATALOG_ENDPOINTS.plans, { signal })).plans }),
    creditPacks: queryOptions({ queryKey: accountKeys.creditPacks(), queryFn: ({ signal }) => billing.getCreditPacks({ signal }) }),
    learning: queryOptions({ queryKey: accountKeys.learning(), queryFn: ({ signal }) => client.api.call(CATALOG_ENDPOINTS.learning, { signal }) }),
  };
}

export type AccountQueries = ReturnType<typeof accountQueries>;

/** The account queries over the signed-in session's client, in the header's workspace. */
export function useAccountQueries(): AccountQueries {
  const client = useSessionClient();
  const { workspace } = useWorkspace();
  const teamId = workspace?.id ?? null;
  const teamName = workspace?.name ?? '';
  return useMemo(() => accountQueries(client, teamId ? { id: teamId, name: teamName } : null), [client, teamId, teamName]);
}
