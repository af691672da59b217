import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { balanceParts, balanceText, CHAT_ENDPOINTS, CHAT_POOL_ENDPOINTS, type TeamPool, type Wallet, walletBalance } from '@agentdock/contracts';
import { useSessionClient, useWorkspace } from '@agentdock/session';

/**
 * The signed-in customer's balance in the header: the same total (plan plus purchased credits)
 * the dashboard, the chat and the admin show, read again on each page change so a top-up or a
 * reply elsewhere shows on the next page. In a team's workspace it is the team's credit pool.
 * Nothing shows while it loads or when chat is down.
 */
export function HeaderBalance() {
  const client = useSessionClient();
  const location = useLocation();
  const { workspace } = useWorkspace();
  const [wallet, setWallet] = useState<Wallet | TeamPool | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setWallet(null);
    const read = workspace
      ? client.api.call(CHAT_POOL_ENDPOINTS.pool, { params: { orgId: workspace.id }, signal: controller.signal })
      : client.api.call(CHAT_ENDPOINTS.wallet, { signal: controller.signal });
    read.then(setWallet, () => undefined);
    return () => controller.abort();
  }, [client, location.key, workspace]);

  if (!wallet) return null;
  const balance = walletBalance(wallet);
  return (
    <Link to="/dashboard?tab=usage" className="shell-account__balance" title={[workspace?.name, ...balanceParts(balance)].filter(Boolean).join(' + ')} data-testid="header-balance">
      {balanceText(balance)}
    </Link>
  );
}
