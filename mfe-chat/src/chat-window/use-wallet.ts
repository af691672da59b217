import type { Wallet } from '@agentdock/contracts';
import { useEffect, useState } from 'react';
import type { ChatApi } from '../chat-api';

/** The user's credits: `available` counts the plan's and the purchased ones, as a send spends them. */
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

  const available = wallet ? wallet.creditsRemaining + wallet.purchasedCredits : 0;
  return { wallet, available, setWallet };
}
