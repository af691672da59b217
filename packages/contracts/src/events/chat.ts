import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * A reply was settled: the credits it cost and the balance left (plan + purchased). A usage record,
 * one per reply or completion, kept on the bus for the usage stream's retention only.
 */
export const chatCreditsSpentV1 = defineEvent(
  'chat.credits.spent',
  1,
  z.object({
    userId: z.string().uuid(),
    agentId: z.string().uuid(),
    messageId: z.string().uuid(),
    credits: z.number().int().nonnegative(),
    tokens: z.number().int().nonnegative(),
    balanceAfter: z.number().int().nonnegative(),
  }),
  { retention: 'usage' },
);

/** The wallet fell below its low-balance threshold; published at most once per period. */
export const chatCreditsLowV1 = defineEvent(
  'chat.credits.low',
  1,
  z.object({
    userId: z.string().uuid(),
    /** Plan credits left this period (what the threshold is judged on). */
    balance: z.number().int().nonnegative(),
    limit: z.number().int().nonnegative(),
    /** Purchased credits, which the one balance adds (absent from events sent before it was added). */
    purchased: z.number().int().nonnegative().optional(),
    periodStart: z.string().datetime(),
    renewsAt: z.string().datetime(),
  }),
);
