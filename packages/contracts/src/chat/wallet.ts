import * as z from 'zod/mini';
import { uuidListParam } from '../http/uuid-list';
import { subscriptionTier } from '../catalog/tier';

/** GET /api/chat/wallet: the caller's credit wallet for the current period. */
export const wallet = z.object({
  userId: z.string().check(z.uuid()),
  tier: subscriptionTier,
  /** Plan credits left this period (reset at renewal, no rollover). */
  creditsRemaining: z.number().check(z.int(), z.nonnegative()),
  creditsLimit: z.number().check(z.int(), z.nonnegative()),
  /** Bought credits: spent after plan credits and kept across renewals. */
  purchasedCredits: z.number().check(z.int(), z.nonnegative()),
  apiCallsUsed: z.number().check(z.int(), z.nonnegative()),
  apiCallsLimit: z.number().check(z.int(), z.nonnegative()),
  /** Start of the current monthly allowance period. */
  periodStart: z.string().check(z.iso.datetime()),
  /** When the plan credits next reset: monthly, whatever the billing interval. */
  refillsAt: z.string().check(z.iso.datetime()),
  /** The billing renewal (a year away on an annual plan); for free wallets the next refill. */
  renewsAt: z.string().check(z.iso.datetime()),
});
export type Wallet = z.infer<typeof wallet>;

/** One day of the usage series (UTC day): web chat replies, and beside them the `/v1` API requests. */
export const usageDay = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** Credits of the day's web chat replies. */
  creditsUsed: z.number().check(z.int(), z.nonnegative()),
  /** The day's web chat replies. */
  messages: z.number().check(z.int(), z.nonnegative()),
  /** The day's metered API requests (answered, left by the caller, or failed and refunded). Absent: an answer from before the API. */
  apiMessages: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** Credits the day's API requests cost. */
  apiCredits: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type UsageDay = z.infer<typeof usageDay>;

/** Credits spent since the wallet's current allowance period began ("used this month"): web chat and the API apart; the total is both. */
export const periodUsage = z.object({
  since: z.string().check(z.iso.datetime()),
  /** Web chat replies, refunded ones at 0. */
  webCredits: z.number().check(z.int(), z.nonnegative()),
  webReplies: z.number().check(z.int(), z.nonnegative()),
  /** `/v1` requests with your API keys. */
  apiCredits: z.number().check(z.int(), z.nonnegative()),
  apiRequests: z.number().check(z.int(), z.nonnegative()),
});
export type PeriodUsage = z.infer<typeof periodUsage>;

/** Everything used this period, web and API together. */
export function periodUsageTotal(usage: Pick<PeriodUsage, 'webCredits' | 'apiCredits'>): number {
  return usage.webCredits + usage.apiCredits;
}

/** GET /api/chat/usage: totals over all web chat replies and the last 30 days (web and API apart), every day present, oldest first. */
export const usageSummary = z.object({
  messageCount: z.number().check(z.int(), z.nonnegative()),
  totalCreditsUsed: z.number().check(z.int(), z.nonnegative()),
  totalTokens: z.number().check(z.int(), z.nonnegative()),
  averageTokensPerMessage: z.number().check(z.nonnegative()),
  daily: z.array(usageDay),
  /** This allowance period's use (absent for a user without a wallet yet). */
  thisPeriod: z.optional(periodUsage),
});
export type UsageSummary = z.infer<typeof usageSummary>;

/** GET /api/chat/admin/wallets?userIds=a,b,c (users without a wallet yet are absent from the answer). */
export const adminWalletsQuery = z.object({ userIds: uuidListParam('user id') });
export type AdminWalletsQuery = z.infer<typeof adminWalletsQuery>;
export const adminWalletsResponse = z.object({ wallets: z.array(wallet) });
export type AdminWalletsResponse = z.infer<typeof adminWalletsResponse>;

const reason = z.string().check(z.trim(), z.minLength(1, 'Give a reason'), z.maxLength(500, 'At most 500 characters'));

/** POST /api/chat/admin/wallets/:userId/adjustments: a negative amount deducts (never below 0 → 409). */
export const walletAdjustment = z.object({
  credits: z.number().check(
    z.int('Credits must be a whole number'),
    z.refine((value) => value !== 0, 'Credits must not be 0'),
    z.refine((value) => Math.abs(value) <= 1_000_000_000, 'At most 1,000,000,000 credits at once'),
  ),
  reason,
});
export type WalletAdjustment = z.infer<typeof walletAdjustment>;

/** POST /api/chat/admin/messages/:messageId/refund (a second refund of one message → 409). */
export const messageRefund = z.object({ reason });
export type MessageRefund = z.infer<typeof messageRefund>;

/** Answer of the adjustment and refund endpoints. */
export const walletResponse = z.object({ wallet });
export type WalletResponse = z.infer<typeof walletResponse>;

/**
 * GET /api/chat/admin/users/:userId/messages?limit=20: the user's recent assistant replies that
 * their own wallet paid for; with `organisationId`, the ones they sent from that team's pool.
 */
export const adminMessagesQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  organisationId: z.optional(z.string().check(z.uuid())),
});
export const adminMessage = z.object({
  id: z.string().check(z.uuid()),
  agentId: z.string().check(z.uuid()),
  createdAt: z.string().check(z.iso.datetime()),
  creditsUsed: z.number().check(z.int(), z.nonnegative()),
  tokensUsed: z.number().check(z.int(), z.nonnegative()),
  refunded: z.boolean(),
});
export type AdminMessage = z.infer<typeof adminMessage>;
export const adminMessagesResponse = z.object({ messages: z.array(adminMessage) });
export type AdminMessagesResponse = z.infer<typeof adminMessagesResponse>;

/** Why a row of the wallet ledger changed the balance. */
export const LEDGER_KINDS = ['grant', 'expiry', 'reservation', 'settlement', 'release', 'refund', 'top-up', 'admin-adjustment', 'plan-change'] as const;
export const ledgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKind>;
