import * as z from 'zod/mini';
import { BILLING_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { teamBilling } from './teams';

/** GET /api/billing/admin/organisations?organisationIds=a,b: up to 100 teams' subscriptions, for the console's list and page. */
export const adminTeamSubscriptionsQuery = z.object({
  organisationIds: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value: string) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part.length > 0),
      ),
    ),
    z.array(z.string().check(z.uuid('Each team id must be a UUID'))).check(z.minLength(1, 'Give at least one team id'), z.maxLength(100, 'At most 100 team ids')),
  ),
});

/** Each team asked for, in the order asked: its live subscription (null: none) with its seats, and the members billing knows of. */
export const adminTeamSubscriptions = z.object({
  teams: z.array(z.extend(teamBilling, { organisationId: z.string() })),
});
export type AdminTeamSubscriptions = z.infer<typeof adminTeamSubscriptions>;

export const BILLING_ADMIN_TEAM_ENDPOINTS = {
  teams: defineEndpoint('GET', BILLING_BASE, '/admin/organisations', { query: adminTeamSubscriptionsQuery, response: adminTeamSubscriptions }),
} as const;
