import * as z from 'zod/mini';
import { uuidListParam } from '../http/uuid-list';
import { BILLING_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { teamBilling } from './teams';

/** GET /api/billing/admin/organisations?organisationIds=a,b: up to 100 teams' subscriptions, for the console's list and page. */
export const adminTeamSubscriptionsQuery = z.object({
  organisationIds: uuidListParam('team id'),
});

/** Each team asked for, in the order asked: its live subscription (null: none) with its seats, and the members billing knows of. */
export const adminTeamSubscriptions = z.object({
  teams: z.array(z.extend(teamBilling, { organisationId: z.string() })),
});
export type AdminTeamSubscriptions = z.infer<typeof adminTeamSubscriptions>;

export const BILLING_ADMIN_TEAM_ENDPOINTS = {
  teams: defineEndpoint('GET', BILLING_BASE, '/admin/organisations', { query: adminTeamSubscriptionsQuery, response: adminTeamSubscriptions }),
} as const;
