import { BILLING_CUSTOMER_IDS_MAX, type BillingCustomerIds, type BillingCustomerStatus, type CustomerBilling } from '@agentdock/contracts';
import { type Db } from '@agentdock/service-data';
import { and, desc, eq, sql } from '@agentdock/service-data/orm';
import { customers, payments, subscriptions } from '../db/schema';
import { readStoredSubscription } from './stored-subscription';

/** How many of a customer's payments the customer page lists, newest first. */
const PAYMENTS_SHOWN = 100;

/** The provider's dashboard, in test mode for a test key, so the operator lands on the right data. */
export function stripeDashboardBase(secretKey: string): string {
  return `https://dashboard.stripe.com/${secretKey.startsWith('sk_test_') || secretKey.startsWith('rk_test_') ? 'test/' : ''}`;
}

const isPlan = eq(subscriptions.productKind, 'plan');
const STATUS_FILTERS: Record<BillingCustomerStatus, ReturnType<typeof sql>> = {
  active: sql`${subscriptions.status} = 'active'`,
  past_due: sql`${subscriptions.status} = 'past_due'`,
  cancelling: sql`${subscriptions.status} = 'active' and ${subscriptions.cancelAtPeriodEnd}`,
};

/** The users whose plan subscription is in `status`, most recently changed first. */
export async function customersByStatus(db: Db, status: BillingCustomerStatus): Promise<BillingCustomerIds> {
  const where = and(isPlan, STATUS_FILTERS[status]);
  const rows = await db
    .select({ userId: subscriptions.userId, latest: sql`max(${subscriptions.updatedAt})` })
    .from(subscriptions)
    .where(where)
    .groupBy(subscriptions.userId)
    .orderBy(sql`2 desc`, subscriptions.userId)
    .limit(BILLING_CUSTOMER_IDS_MAX);
  const [counted] = await db
    .select({ total: sql<number>`count(distinct ${subscriptions.userId})::int`.mapWith(Number) })
    .from(subscriptions)
    .where(where);
  return { userIds: rows.map((row) => row.userId), total: counted?.total ?? 0 };
}

/** Where a payment's provider object is in the dashboard; checkout sessions and refunds have no page of their own. */
function paymentPage(base: string, id: string): string | null {
  return id.startsWith('in_') ? `${base}invoices/${id}` : null;
}

/** One customer's subscriptions and payments as billing recorded them, with dashboard links. */
export async function customerBillingOf(db: Db, dashboardBase: string, userId: string): Promise<CustomerBilling> {
  const [customer] = await db.select().from(customers).where(eq(customers.userId, userId));
  const subscriptionRows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.updatedAt));
  const paymentRows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.paidAt), desc(payments.id)).limit(PAYMENTS_SHOWN);
  return {
    customerId: customer?.customerId ?? null,
    dashboardUrl: customer ? `${dashboardBase}customers/${customer.customerId}` : null,
    subscriptions: subscriptionRows.map((row) => {
      const state = readStoredSubscription(row);
      return {
        id: row.id,
        kind: state.product.kind,
        product: state.product.kind === 'plan' ? state.product.tier : state.product.courseId,
        status: row.status,
        unitAmount: row.unitAmount,
        currency: row.currency,
        interval: row.interval === 'year' ? 'year' : 'month',
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        currentPeriodEnd: new Date(state.currentPeriodEnd * 1000).toISOString(),
        dashboardUrl: `${dashboardBase}subscriptions/${row.id}`,
        team: row.organisationId ? { organisationId: row.organisationId, seats: row.seats } : null,
      };
    }),
    payments: paymentRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      currency: row.currency,
      paidAt: row.paidAt.toISOString(),
      dashboardUrl: paymentPage(dashboardBase, row.id),
    })),
  };
}
