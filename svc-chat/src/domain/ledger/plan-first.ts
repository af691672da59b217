import { type SQL, sql } from '@agentdock/service-data/orm';
import { chatWallets } from '../../db/schema';

/**
 * Which bucket a charge comes from: plan credits first (they expire at the period's end),
 * purchased credits after (they never do). Stated in SQL so the locked row's own figures decide;
 * the reservation and a support deduction both take their parts from here.
 */
export function planCreditsFirst(credits: SQL): { plan: SQL; purchased: SQL } {
  const plan = sql`least(${chatWallets.creditsRemaining}, ${credits})`;
  return { plan, purchased: sql`${credits} - ${plan}` };
}
