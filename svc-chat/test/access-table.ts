import {
  ADMIN_EXPORT_ENDPOINTS,
  ADMIN_STATS_ENDPOINTS,
  CHAT_ADMIN_ENDPOINTS,
  CHAT_KNOWLEDGE_ENDPOINTS,
  CHAT_ADMIN_POOL_ENDPOINTS,
  CHAT_POOL_ENDPOINTS,
  CHAT_POOL_STATEMENT_ENDPOINTS,
  KNOWLEDGE_ADMIN_ENDPOINTS,
  CHAT_CUSTOMER_ENDPOINTS,
  CHAT_BASE,
  CHAT_ENDPOINTS,
  CHAT_STATEMENT_ENDPOINTS,
  PUBLIC_API_BASE,
  PUBLIC_API_ENDPOINTS,
} from '@agentdock/contracts';
import { type Access, type AccessTable, endpointAccessRows, kitAccessRows } from '@agentdock/service-kit/testing';

// Who may call what, keyed by the contracts' endpoint tables. A route mounted without a row here,
// or an endpoint of the contracts that is not mounted where it says, fails the test.
const KEYS_ONLY: Access = { anonymous: 401, user: 401, suspended: 401, admin: 401 };
const TEAM: Access = { anonymous: 401, user: 404, suspended: 403, admin: 404 };

export const CHAT_ACCESS: AccessTable = {
  ...kitAccessRows(CHAT_BASE),
  ...endpointAccessRows({ ledger: ADMIN_EXPORT_ENDPOINTS.ledger }, { ledger: 'admin' }),
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
    switchBranch: 'user',
    apiKeyUsage: 'user',
  }),
  ...endpointAccessRows({ stats: ADMIN_STATS_ENDPOINTS.chat }, { stats: 'admin' }),
  ...endpointAccessRows(CHAT_CUSTOMER_ENDPOINTS, { creditsRanking: 'admin', usage: 'admin' }),
  ...endpointAccessRows(CHAT_STATEMENT_ENDPOINTS, { mine: 'user', customer: 'admin', mineCsv: 'user', customerCsv: 'admin' }),
  ...endpointAccessRows(CHAT_ADMIN_ENDPOINTS, {
    wallets: 'admin',
    adjustWallet: 'admin',
    recentReplies: 'admin',
    refund: 'admin',
    connections: 'admin',
    createConnection: 'admin',
    updateConnection: 'admin',
    deleteConnection: 'admin',
    makeDefaultConnection: 'admin',
    connectionModels: 'admin',
    testConnection: 'admin',
    draftTest: 'admin',
  }),
  ...endpointAccessRows(KNOWLEDGE_ADMIN_ENDPOINTS, { files: 'admin', upload: 'admin', remove: 'admin', settings: 'admin' }),
  ...endpointAccessRows(CHAT_KNOWLEDGE_ENDPOINTS, { passage: 'user' }),
  // A team nobody here belongs to: told it does not exist; who of a team may do what is team-pool.api.test's.
  ...endpointAccessRows(CHAT_POOL_ENDPOINTS, { pool: TEAM, usage: TEAM, setMemberCap: TEAM }),
  ...endpointAccessRows(CHAT_POOL_STATEMENT_ENDPOINTS, { poolStatement: TEAM, poolStatementCsv: TEAM }),
  ...endpointAccessRows(CHAT_ADMIN_POOL_ENDPOINTS, { pools: 'admin', pool: 'admin' }),
  // The /v1 API takes API keys only: a session token, even an admin's, is refused there.
  ...endpointAccessRows(PUBLIC_API_ENDPOINTS, { models: KEYS_ONLY, model: KEYS_ONLY, chatCompletions: KEYS_ONLY, imageGenerations: KEYS_ONLY }),
};

/**
 * The same endpoints called with API keys (`user` and `admin`: a key of such a user; `suspended`:
 * a key whose owner is suspended): /v1 answers them as it answers signed-in users, and a key
 * opens nothing outside /v1 (every session-token route refuses it with 401).
 */
export const CHAT_KEY_ACCESS: AccessTable = Object.fromEntries(
  Object.entries(CHAT_ACCESS).map(([endpoint, access]) => [
    endpoint,
    endpoint.split(' ')[1]!.startsWith(`${PUBLIC_API_BASE}/`) ? 'user' : access === 'public' ? 'public' : KEYS_ONLY,
  ]),
);
