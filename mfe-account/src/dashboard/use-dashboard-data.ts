import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@agentdock/contracts';
import { accountKeys, useAccountQueries } from '../query/account-queries';
import { sourceOf } from './source-state';

/** Identity answers first, but the service may need a moment for billing's event to reach it. */
export const SECOND_REFRESH_MS = 2000;

/**
 * While another service may still be catching up (after a payment or a plan change), a figure
 * answered before `until` is asked again SECOND_REFRESH_MS later: once, as the answer after that
 * is recent enough.
 */
const catchingUp =
  (until: number) =>
  (query: { state: { dataUpdatedAt: number; errorUpdatedAt: number } }): number | false =>
    Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt) < until ? SECOND_REFRESH_MS : false;

/**
 * Every figure of the dashboard, each from the service that owns it, fetched in parallel: the
 * profile from identity, the wallet and usage from chat, subscriptions from billing, plans from
 * the catalog. Each is its own query: one that fails leaves the others' figures in place.
 */
export function useDashboardData() {
  const queries = useAccountQueries();
  const queryClient = useQueryClient();
  const [catchUpUntil, setCatchUpUntil] = useState(0);
  const refetchInterval = useMemo(() => catchingUp(catchUpUntil), [catchUpUntil]);
  const profile = useQuery({ ...queries.profile, refetchInterval });
  const wallet = useQuery({ ...queries.wallet, refetchInterval });
  const usage = useQuery({ ...queries.usage, refetchInterval });
  const subscriptions = useQuery({ ...queries.subscriptions, refetchInterval });
  const plans = useQuery(queries.plans);
  const sources = {
    profile: sourceOf(profile),
    wallet: sourceOf(wallet),
    usage: sourceOf(usage),
    subscriptions: sourceOf(subscriptions),
    plans: sourceOf(plans),
  };

  const refetches = { profile: profile.refetch, wallet: wallet.refetch, usage: usage.refetch, subscriptions: subscriptions.refetch, plans: plans.refetch };
  /** Loads those sources again (all by default); settles when they have. */
  const reload = async (names: ReadonlyArray<keyof typeof refetches> = Object.keys(refetches) as Array<keyof typeof refetches>) => {
    await Promise.all(names.map((name) => refetches[name]()));
  };

  /** Loads every figure now and once more shortly after, for a change another service is still taking in. */
  const refreshNowAndSoon = useCallback(
    (now: boolean) => {
      setCatchUpUntil(Date.now() + SECOND_REFRESH_MS);
      if (now) void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
    [queryClient],
  );

  /** Takes an answer that arrived another way (the profile the session just saved). */
  const replaceProfile = useCallback((user: UserProfile) => queryClient.setQueryData(accountKeys.profile(), user), [queryClient]);

  return { sources, reload, refreshNowAndSoon, replaceProfile };
}

export type DashboardData = ReturnType<typeof useDashboardData>;
export type DashboardSources = DashboardData['sources'];
export type DashboardSource = keyof DashboardSources;

export const OVERVIEW_SOURCES = ['profile', 'wallet', 'usage'] as const satisfies readonly DashboardSource[];
export const SUBSCRIPTION_SOURCES = ['subscriptions', 'plans'] as const satisfies readonly DashboardSource[];
