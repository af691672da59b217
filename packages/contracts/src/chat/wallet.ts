import { z } from 'zod';
import { subscriptionTier } from '../catalog/tier';

/** GET /api/chat/wallet: the caller's credit wallet for the current period. */
export const wallet = z.object({
  userId: z.string().uuid(),
  tier: subscriptionTier,
  /** Plan credits left this period (reset at renewal, no rollover). */
  creditsRemaining: z.number().int().nonnegative(),
  creditsLimit: z.number().int().nonnegative(),
  /** Bought credits: spent after plan credits and kept across renewals. */
  purchasedCredits: z.number().int().nonnegative(),
  apiCallsUsed: z.number().int().nonnegative(),
  apiCallsLimit: z.number().int().nonnegative(),
  periodStart: z.string().datetime(),
  renewsAt: z.string().datetime(),
});
export type Wallet = z.infer<typeof wallet>;

/** One day of the usage series (UTC day). */
export const usageDay = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  creditsUsed: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
});
export type UsageDay = z.infer<typeof usageDay>;

/** GET /api/chat/usage: totals over all replies and the last 30 days, every day present, oldest first. */
export const usageSummary = z.object({
  messageCount: z.number().int().nonnegative(),
  totalCreditsUsed: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
  averageTokensPerMessage: z.number().nonnegative(),
  daily: z.array(usageDay),
});
export type UsageSummary = z.infer<typeof usageSummary>;

const uuidList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part.length > 0))
  .pipe(z.array(z.string().uuid('Each user id must be a UUID')).min(1, 'Give at least one user id').max(100, 'At most 100 user ids'));

/** GET /api/chat/admin/wallets?userIds=a,b,c (users without a wallet yet are absent from the answer). */
export const adminWalletsQuery = z.object({ userIds: uuidList });
export type AdminWalletsQuery = z.infer<typeof adminWalletsQuery>;
export const adminWalletsResponse = z.object({ wallets: z.array(wallet) });
export type AdminWalletsResponse = z.infer<typeof adminWalletsResponse>;

const reason = z.string().trim().min(1, 'Give a reason').max(500, 'At most 500 characters');

/** POST /api/chat/admin/wallets/:userId/adjustments: a negative amount deducts (never below 0 → 409). */
export const walletAdjustment = z.object({
  credits: z
    .number()
    .int('Credits must be a whole number')
    .refine((value) => value !== 0, 'Credits must not be 0')
    .refine((value) => Math.abs(value) <= 1_000_000_000, 'At most 1,000,000,000 credits at once'),
  reason,
});
export type WalletAdjustment = z.infer<typeof walletAdjustment>;

/** POST /api/chat/admin/messages/:messageId/refund (a second refund of one message → 409). */
export const messageRefund = z.object({ reason });
export type MessageRefund = z.infer<typeof messageRefund>;

/** Answer of the adjustment and refund endpoints. */
export const walletResponse = z.object({ wallet });
export type WalletResponse = z.infer<typeof walletResponse>;

/** GET /api/chat/admin/users/:userId/messages?limit=20: the user's recent assistant replies. */
export const adminMessagesQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const adminMessage = z.object({
  id: z.string().uuid(),
  agentId: z.string().uuid(),
  createdAt: z.string().datetime(),
  creditsUsed: z.number().int().nonnegative(),
  tokensUsed: z.number().int().nonnegative(),
  refunded: z.boolean(),
});
export type AdminMessage = z.infer<typeof adminMessage>;
export const adminMessagesResponse = z.object({ messages: z.array(adminMessage) });
export type AdminMessagesResponse = z.infer<typeof adminMessagesResponse>;

/** Why a row of the wallet ledger changed the balance. */
export const LEDGER_KINDS = ['grant', 'reservation', 'settlement', 'refund', 'top-up', 'admin-adjustment'] as const;
export const ledgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKind>;
