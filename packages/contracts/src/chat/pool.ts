import * as z from 'zod/mini';
import { uuidListParam } from '../http/uuid-list';
import { type StatsRange, statsRangeQuery } from '../admin/stats';
import { CHAT_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';

/**
 * A team's credit pool in svc-chat: the plan's monthly credits × seats plus packs, spent by its
 * members within the monthly cap an owner or admin may set for each. Every `:orgId` endpoint
 * answers 404 to someone who is not (or no longer) a member.
 */

/** The largest cap an admin may set (far above any month's allowance). */
export const MEMBER_CAP_MAX = 1_000_000_000;

/** PUT …/members/:userId/cap: a cap in credits per period, or null for none. */
export const memberCapRequest = z.object({
  monthlyCap: z.nullable(
    z.number().check(z.int('A cap is a whole number of credits.'), z.gte(0, 'A cap cannot be negative.'), z.lte(MEMBER_CAP_MAX, 'A cap can be at most 1,000,000,000 credits.')),
  ),
});
export type MemberCapRequest = z.infer<typeof memberCapRequest>;

export const teamPoolMember = z.object({
  userId: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  monthlyCap: z.nullable(z.number().check(z.int())),
  /** Credits the member spent (and holds for replies being written) in the pool's current period. */
  spentThisPeriod: z.number().check(z.int(), z.nonnegative()),
  /** The last time the member spent from the pool (a message in the team's workspace); null: never. */
  lastActiveAt: z.nullable(z.string()),
});
export type TeamPoolMember = z.infer<typeof teamPoolMember>;

/** The pool as a member sees it: owners and admins see every member, a member only their own row. */
export const teamPool = z.object({
  organisationId: z.string(),
  /** The team's plan (free once its subscription ended), and the seats its allowance is for. */
  tier: z.string(),
  seats: z.number().check(z.int(), z.nonnegative()),
  creditsRemaining: z.number().check(z.int()),
  creditsLimit: z.number().check(z.int()),
  purchasedCredits: z.number().check(z.int()),
  periodStart: z.string(),
  refillsAt: z.string(),
  members: z.array(teamPoolMember),
});
export type TeamPool = z.infer<typeof teamPool>;

/**
 * GET …/usage: without `from` and `to`, the pool's current period up to today; with either, a range
 * as the admin stats read it (`statsRangeQuery`: whole UTC days, both ends included, at most 366).
 */
export const poolUsageQuery = z.object({ from: z.optional(z.string()), to: z.optional(z.string()) });
export type PoolUsageQuery = z.infer<typeof poolUsageQuery>;

/** The range a usage query asks for, or null for the current period (a bad range throws the stats' 400 reasons). */
export function poolUsageRange(query: PoolUsageQuery): StatsRange | null {
  return query.from === undefined && query.to === undefined ? null : statsRangeQuery.parse(query);
}

const count = z.number().check(z.int(), z.nonnegative());
export const poolUsageDay = z.object({
  date: z.string(),
  /** Credits the member spent from the pool that day (replies being written included). */
  credits: z.number().check(z.int()),
  /** Replies charged to the pool that day. */
  messages: count,
});
export type PoolUsageDay = z.infer<typeof poolUsageDay>;

/** Per member and day, every day of the range: owners and admins see every member, a member themself. */
export const poolUsage = z.object({
  from: z.string(),
  to: z.string(),
  members: z.array(z.object({ userId: z.string(), days: z.array(poolUsageDay) })),
});
export type PoolUsage = z.infer<typeof poolUsage>;

export const CHAT_POOL_ENDPOINTS = {
  pool: defineEndpoint('GET', CHAT_BASE, '/organisations/:orgId/pool', { response: teamPool }),
  usage: defineEndpoint('GET', CHAT_BASE, '/organisations/:orgId/usage', { query: poolUsageQuery, response: poolUsage }),
  setMemberCap: defineEndpoint('PUT', CHAT_BASE, '/organisations/:orgId/members/:userId/cap', { request: memberCapRequest, response: teamPoolMember }),
} as const;

/** What the admin console shows of a team's pool: its balance and every member's spending this period. */
export const adminTeamPool = z.extend(teamPool, {
  /** Credits the members spent from the pool in this period. */
  spentThisPeriod: count,
});
export type AdminTeamPool = z.infer<typeof adminTeamPool>;

/** GET …/admin/pools?organisationIds=a,b: the balances of the teams listed (teams without a pool yet are absent). */
export const adminPoolsQuery = z.object({
  organisationIds: uuidListParam('team id'),
});
export const adminPoolBalance = z.object({
  organisationId: z.string(),
  tier: z.string(),
  seats: count,
  creditsRemaining: z.number().check(z.int()),
  purchasedCredits: z.number().check(z.int()),
  refillsAt: z.string(),
});
export type AdminPoolBalance = z.infer<typeof adminPoolBalance>;
export const adminPoolsResponse = z.object({ pools: z.array(adminPoolBalance) });
export type AdminPoolsResponse = z.infer<typeof adminPoolsResponse>;

/** svc-chat's admin view of team pools (admins only, as every endpoint under the admin base). */
export const CHAT_ADMIN_POOL_ENDPOINTS = {
  pools: defineEndpoint('GET', `${CHAT_BASE}/admin`, '/pools', { query: adminPoolsQuery, response: adminPoolsResponse }),
  pool: defineEndpoint('GET', `${CHAT_BASE}/admin`, '/pools/:orgId', { response: adminTeamPool }),
} as const;
