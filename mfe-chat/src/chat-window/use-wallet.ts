import { poolAsWallet, type Wallet, walletBalance } from '@agentdock/contracts';
import { useWorkspace } from '@agentdock/session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChatApi } from '../chat-api';
import { chatKeys } from './query-keys';

/**
 * The credits a send spends: the user's own, or in a team's workspace the team's pool. `available`
 * is the one balance every screen shows (plan and purchased credits), as a send spends them.
 */
export function useWallet(api: ChatApi) {
  const queryClient = useQueryClient();
  const { workspace } = useWorkspace();
  const workspaceId = workspace?.id ?? null;
  const query = useQuery({
    queryKey: chatKeys.wallet(workspaceId),
    queryFn: async ({ signal }) => (workspace ? poolAsWallet(await api.getPool(workspace.id, signal)) : api.getWallet(signal)),
  });
  const wallet = query.data ?? null;
  const available = wallet ? walletBalance(wallet).total : 0;

  /** The wallet as a reply's settlement left it, without asking the server again. */
  const updateWallet = useCallback(
    (update: (current: Wallet) => Wallet) => queryClient.setQueryData<Wallet>(chatKeys.wallet(workspaceId), (current) => (current ? update(current) : current)),
    [queryClient, workspaceId],
  );
  /** Asks the server: after a stopped reply, whose charge the stream never reported. */
  const reloadWallet = useCallback(() => void queryClient.invalidateQueries({ queryKey: chatKeys.wallet(workspaceId) }), [queryClient, workspaceId]);

  return { wallet, available, updateWallet, reloadWallet };
}
