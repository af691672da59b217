import { type BillingInvoice } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import Stripe from 'stripe';
import { invoices, payments, planPrices } from '../src/db/schema';
import { STRIPE_API_VERSION } from '../src/index';
import { BillingHarness, DRIVER, PLAN_PRICE_ROWS, type User } from './harness';

const WEBHOOK = '/api/billing/webhooks/stripe';

describe(`svc-billing invoices and receipts (${DRIVER})`, () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await BillingHarness.start();
    await billing.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
  });
  afterAll(() => billing.close());

  const pay = async (user: User, body: object) => {
    const { body: checkout } = await request(billing.url).post('/api/billing/checkout').set(user.auth).send(body).expect(200);
    const paid = await fetch(checkout.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242' }),
    });
    expect(paid.status).toBe(303);
    await billing.stripe.engine.webhooksIdle();
  };
  const listed = async (user: User): Promise<BillingInvoice[]> => (await request(billing.url).get('/api/billing/invoices').set(user.auth).expect(200)).body.invoices;

  /** Posts one signed event as Stripe would, and returns billing's receipt. */
  const deliver = async (event: object) => {
    const payload = JSON.stringify(event);
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: 'whsec_harness' });
    return (await request(billing.url).post(WEBHOOK).set('stripe-signature', signature).set('content-type', 'application/json').send(payload).expect(200)).body;
  };

  it('lists a plan invoice, a course invoice and a credit pack receipt, each with the provider’s page and PDF, other customers’ never', async () => {
    const user = await billing.user();
    await pay(user, { kind: 'plan', planId: 'starter', billingPeriod: 'monthly' });
    await pay(user, { kind: 'course', courseId: 'build-ai-agents' });
    await pay(user, { kind: 'credits', packId: 'credits-500k' });
    // Delivery is shuffled and duplicated (see the harness): every event still lands once.
    const mine = await eventually(async () => {
      const rows = await listed(user);
      return rows.length === 3 && rows.every((row) => row.status === 'paid') && rows;
    });
    const customer = [...billing.stripe.engine.store.customers.values()].find((entry) => entry.metadata.userId === user.id)!;
    const prefix = customer.id.slice(4, 12).toUpperCase();
    const byKind = Object.fromEntries(mine.map((row) => [row.kind, row]));
    expect(byKind.plan).toMatchObject({ description: 'Starter plan', billingReason: 'subscription_create', total: 5_000, tax: 0, amountPaid: 5_000, currency: 'usd' });
    expect(byKind.course).toMatchObject({ description: 'Build AI Agents course', billingReason: 'subscription_create', amountPaid: 15_000 });
    expect(byKind['credit-pack']).toMatchObject({ description: '500,000 platform credits', billingReason: 'manual', total: 1_000, amountPaid: 1_000 });
    expect(mine.map((row) => row.number).sort()).toEqual([`${prefix}-0001`, `${prefix}-0002`, `${prefix}-0003`]);
    for (const row of mine) {
      expect(row.hostedInvoiceUrl).toBe(`${billing.stripe.url}/i/${row.id}`);
      const pdf = await fetch(row.invoicePdfUrl!);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    }
    // The pack's money is counted once, from its checkout session, not again from its receipt.
    const money = (await billing.service.context.db.select().from(payments)).filter((row) => row.userId === user.id);
    expect(money.map((row) => [row.kind, row.amount]).sort()).toEqual([
      ['course', 15_000],
      ['credit-pack', 1_000],
      ['plan', 5_000],
    ]);
    expect(await listed(await billing.user())).toEqual([]);
    await request(billing.url).get('/api/billing/invoices').expect(401);
  });

  it('keeps the newest state of an invoice whatever order its events arrive in, and applies each event once', async () => {
    const user = await billing.user();
    await pay(user, { kind: 'credits', packId: 'credits-1200k' });
    const [receipt] = await eventually(async () => {
      const rows = await listed(user);
      return rows.length === 1 && rows;
    });
    const paidInvoice = billing.stripe.engine.present(billing.stripe.engine.invoice(receipt!.id)) as Stripe.Invoice;
    const created = Math.floor(Date.now() / 1000) + 100;
    const event = (id: string, type: string, at: number, object: Partial<Stripe.Invoice>) => ({
      id,
      object: 'event',
      type,
      api_version: STRIPE_API_VERSION,
      created: at,
      data: { object: { ...paidInvoice, ...object } },
    });
    const open = { status: 'open' as const, amount_paid: 0, status_transitions: { ...paidInvoice.status_transitions, paid_at: null } };
    const row = async () => (await billing.service.context.db.select().from(invoices)).find((entry) => entry.id === receipt!.id)!;

    // A late `finalized` (open) after `paid`: the invoice stays paid.
    expect(await deliver(event('evt_late_finalized', 'invoice.finalized', created - 50, open))).toEqual({ received: true, duplicate: false });
    expect(await row()).toMatchObject({ status: 'paid', amountPaid: 2_000 });
    // A failed charge reported after the payment (same time or earlier) does not undo it either.
    await deliver(event('evt_late_failed', 'invoice.payment_failed', created, open));
    expect(await row()).toMatchObject({ status: 'paid', amountPaid: 2_000 });

    // A fresh invoice whose events arrive paid-first, each twice.
    const fresh = { id: 'in_out_of_order', number: 'OOO-0001', hosted_invoice_url: 'https://invoice.example/i/ooo', invoice_pdf: 'https://invoice.example/ooo.pdf' };
    const paidEvent = event('evt_ooo_paid', 'invoice.paid', created + 10, {
      ...fresh,
      total_taxes: [{ amount: 150, tax_behavior: 'exclusive', tax_rate_details: null, taxability_reason: 'standard_rated', taxable_amount: 1_850, type: 'tax_rate_details' }],
    });
    const finalizedEvent = event('evt_ooo_finalized', 'invoice.finalized', created, { ...fresh, ...open });
    expect(await deliver(paidEvent)).toEqual({ received: true, duplicate: false });
    expect(await deliver(finalizedEvent)).toEqual({ received: true, duplicate: false });
    expect(await deliver(paidEvent)).toEqual({ received: true, duplicate: true });
    expect(await deliver(finalizedEvent)).toEqual({ received: true, duplicate: true });
    const stored = (await listed(user)).find((entry) => entry.id === 'in_out_of_order');
    expect(stored).toMatchObject({ status: 'paid', number: 'OOO-0001', tax: 150, total: 2_000, amountPaid: 2_000, invoicePdfUrl: 'https://invoice.example/ooo.pdf' });
    expect((await listed(user)).map((entry) => entry.id)).toHaveLength(2);

    // In order, the later status wins: open first, then paid.
    await deliver(event('evt_io_finalized', 'invoice.finalized', created, { ...paidInvoice, id: 'in_in_order', ...open }));
    expect((await listed(user)).find((entry) => entry.id === 'in_in_order')).toMatchObject({ status: 'open', amountPaid: 0 });
    await deliver(event('evt_io_paid', 'invoice.paid', created + 5, { id: 'in_in_order' }));
    expect((await listed(user)).find((entry) => entry.id === 'in_in_order')).toMatchObject({ status: 'paid', amountPaid: 2_000 });
    // None of these receipts is money on its own: the pack was counted once, from its checkout.
    const money = (await billing.service.context.db.select().from(payments)).filter((entry) => entry.userId === user.id);
    expect(money.map((entry) => entry.amount)).toEqual([2_000]);
  });
});
