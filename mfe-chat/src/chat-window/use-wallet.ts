import { type Wallet, walletBalance } from '@agentdock/contracts';
import { useEffect, useState } from 'react';
import type { ChatApi } from '../chat-api';

/** The user's credits: `available` is the one balance every screen shows (plan and purchased credits), as a send spends them. */
export function useWallet(api: ChatApi) {
  const [wallet, setWallet] = useState<Wallet | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .getWallet(controller.signal)
      .then(setWallet)
      .catch(() => setWallet(null));
    return () => controller.abort();
  }, [api]);

  const available = wallet ? walletBalance(wallet).total : 0;
  return { wallet, available, setWallet };
}
