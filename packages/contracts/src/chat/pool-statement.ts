import { defineEndpoint } from '../http/endpoint';
import { CHAT_BASE } from '../http/bases';
import { statementCsvQuery, statementQuery, statementResponse } from './statement';

/**
 * GET /api/chat/organisations/:orgId/statement: the team pool's statement in the dashboard's team
 * workspace. Owners and admins see every line of the pool; a member sees the lines of their own
 * spending, each with the pool's balance after it (members see the pool's balance anyway).
 */
export const CHAT_POOL_STATEMENT_ENDPOINTS = {
  poolStatement: defineEndpoint('GET', CHAT_BASE, '/organisations/:orgId/statement', { query: statementQuery, response: statementResponse }),
  // Streamed as `text/csv`, as the personal statement's file.
  poolStatementCsv: defineEndpoint('GET', CHAT_BASE, '/organisations/:orgId/statement/csv', { query: statementCsvQuery, response: undefined }),
} as const;
