import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { startLocalStripe, type RunningLocalStripe } from '../src/index';

/**
 * The same scenarios with the official SDK against the local server and, when STRIPE_SECRET_KEY
 * is a Stripe test-mode key, against Stripe itself. Every answer is checked against the SDK's
 * TypeScript types: the captured objects are written as typed constants (`const x: Stripe.Customer
 * = {…}`) and compiled with tsc, so a missing field, a wrong type or a field the type does not
 * know fails. Against Stripe, every field Stripe answered must be in the local answer too.
 */

const run = promisify(execFile);
const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const LOCAL_KEY = 'sk_test_conformance';
const stripeKey = process.env.STRIPE_SECRET_KEY?.startsWith('sk_test_') && !process.env.STRIPE_API_HOST ? process.env.STRIPE_SECRET_KEY : null;

type Captured = Record<string, { type: string; value: unknown }>;

const plain = (value: unknown) => {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  delete copy.lastResponse;
  return copy;
};

/** The scenarios both targets answer (no hosted page to pay: that needs a browser on Stripe). */
async function commonScenarios(stripe: Stripe): Promise<Captured> {
  const customer = await stripe.customers.create({ email: 'conformance@example.com', metadata: { userId: 'conformance' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 5_000, recurring: { interval: 'month' }, product_data: { name: 'Conformance plan' } } }],
    success_url: 'https://example.com/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://example.com/cancelled',
    metadata: { userId: 'conformance' },
  });
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000), name: 'conformance' });
  const deleted = await stripe.testHelpers.testClocks.del(clock.id);

  const unknown = await stripe.customers.create({ email: 'x@example.com', colour: 'blue' } as Stripe.CustomerCreateParams).catch((error: unknown) => error);
  expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'colour', requestId: expect.stringMatching(/^req_/) });
  const key = `conformance-${Date.now()}`;
  await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: key });
  await expect(stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

  return {
    customer: { type: 'Stripe.Customer', value: plain(await stripe.customers.retrieve(customer.id)) },
    session: { type: 'Stripe.Checkout.Session', value: plain(await stripe.checkout.sessions.retrieve(session.id)) },
    clock: { type: 'Stripe.TestHelpers.TestClock', value: plain(clock) },
    deletedClock: { type: 'Stripe.TestHelpers.DeletedTestClock', value: plain(deleted) },
    prices: { type: 'Stripe.ApiList<Stripe.Price>', value: plain(await stripe.prices.list({ limit: 3 })) },
    subscriptions: { type: 'Stripe.ApiList<Stripe.Subscription>', value: plain(await stripe.subscriptions.list({ customer: customer.id, status: 'all' })) },
    invoices: { type: 'Stripe.ApiList<Stripe.Invoice>', value: plain(await stripe.invoices.list({ customer: customer.id, limit: 3 })) },
  };
}

