import { type Wallet, walletBalance } from '@agentdock/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChatApi } from '../chat-api';
import { chatKeys } from './query-keys';

/** The user's credits: `available` is the one balance every screen shows (plan and purchased credits), as a send spends them. */
export function useWallet(api: ChatApi) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: chatKeys.wallet(), queryFn: ({ signal }) => api.getWallet(signal) });
  const wallet = query.data ?? null;
  const available = wallet ? walletBalance(wallet).total : 0;

  /** The wallet as a reply's settlement left it, without asking the server again. */
  const updateWallet = useCallback(
    (update: (current: Wallet) => Wallet) => queryClient.setQueryData<Wallet>(chatKeys.wallet(), (current) => (current ? update(current) : current)),
    [queryClient],
  );
  /** Asks the server: after a stopped reply, whose charge the stream never reported. */
  const reloadWallet = useCallback(() => void queryClient.invalidateQueries({ queryKey: chatKeys.wallet() }), [queryClient]);

  return { wallet, available, updateWallet, reloadWallet };
}
