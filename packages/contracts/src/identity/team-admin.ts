import * as z from 'zod/mini';
import { type StatsRange, statsRangeQuery } from '../admin/stats';
import { IDENTITY_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { type TeamActivityAction, teamMember } from './organisations';

/** How the Team page's log and its CSV name each kind of change, in the same words. */
export const TEAM_ACTIVITY_WORDS: Record<TeamActivityAction, string> = {
  'organisation.created': 'Team created',
  'organisation.renamed': 'Team renamed',
  'member.invited': 'Invited',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'member.joined': 'Joined',
  'member.removed': 'Removed',
  'member.left': 'Left',
  'member.role_changed': 'Role changed',
  'ownership.transferred': 'Ownership transferred',
  'seats.changed': 'Seats changed',
  'key.created': 'API key created',
  'key.revoked': 'API key revoked',
};

/** The activity CSV's columns, in order. */
export const TEAM_ACTIVITY_CSV_COLUMNS = ['Date (UTC)', 'What happened', 'By', 'About', 'Details'] as const;

/** `<team url name>-activity-<from>-to-<to>.csv`: the team and the range, so two downloads never look alike. */
export function teamActivityCsvFileName(slug: string, range: StatsRange): string {
  return `${slug}-activity-${range.from}-to-${range.to}.csv`;
}

/** Owners and admins: the team's log in a range of whole UTC days (at most 366), oldest first, as CSV. */
export const IDENTITY_TEAM_EXPORT_ENDPOINTS = {
  activityCsv: defineEndpoint('GET', IDENTITY_BASE, '/organisations/:orgId/activity.csv', { query: statsRangeQuery, response: undefined }),
} as const;

/** The most organisations one page of the console's list shows. */
export const ADMIN_ORGANISATION_LIST_MAX_LIMIT = 100;

/** GET /api/identity/admin/organisations: `q` matches the name, URL name or owner's email; offset paging. */
export const adminOrganisationListQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(ADMIN_ORGANISATION_LIST_MAX_LIMIT)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type AdminOrganisationListQuery = z.infer<typeof adminOrganisationListQuery>;

const count = z.number().check(z.int(), z.nonnegative());
/** Seats and subscription status as billing last reported them to identity. */
const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'none'] as const;

export const adminOrganisationSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  ownerEmail: z.nullable(z.string()),
  members: count,
  paidSeats: count,
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  createdAt: z.string(),
});
export type AdminOrganisationSummary = z.infer<typeof adminOrganisationSummary>;

/** One page of the matching teams, newest first; `total` counts every match. */
export const adminOrganisationList = z.object({ organisations: z.array(adminOrganisationSummary), total: count });
export type AdminOrganisationList = z.infer<typeof adminOrganisationList>;

export const adminOrganisationDetail = z.object({
  organisation: adminOrganisationSummary,
  members: z.array(teamMember),
  /** Invitations sent and not yet accepted, revoked or expired (each holds a seat). */
  pendingInvitations: count,
});
export type AdminOrganisationDetail = z.infer<typeof adminOrganisationDetail>;

/** svc-identity's admin view of teams (admins only). */
export const IDENTITY_ADMIN_ORGANISATION_ENDPOINTS = {
  organisations: defineEndpoint('GET', IDENTITY_BASE, '/admin/organisations', { query: adminOrganisationListQuery, response: adminOrganisationList }),
  organisation: defineEndpoint('GET', IDENTITY_BASE, '/admin/organisations/:orgId', { response: adminOrganisationDetail }),
} as const;
