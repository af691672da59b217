import { ADMIN_STATS_ENDPOINTS, CHAT_ADMIN_ENDPOINTS, CHAT_CUSTOMER_ENDPOINTS, CHAT_BASE, CHAT_ENDPOINTS } from '@agentdock/contracts';
import { type AccessTable, endpointAccessRows, kitAccessRows } from '@agentdock/service-kit/testing';

// Who may call what, keyed by the contracts' endpoint tables. A route mounted without a row here,
// or an endpoint of the contracts that is not mounted where it says, fails the test.
export const CHAT_ACCESS: AccessTable = {
  ...kitAccessRows(CHAT_BASE),
  ...endpointAccessRows(CHAT_ENDPOINTS, {
    wallet: 'user',
    usage: 'user',
    agents: 'user',
    history: 'user',
    send: 'user',
    conversations: 'user',
    conversationMessages: 'user',
    renameConversation: 'user',
    deleteConversation: 'user',
  }),
  ...endpointAccessRows({ stats: ADMIN_STATS_ENDPOINTS.chat }, { stats: 'admin' }),
  ...endpointAccessRows(CHAT_CUSTOMER_ENDPOINTS, { creditsRanking: 'admin', usage: 'admin' }),
  ...endpointAccessRows(CHAT_ADMIN_ENDPOINTS, { wallets: 'admin', adjustWallet: 'admin', recentReplies: 'admin', refund: 'admin' }),
};
