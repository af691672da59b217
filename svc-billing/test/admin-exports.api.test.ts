import { parseCsv } from '@agentdock/service-data/testing';
import request from 'supertest';
import { invoices, payments, subscriptions } from '../src/db/schema';
import { storedSubscriptionRecord } from '../src/domain/stored-subscription';
import { BillingHarness, DRIVER, type User } from './harness';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const RANGE = { from: '2026-07-01', to: '2026-07-31' };

/** A monthly Starter subscription whose current period starts at `start`. */
function subscription(id: string, start: string) {
  const product = { kind: 'plan', tier: 'starter' } as const;
  const periodStart = seconds(start);
  const state = storedSubscriptionRecord({
    id,
    userId: `user-${id}`,
    product,
    status: 'active',
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodStart + 30 * 86_400,
    cancelAtPeriodEnd: false,
    observedAt: periodStart,
    granted: true,
    graceEndsAt: null,
    team: null,
    trial: null,
  });
  return {
    id,
    userId: `user-${id}`,
    status: 'active',
    unitAmount: 4_500,
    currency: 'usd',
    interval: 'month',
    observedAt: periodStart,
    state,
    productKind: 'plan' as const,
    tier: 'starter',
  };
}

function invoice(id: string, issuedAt: string, description: string) {
  return {
    id,
    userId: 'user-x',
    kind: 'plan' as const,
    description,
    number: `N-${id}`,
    status: 'paid',
    statusRank: 3,
    total: 5_499,
    tax: 499,
    amountPaid: 5_499,
    amountDue: 0,
    currency: 'usd',
    issuedAt: new Date(issuedAt),
    lastEventAt: seconds(issuedAt),
  };
}

describe(`svc-billing exports (${DRIVER})`, () => {
  let billing: BillingHarness;
  let admin: User;
  const csv = async (name: string, query: Record<string, string> = RANGE) => {
    const answer = await request(billing.url).get(`/api/billing/admin/exports/${name}`).query(query).set(admin.auth).expect(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${name}-${query.from}-to-${query.to}.csv"`);
    return parseCsv(answer.text);
  };

  beforeAll(async () => {
    billing = await BillingHarness.start();
    admin = await billing.user({ admin: true });
    const db = billing.service.context.db;
    await db
      .insert(subscriptions)
      .values([subscription('sub_june', '2026-06-15T00:00:00Z'), subscription('sub_july', '2026-07-20T00:00:00Z'), subscription('sub_old', '2026-04-01T00:00:00Z')]);
    const payment = (id: string, kind: 'plan' | 'refund', amount: number, paidAt: string) => ({
      id,
      userId: 'user-x',
      kind,
      subscriptionId: null,
      amount,
      currency: 'usd',
      paidAt: new Date(paidAt),
    });
    await db
      .insert(payments)
      .values([
        payment('in_1', 'plan', 4_500, '2026-07-01T00:00:00Z'),
        payment('re_1', 'refund', -1_250, '2026-07-31T23:59:59Z'),
        payment('in_0', 'plan', 4_500, '2026-06-30T23:59:59Z'),
      ]);
    await db
      .insert(invoices)
      .values([
        invoice('in_b', '2026-07-10T00:00:00Z', 'Starter plan, July'),
        invoice('in_a', '2026-07-02T00:00:00Z', '=cmd|"/c calc"'),
        invoice('in_z', '2026-08-01T00:00:00Z', 'August'),
      ]);
  });
  afterAll(() => billing.close());

  it('exports the subscriptions whose period overlaps the range', async () => {
    const [header, ...rows] = await csv('subscriptions');
    expect(header![0]).toBe('Subscription ID');
    expect(rows.map((row) => [row[0], row[2], row[4], row[5], row[7]])).toEqual([
      ['sub_july', 'Starter plan', '45.00', 'USD', '2026-07-20T00:00:00.000Z'],
      ['sub_june', 'Starter plan', '45.00', 'USD', '2026-06-15T00:00:00.000Z'],
    ]);
  });

  it('exports the payments and refunds of the range in decimal amounts, both ends included', async () => {
    const [, ...rows] = await csv('payments');
    expect(rows.map((row) => [row[0], row[2], row[3], row[6]])).toEqual([
      ['in_1', 'plan', '45.00', '2026-07-01T00:00:00.000Z'],
      ['re_1', 'refund', '-12.50', '2026-07-31T23:59:59.000Z'],
    ]);
  });

  it('exports the invoices issued in the range, a formula-like description made harmless', async () => {
    const [header, ...rows] = await csv('invoices');
    expect(header).toEqual(['Invoice ID', 'Number', 'User ID', 'Kind', 'Description', 'Status', 'Total', 'Tax', 'Amount paid', 'Amount due', 'Currency', 'Issued at']);
    expect(rows).toEqual([
      ['in_a', 'N-in_a', 'user-x', 'plan', `'=cmd|"/c calc"`, 'paid', '54.99', '4.99', '54.99', '0.00', 'USD', '2026-07-02T00:00:00.000Z'],
      ['in_b', 'N-in_b', 'user-x', 'plan', 'Starter plan, July', 'paid', '54.99', '4.99', '54.99', '0.00', 'USD', '2026-07-10T00:00:00.000Z'],
    ]);
  });

  it('is for admins only', async () => {
    const customer = await billing.user();
    await request(billing.url).get('/api/billing/admin/exports/payments').query(RANGE).set(customer.auth).expect(403);
    await request(billing.url).get('/api/billing/admin/exports/payments').query(RANGE).expect(401);
    await request(billing.url).get('/api/billing/admin/exports/payments').query({ from: 'x', to: '2026-07-01' }).set(admin.auth).expect(400);
  });
});
