import { type AccessTable, kitAccessRows } from '@agentdock/service-kit/testing';

// Who may call what. A route mounted without a row here fails the test.
export const CHAT_ACCESS: AccessTable = {
  ...kitAccessRows('/api/chat'),
  'GET /api/chat/wallet': 'user',
  'GET /api/chat/usage': 'user',
  'GET /api/chat/agents': 'user',
  'GET /api/chat/agents/:agentId/messages': 'user',
  'POST /api/chat/agents/:agentId/messages': 'user',
  'GET /api/chat/admin/wallets': 'admin',
  'POST /api/chat/admin/wallets/:userId/adjustments': 'admin',
  'GET /api/chat/admin/users/:userId/messages': 'admin',
  'POST /api/chat/admin/messages/:messageId/refund': 'admin',
};
