import * as z from 'zod/mini';
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
  monthlyCap: z.nullable(z.number().check(z.int('A cap is a whole number of credits.'), z.gte(0, 'A cap cannot be negative.'), z.lte(MEMBER_CAP_MAX))),
});
export type MemberCapRequest = z.infer<typeof memberCapRequest>;

export const teamPoolMember = z.object({
  userId: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  monthlyCap: z.nullable(z.number().check(z.int())),
  /** Credits the member spent (and holds for replies being written) in the pool's current period. */
  spentThisPeriod: z.number().check(z.int(), z.nonnegative()),
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

export const CHAT_POOL_ENDPOINTS = {
  pool: defineEndpoint('GET', CHAT_BASE, '/organisations/:orgId/pool', { response: teamPool }),
  setMemberCap: defineEndpoint('PUT', CHAT_BASE, '/organisations/:orgId/members/:userId/cap', { request: memberCapRequest, response: teamPoolMember }),
} as const;
