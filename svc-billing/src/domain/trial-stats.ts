import { type Db } from '@agentdock/service-data';
import { and, eq, gt, gte, lt, ne, sql } from '@agentdock/service-data/orm';
import { billingSubscriptionGroups, subscriptions } from '../db/schema';

const counted = sql<number>`count(*)::int`.mapWith(Number);

/**
 * Trials on the overview: plan subscriptions in a trial now (from the subscriptions-now rollup),
 * and the trials whose end fell in the range with how many of those were then paid for (a plan
 * payment of more than nothing on that subscription: the trial → paid conversion). A trial that
 * ended without a payment was cancelled (no card) or is past due.
 */
export async function trialFigures(db: Db, start: Date, end: Date): Promise<{ trialingCustomers: number; trialsEnded: number; trialsConverted: number }> {
  const [now] = await db
    .select({ count: sql<number>`coalesce(sum(${billingSubscriptionGroups.subscriptions}), 0)::int`.mapWith(Number) })
    .from(billingSubscriptionGroups)
    .where(and(eq(billingSubscriptionGroups.productKind, 'plan'), eq(billingSubscriptionGroups.status, 'trialing'), gt(billingSubscriptionGroups.subscriptions, 0)));
  const paid = sql`exists (select 1 from payments p where p.subscription_id = ${subscriptions.id} and p.kind = 'plan' and p.amount > 0)`;
  const [ended] = await db
    .select({ ended: counted, converted: sql<number>`count(*) filter (where ${paid})::int`.mapWith(Number) })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.productKind, 'plan'),
        gte(subscriptions.trialEnd, Math.floor(start.getTime() / 1000)),
        lt(subscriptions.trialEnd, Math.floor(end.getTime() / 1000)),
        ne(subscriptions.status, 'trialing'),
      ),
    );
  return { trialingCustomers: now?.count ?? 0, trialsEnded: ended?.ended ?? 0, trialsConverted: ended?.converted ?? 0 };
}
