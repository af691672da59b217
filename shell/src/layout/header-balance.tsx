import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { balanceParts, balanceText, CHAT_ENDPOINTS, type Wallet, walletBalance } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';

/**
 * The signed-in customer's balance in the header: the same total (plan plus purchased credits)
 * the dashboard, the chat and the admin show, read again on each page change so a top-up or a
 * reply elsewhere shows on the next page. Nothing shows while it loads or when chat is down.
 */
export function HeaderBalance() {
  const client = useSessionClient();
  const location = useLocation();
  const [wallet, setWallet] = useState<Wallet | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    client.api.call(CHAT_ENDPOINTS.wallet, { signal: controller.signal }).then(setWallet, () => undefined);
    return () => controller.abort();
  }, [client, location.key]);

  if (!wallet) return null;
  const balance = walletBalance(wallet);
  return (
    <Link to="/dashboard?tab=usage" className="shell-account__balance" title={balanceParts(balance).join(' + ')} data-testid="header-balance">
      {balanceText(balance)}
    </Link>
  );
}
