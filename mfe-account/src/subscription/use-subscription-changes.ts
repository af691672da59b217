import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSessionClient } from '@agentdock/session';
import { billingApi, type CancellationAnswer } from '../api/billing-api';
import { accountKeys } from '../query/account-queries';

/**
 * Cancelling at the period's end and resuming: each, once billing has said yes, invalidates the
 * subscriptions wherever they are shown (the dashboard's Subscription tab, Manage Subscription)
 * and settles only when the fresh list is in.
 */
export function useSubscriptionChanges() {
  const client = useSessionClient();
  const queryClient = useQueryClient();
  const refreshed = () => queryClient.invalidateQueries({ queryKey: accountKeys.subscriptions() });
  const resume = useMutation({ mutationFn: (id: string) => billingApi(client.api).resume(id), onSuccess: refreshed });
  const cancel = useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: CancellationAnswer }) => billingApi(client.api).cancelAtPeriodEnd(id, answer),
    onSuccess: refreshed,
  });
  return { resume, cancel };
}