/** Writes the captured answers as typed constants and compiles them; returns tsc's complaints. */
async function typeErrors(name: string, captured: Captured): Promise<string> {
  const dir = `${here}.conformance-${process.pid}`;
  mkdirSync(dir, { recursive: true });
  // Stripe sends decimals as strings; the SDK's type for them is its Decimal class.
  const literal = (value: unknown) => JSON.stringify(value, null, 2).replace(/("\w+_decimal"): ("[^"]*")/g, '$1: decimal($2)');
  const source = [
    "import type Stripe from 'stripe';",
    'const decimal = (value: string) => value as unknown as Stripe.Decimal;',
    ...Object.entries(captured).map(([key, { type, value }]) => `export const ${key}: ${type} = ${literal(value)};`),
  ].join('\n');
  writeFileSync(`${dir}/${name}.ts`, source);
  try {
    await run(
      `${root}node_modules/.bin/tsc`,
      ['--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', `${dir}/${name}.ts`],
      { cwd: root },
    );
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('conformance: the local Stripe server answers as the SDK types say Stripe does', () => {
  let server: RunningLocalStripe;
  let local: Stripe;
  beforeAll(async () => {
    server = await startLocalStripe({ port: 0, secretKey: LOCAL_KEY, webhookSecret: 'whsec_conformance', cancelUnpaidAfterDays: 7 });
    local = new Stripe(LOCAL_KEY, { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => server.close());

  it('answers the common scenarios with objects that type-check as the SDK resources', async () => {
    expect(await typeErrors('local-common', await commonScenarios(local))).toBe('');
  });

  it('pays a session and answers subscriptions, invoices and events as Stripe does', async () => {
    const customer = await local.customers.create({ email: 'payer@example.com' });
    const session = await local.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_starter_monthly', quantity: 1 }],
      success_url: 'https://example.com/done?session={CHECKOUT_SESSION_ID}',
      subscription_data: { metadata: { userId: 'payer' } },
    });
    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    expect(paid.headers.get('location')).toBe(`https://example.com/done?session=${session.id}`);

    const [subscription] = (await local.subscriptions.list({ customer: customer.id })).data;
    expect(subscription).toMatchObject({ status: 'active', items: { data: [{ price: { id: 'price_starter_monthly', unit_amount: 5_000 } }] } });
    const preview = await local.invoices.createPreview({
      subscription: subscription!.id,
      subscription_details: { items: [{ id: subscription!.items.data[0]!.id, price: 'price_professional_monthly' }], proration_behavior: 'always_invoice' },
    });
    expect(preview.total).toBeGreaterThan(0);
    const canceled = await local.subscriptions.cancel(subscription!.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    // Without a status, a list leaves canceled subscriptions out, as Stripe's does.
    expect((await local.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await local.subscriptions.list({ customer: customer.id, status: 'canceled' })).data.map((sub) => sub.id)).toEqual([subscription!.id]);
    expect((await local.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
    await expect(local.subscriptions.list({ status: 'sleeping' as Stripe.SubscriptionListParams.Status })).rejects.toMatchObject({ param: 'status' });

    const invoices = await local.invoices.list({ customer: customer.id });
    expect(invoices.data).toEqual([expect.objectContaining({ status: 'paid', amount_paid: 5_000, billing_reason: 'subscription_create' })]);
    const invoice = await local.invoices.retrieve(invoices.data[0]!.id!);
    expect(invoice).toMatchObject({
      number: `${customer.invoice_prefix}-0001`,
      hosted_invoice_url: `${server.url}/i/${invoice.id}`,
      invoice_pdf: `${server.url}/invoice/${invoice.id}/pdf`,
      total: 5_000,
      lines: { data: [expect.objectContaining({ amount: 5_000, description: '1 × Starter (at $50.00 / month)', subscription: subscription!.id })] },
    });
    expect((await local.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ next_invoice_sequence: 2 });
    const page = await fetch(invoice.hosted_invoice_url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Invoice ${invoice.number}`);
    expect(html).toContain('1 × Starter (at $50.00 / month)');
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect((await fetch(`${server.url}/invoice/in_unknown/pdf`)).status).toBe(404);
    await expect(local.invoices.retrieve('in_unknown')).rejects.toMatchObject({ code: 'resource_missing' });
    // A preview is a draft: no number, no hosted page, no PDF.
    expect(preview).toMatchObject({ status: 'draft', number: null, hosted_invoice_url: null, invoice_pdf: null });
    const invoiceEvents = await local.events.list({ type: 'invoice.*' });
    expect(invoiceEvents.data.map((event) => event.type)).toEqual(['invoice.paid', 'invoice.finalized']);
    const prices = await local.prices.list({ type: 'recurring', limit: 100 });
    expect(prices.data.map((price) => price.id)).toEqual(expect.arrayContaining(['price_starter_monthly', 'price_professional_annual']));
    const events = await local.events.list({ type: 'customer.subscription.*' });
    expect(events.data.map((event) => event.type)).toEqual(['customer.subscription.deleted', 'customer.subscription.created']);
    expect(events.data[0]).toMatchObject({ api_version: Stripe.API_VERSION, object: 'event' });

    expect(
      await typeErrors('local-paid', {
        subscription: { type: 'Stripe.Subscription', value: plain(subscription) },
        canceled: { type: 'Stripe.Subscription', value: plain(canceled) },
        invoices: { type: 'Stripe.ApiList<Stripe.Invoice>', value: plain(invoices) },
        invoice: { type: 'Stripe.Invoice', value: plain(invoice) },
        preview: { type: 'Stripe.Invoice', value: plain(preview) },
        events: { type: 'Stripe.ApiList<Stripe.Event>', value: plain(await local.events.list({ limit: 100 })) },
        session: { type: 'Stripe.Checkout.Session', value: plain(await local.checkout.sessions.retrieve(session.id)) },
      }),
    ).toBe('');
  });

  it('makes a paid invoice for a one-off payment when the session asks for one (invoice_creation)', async () => {
    const customer = await local.customers.create({ email: 'pack@example.com' });
    const session = await local.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1_500, product_data: { name: '500,000 platform credits' } } }],
      invoice_creation: { enabled: true, invoice_data: { description: 'Credit pack', metadata: { userId: 'pack' } } },
      success_url: 'https://example.com/done',
    });
    await fetch(session.url!, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    const completed = await local.checkout.sessions.retrieve(session.id);
    expect(completed.invoice).toEqual(expect.stringMatching(/^in_/));
    const invoice = await local.invoices.retrieve(completed.invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'manual',
      parent: null,
      amount_paid: 1_500,
      customer_email: 'pack@example.com',
      metadata: { userId: 'pack' },
      lines: { data: [expect.objectContaining({ description: 'Credit pack', amount: 1_500 })] },
    });
    expect((await fetch(invoice.invoice_pdf!)).status).toBe(200);
    // Only payment mode takes it, as on Stripe.
    await expect(
      local.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_starter_monthly', quantity: 1 }],
        invoice_creation: { enabled: true },
        success_url: 'https://example.com/done',
      }),
    ).rejects.toMatchObject({ param: 'invoice_creation' });
    expect(
      await typeErrors('local-one-off', { invoice: { type: 'Stripe.Invoice', value: plain(invoice) }, session: { type: 'Stripe.Checkout.Session', value: plain(completed) } }),
    ).toBe('');
  });

  it('makes coupons and promotion codes, takes a code at checkout and shows the discount and the test tax on the invoice', async () => {
    const coupon = await local.coupons.create({ percent_off: 20, duration: 'repeating', duration_in_months: 3, name: 'Launch', max_redemptions: 5 });
    const fixed = await local.coupons.create({ amount_off: 500, currency: 'usd', duration: 'once' });
    const code = await local.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'LAUNCH20', max_redemptions: 2 });
    expect(code).toMatchObject({ code: 'LAUNCH20', active: true, times_redeemed: 0, promotion: { type: 'coupon', coupon: expect.objectContaining({ id: coupon.id }) } });
    // Stripe's rules: one of percent_off and amount_off; months only with repeating; one active code per text.
    await expect(local.coupons.create({ duration: 'once' })).rejects.toMatchObject({ param: 'percent_off' });
    await expect(local.coupons.create({ percent_off: 10, duration: 'repeating' })).rejects.toMatchObject({ param: 'duration_in_months' });
    await expect(local.coupons.create({ amount_off: 100, duration: 'once' })).rejects.toMatchObject({ param: 'currency' });
    await expect(local.promotionCodes.create({ promotion: { type: 'coupon', coupon: fixed.id }, code: 'launch20' })).rejects.toMatchObject({ code: 'resource_already_exists' });
    // A retried create with the same idempotency key answers the first coupon, not a second one.
    const key = `coupon-${Date.now()}`;
    const first = await local.coupons.create({ percent_off: 5, duration: 'forever' }, { idempotencyKey: key });
    expect((await local.coupons.create({ percent_off: 5, duration: 'forever' }, { idempotencyKey: key })).id).toBe(first.id);

    const customer = await local.customers.create({ email: 'promo@example.com' });
    const session = await local.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_starter_monthly', quantity: 1 }],
      allow_promotion_codes: true,
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      billing_address_collection: 'required',
      success_url: 'https://example.com/done',
      subscription_data: { metadata: { userId: 'promo' } },
    });
    const wrong = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ action: 'promotion', promotionCode: 'NOPE' }) });
    expect(await wrong.text()).toContain('This code is invalid.');
    const applied = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ action: 'promotion', promotionCode: 'launch20' }) });
    expect(await applied.text()).toContain('Discount (LAUNCH20)');
    const noAddress = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    expect(await noAddress.text()).toContain('Enter your billing address');
    await fetch(session.url!, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ cardNumber: '4242424242424242', country: 'de', postalCode: '10115', taxId: 'DE123456789' }),
    });
    const completed = await local.checkout.sessions.retrieve(session.id);
    // $50 − 20 % = $40, plus the 10 % test tax = $44.
    expect(completed).toMatchObject({ status: 'complete', amount_subtotal: 5_000, amount_total: 4_400, total_details: { amount_discount: 1_000, amount_tax: 400 } });
    expect(completed.customer_details).toMatchObject({ address: { country: 'DE', postal_code: '10115' }, tax_ids: [{ value: 'DE123456789' }] });
    const subscription = await local.subscriptions.retrieve(completed.subscription as string, { expand: ['discounts'] });
    const [discount] = subscription.discounts as Stripe.Discount[];
    expect(discount).toMatchObject({ object: 'discount', promotion_code: code.id, source: { coupon: expect.objectContaining({ id: coupon.id, percent_off: 20 }) } });
    expect((await local.subscriptions.retrieve(subscription.id)).discounts).toEqual([discount!.id]);
    const invoice = await local.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      subtotal: 5_000,
      total: 4_400,
      amount_paid: 4_400,
      total_discount_amounts: [{ amount: 1_000, discount: discount!.id }],
      total_taxes: [expect.objectContaining({ amount: 400, taxable_amount: 4_000 })],
      automatic_tax: { enabled: true, status: 'complete' },
    });
    const page = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(page).toContain('-$10.00');
    expect(page).toContain('$4.00');
    expect(await local.promotionCodes.retrieve(code.id)).toMatchObject({ times_redeemed: 1 });
    expect((await local.promotionCodes.list({ code: 'LAUNCH20' })).data.map((entry) => entry.id)).toEqual([code.id]);
    const off = await local.promotionCodes.update(code.id, { active: false });
    expect(off.active).toBe(false);

    expect(
      await typeErrors('local-promotions', {
        coupon: { type: 'Stripe.Coupon', value: plain(await local.coupons.retrieve(coupon.id)) },
        coupons: { type: 'Stripe.ApiList<Stripe.Coupon>', value: plain(await local.coupons.list()) },
        deletedCoupon: { type: 'Stripe.DeletedCoupon', value: plain(await local.coupons.del(fixed.id)) },
        code: { type: 'Stripe.PromotionCode', value: plain(off) },
        codes: { type: 'Stripe.ApiList<Stripe.PromotionCode>', value: plain(await local.promotionCodes.list()) },
        discount: { type: 'Stripe.Discount', value: plain(discount) },
        subscription: { type: 'Stripe.Subscription', value: plain(subscription) },
        invoice: { type: 'Stripe.Invoice', value: plain(invoice) },
        session: { type: 'Stripe.Checkout.Session', value: plain(completed) },
      }),
    ).toBe('');
  });

  it('runs a trial on a test clock: trial_will_end three days before, then paid with a card or cancelled without one', async () => {
    const start = Math.floor(Date.now() / 1000);
    const trialOf = async (card: string) => {
      const clock = await local.testHelpers.testClocks.create({ frozen_time: start });
      const customer = await local.customers.create({ email: `trial-${card || 'none'}@example.com`, test_clock: clock.id });
      const session = await local.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_starter_monthly', quantity: 1 }],
        subscription_data: { trial_period_days: 14, metadata: { userId: 'trial' } },
        payment_method_collection: 'if_required',
        success_url: 'https://example.com/done',
      });
      const page = await (await fetch(session.url!)).text();
      expect(page).toContain('14 days free, then $50.00 per month');
      await fetch(session.url!, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: card }) });
      const id = (await local.checkout.sessions.retrieve(session.id)).subscription as string;
      return { clock, id };
    };
    const advance = async (clock: Stripe.TestHelpers.TestClock, days: number) => {
      await local.testHelpers.testClocks.advance(clock.id, { frozen_time: start + days * 86_400 });
      while ((await local.testHelpers.testClocks.retrieve(clock.id)).status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const eventsOf = async (id: string) =>
      (await local.events.list({ limit: 100 })).data.filter((event) => (event.data.object as { id?: string; parent?: unknown }).id === id).map((event) => event.type);

    const withCard = await trialOf('4242424242424242');
    const noCard = await trialOf('');
    const trialing = await local.subscriptions.retrieve(noCard.id);
    expect(trialing).toMatchObject({
      status: 'trialing',
      trial_start: start,
      trial_end: start + 14 * 86_400,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    expect((await local.invoices.retrieve(trialing.latest_invoice as string)).total).toBe(0);
    await advance(noCard.clock, 10);
    await advance(withCard.clock, 10);
    expect(await eventsOf(noCard.id)).not.toContain('customer.subscription.trial_will_end');
    await advance(noCard.clock, 11);
    await advance(withCard.clock, 11);
    expect(await eventsOf(noCard.id)).toContain('customer.subscription.trial_will_end');
    expect((await local.subscriptions.retrieve(noCard.id)).status).toBe('trialing');
    await advance(noCard.clock, 15);
    await advance(withCard.clock, 15);
    expect(await local.subscriptions.retrieve(noCard.id)).toMatchObject({ status: 'canceled' });
    const paid = await local.subscriptions.retrieve(withCard.id);
    expect(paid).toMatchObject({ status: 'active', items: { data: [expect.objectContaining({ current_period_start: start + 14 * 86_400 })] } });
    expect(await local.invoices.retrieve(paid.latest_invoice as string)).toMatchObject({ status: 'paid', total: 5_000, billing_reason: 'subscription_cycle' });
    expect((await eventsOf(withCard.id)).filter((type) => type === 'customer.subscription.trial_will_end')).toHaveLength(1);

    expect(
      await typeErrors('local-trial', {
        trialing: { type: 'Stripe.Subscription', value: plain(trialing) },
        paid: { type: 'Stripe.Subscription', value: plain(paid) },
        events: { type: 'Stripe.ApiList<Stripe.Event>', value: plain(await local.events.list({ type: 'customer.subscription.trial_will_end' })) },
      }),
    ).toBe('');
  });

  it('sells per seat: quantity and adjustable quantity on Checkout, quantity updates with proration, events with the quantity', async () => {
    const customer = await local.customers.create({ email: 'team@example.com' });
    const session = await local.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_starter_monthly', quantity: 3, adjustable_quantity: { enabled: true, minimum: 1, maximum: 50 } }],
      success_url: 'https://example.com/done',
      subscription_data: { metadata: { organisationId: 'team' } },
    });
    expect(session.amount_total).toBe(15_000);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('name="quantity"');
    expect(page).toContain('min="1" max="50" value="3"');
    // The customer moves the stepper outside the bounds: refused on the page, nothing is charged.
    const refused = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ cardNumber: '4242424242424242', quantity: '51' }) });
    expect(await refused.text()).toContain('Choose a quantity from 1 to 50.');
    await fetch(session.url!, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242', quantity: '4' }) });
    const completed = await local.checkout.sessions.retrieve(session.id);
    expect(completed.amount_total).toBe(20_000);
    const subscription = await local.subscriptions.retrieve(completed.subscription as string);
    const item = subscription.items.data[0]!;
    expect(item.quantity).toBe(4);
    const first = await local.invoices.retrieve(subscription.latest_invoice as string);
    expect(first).toMatchObject({ total: 20_000, lines: { data: [expect.objectContaining({ quantity: 4, description: '4 × Starter (at $50.00 / month)' })] } });

    // Two seats fewer right at the start of the period: credit of almost 2 × $50.
    const preview = await local.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, quantity: 2 }], proration_behavior: 'always_invoice' },
    });
    expect(preview.total).toBeLessThan(-9_900);
    expect(preview.total).toBeGreaterThanOrEqual(-10_000);
    expect(preview.lines.data[0]).toMatchObject({ quantity: 2 });
    const updated = await local.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 2 }], proration_behavior: 'always_invoice' });
    expect(updated.items.data[0]).toMatchObject({ quantity: 2, price: { id: 'price_starter_monthly' } });
    const proration = await local.invoices.retrieve(updated.latest_invoice as string);
    expect(proration).toMatchObject({ billing_reason: 'subscription_update', total: preview.total });
    await expect(local.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 0 }] })).rejects.toMatchObject({ param: 'items[0][quantity]' });
    await expect(
      local.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_starter_monthly', quantity: 3, adjustable_quantity: { enabled: true, minimum: 5, maximum: 2 } }],
        success_url: 'https://example.com/done',
      }),
    ).rejects.toMatchObject({ param: 'line_items[0][adjustable_quantity]' });

    const events = await local.events.list({ type: 'customer.subscription.*', limit: 100 });
    const mine = events.data.filter((event) => (event.data.object as Stripe.Subscription).id === subscription.id);
    expect(mine.map((event) => [event.type, (event.data.object as Stripe.Subscription).items.data[0]!.quantity])).toEqual([
      ['customer.subscription.updated', 2],
      ['customer.subscription.created', 4],
    ]);
    expect(
      await typeErrors('local-seats', {
        session: { type: 'Stripe.Checkout.Session', value: plain(completed) },
        subscription: { type: 'Stripe.Subscription', value: plain(updated) },
        preview: { type: 'Stripe.Invoice', value: plain(preview) },
        proration: { type: 'Stripe.Invoice', value: plain(proration) },
        events: { type: 'Stripe.ApiList<Stripe.Event>', value: plain(events) },
      }),
    ).toBe('');
  });

  (stripeKey ? it : it.skip)('answers like Stripe test mode itself (STRIPE_SECRET_KEY=sk_test_…)', async () => {
    const remote = await commonScenarios(new Stripe(stripeKey!, { maxNetworkRetries: 2 }));
    expect(await typeErrors('stripe-common', remote)).toBe('');
    const mine = await commonScenarios(local);
    for (const [name, { value }] of Object.entries(remote)) {
      const missing = Object.keys(value as object).filter((field) => !(field in (mine[name]!.value as object)));
      expect({ name, missing }).toEqual({ name, missing: [] });
    }
  });
});
