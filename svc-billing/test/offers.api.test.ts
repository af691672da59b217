import { type BillingInvoice, paymentReceivedV1, subscriptionActivatedV1, subscriptionCanceledV1, subscriptionRenewedV1, subscriptionTrialEndingV1 } from '@agentdock/contracts';
import { outbox } from '@agentdock/service-data';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import Stripe from 'stripe';
import { customers, planPrices } from '../src/db/schema';
import { advanceCustomerClock } from '../src/domain/test-clocks';
import { BillingHarness, DRIVER, PLAN_PRICE_ROWS, type User } from './harness';

const ADMIN = '/api/billing/admin';
const DAY = 86_400;

// Trials, promotion codes and tax, end to end against the local Stripe on test clocks, with
// webhooks delivered shuffled and duplicated (see the harness).
describe(`svc-billing trials, promotion codes and tax (${DRIVER})`, () => {
  let billing: BillingHarness;
  let stripe: Stripe;
  let admin: User;
  beforeAll(async () => {
    billing = await BillingHarness.start({ testClocks: true });
    await billing.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
    stripe = new Stripe('sk_test_harness', { host: '127.0.0.1', port: billing.stripe.port, protocol: 'http' });
    admin = await billing.user({ admin: true });
  });
  afterAll(() => billing.close());

  const checkout = async (user: User, body: object = { kind: 'plan', planId: 'starter', billingPeriod: 'monthly' }) =>
    (await request(billing.url).post('/api/billing/checkout').set(user.auth).send(body).expect(200)).body.url as string;
  const submit = async (url: string, form: Record<string, string>) => {
    const answer = await fetch(url, { method: 'POST', redirect: 'manual', body: new URLSearchParams(form) });
    await billing.stripe.engine.webhooksIdle();
    return answer;
  };
  const sessionOf = (url: string) => billing.stripe.engine.session(url.split('/').pop()!);
  const customerOf = async (user: User) => (await billing.service.context.db.select().from(customers)).find((row) => row.userId === user.id)!.customerId;
  const published = async (subject: string, userId: string) =>
    (await billing.service.context.db.select().from(outbox))
      .filter((row) => row.subject === subject)
      .map((row) => (row.payload as { data: Record<string, unknown> }).data)
      .filter((data) => data.userId === userId);
  const stats = async (from: string, to: string) => (await request(billing.url).get('/api/billing/admin/stats').query({ from, to }).set(admin.auth).expect(200)).body;
  const day = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

  it('lets only an admin set trials per plan and period, and refuses a trial past 730 days', async () => {
    const customer = await billing.user();
    await request(billing.url).get(`${ADMIN}/trials`).set(customer.auth).expect(403);
    await request(billing.url).put(`${ADMIN}/trials`).send({ planId: 'starter', billingPeriod: 'monthly', days: 14, cardRequired: false }).expect(401);
    const bad = await request(billing.url).put(`${ADMIN}/trials`).set(admin.auth).send({ planId: 'starter', billingPeriod: 'monthly', days: 731, cardRequired: false }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('A trial lasts at most 730 days.');
    await request(billing.url).put(`${ADMIN}/trials`).set(admin.auth).send({ planId: 'starter', billingPeriod: 'monthly', days: 14, cardRequired: false }).expect(200);
    await request(billing.url).put(`${ADMIN}/trials`).set(admin.auth).send({ planId: 'professional', billingPeriod: 'monthly', days: 7, cardRequired: true }).expect(200);
    const { body } = await request(billing.url).get(`${ADMIN}/trials`).set(admin.auth).expect(200);
    expect(body.trials).toEqual([
      { planId: 'starter', billingPeriod: 'monthly', days: 14, cardRequired: false },
      { planId: 'starter', billingPeriod: 'annual', days: 0, cardRequired: true },
      { planId: 'professional', billingPeriod: 'monthly', days: 7, cardRequired: true },
      { planId: 'professional', billingPeriod: 'annual', days: 0, cardRequired: true },
    ]);
  });

  it('runs a no-card trial with the plan’s credits, warns three days before its end, then drops the customer to free', async () => {
    const user = await billing.user();
    const url = await checkout(user);
    expect(sessionOf(url)).toMatchObject({ trialDays: 14, paymentMethodCollection: 'if_required', allowPromotionCodes: true, automaticTax: false });
    expect((await submit(url, { cardNumber: '' })).status).toBe(303);
    // The trial grants the plan (and so its monthly credits) at once.
    const [activated] = await eventually(async () => {
      const rows = await published(subscriptionActivatedV1.subject, user.id);
      return rows.length > 0 && rows;
    });
    expect(activated).toMatchObject({ tier: 'starter', billingPeriod: 'monthly' });
    const listed = (await request(billing.url).get('/api/billing/subscriptions').set(user.auth).expect(200)).body.subscriptions;
    expect(listed).toEqual([expect.objectContaining({ status: 'trialing', tier: 'starter' })]);
    // The Subscription tab says when the trial ends and that, without a card, nothing will be charged.
    expect(listed[0].trial).toEqual({ endsAt: new Date(listed[0].currentPeriodEnd * 1000).toISOString(), cardOnFile: false, firstCharge: 5_000 });

    const customerId = await customerOf(user);
    await advanceCustomerClock(stripe, customerId, 11.5, { pollMs: 10 });
    await billing.stripe.engine.webhooksIdle();
    // Delivered twice by the chaotic transport at times, announced once.
    const warnings = await eventually(async () => {
      const rows = await published(subscriptionTrialEndingV1.subject, user.id);
      return rows.length > 0 && rows;
    });
    expect(warnings).toEqual([expect.objectContaining({ tier: 'starter', cardOnFile: false, amount: 5_000, currency: 'usd' })]);

    await advanceCustomerClock(stripe, customerId, 3, { pollMs: 10 });
    await billing.stripe.engine.webhooksIdle();
    const ended = await eventually(async () => {
      const rows = await published(subscriptionCanceledV1.subject, user.id);
      return rows.length > 0 && rows;
    });
    expect(ended).toEqual([expect.objectContaining({ tier: 'starter', reason: 'canceled' })]);
    expect(await published(paymentReceivedV1.subject, user.id)).toEqual([]);
    // A customer who had a trial gets none the second time.
    const again = await checkout(user);
    expect(sessionOf(again).trialDays).toBe(0);
  });

  it('charges the first period when a trial with a card ends, renews the credits, and counts the conversion', async () => {
    const user = await billing.user();
    const url = await checkout(user, { kind: 'plan', planId: 'professional', billingPeriod: 'monthly' });
    expect(sessionOf(url)).toMatchObject({ trialDays: 7, paymentMethodCollection: 'always' });
    await submit(url, { cardNumber: '4242424242424242' });
    const trialing = await eventually(async () => {
      const [listed] = (await request(billing.url).get('/api/billing/subscriptions').set(user.auth).expect(200)).body.subscriptions;
      return listed?.trial && listed;
    });
    expect(trialing.trial).toMatchObject({ cardOnFile: true, firstCharge: 10_000 });
    const customerId = await customerOf(user);
    await advanceCustomerClock(stripe, customerId, 5, { pollMs: 10 });
    await billing.stripe.engine.webhooksIdle();
    const clock = await advanceCustomerClock(stripe, customerId, 3, { pollMs: 10 });
    await billing.stripe.engine.webhooksIdle();
    await eventually(async () => (await published(subscriptionRenewedV1.subject, user.id)).length === 1);
    const [paid] = (await request(billing.url).get('/api/billing/subscriptions').set(user.auth).expect(200)).body.subscriptions;
    expect(paid).toMatchObject({ status: 'active', trial: null });
    expect(await published(subscriptionTrialEndingV1.subject, user.id)).toEqual([expect.objectContaining({ cardOnFile: true, amount: 10_000 })]);
    const [receipt] = await eventually(async () => {
      const rows = await published(paymentReceivedV1.subject, user.id);
      return rows.length > 0 && rows;
    });
    expect(receipt).toMatchObject({ amount: 10_000, hostedInvoiceUrl: expect.stringContaining('/i/in_'), invoicePdfUrl: expect.stringContaining('/pdf') });
    const figures = await stats(day(clock.frozen_time - 3 * DAY), day(clock.frozen_time));
    // This trial ended paid; the no-card trial of the test before ended on another day (its own clock).
    expect(figures.trialsConverted).toBeGreaterThanOrEqual(1);
    expect(figures.trialsEnded).toBeGreaterThanOrEqual(figures.trialsConverted);
  });

  it('makes promotion codes at the provider, refuses bad ones with a reason, and applies a code at checkout to the invoice and MRR', async () => {
    const customer = await billing.user();
    const create = (body: object, who: User = admin) => request(billing.url).post(`${ADMIN}/promotion-codes`).set(who.auth).send(body);
    await create({ code: 'NOPE10', discount: { kind: 'percent', percentOff: 10 }, duration: 'once' }, customer).expect(403);
    const missingMonths = await create({ code: 'MONTHS', discount: { kind: 'percent', percentOff: 10 }, duration: 'repeating' }).expect(400);
    expect(JSON.stringify(missingMonths.body)).toContain('Give the number of months');
    await create({ code: 'bad code!', discount: { kind: 'percent', percentOff: 10 }, duration: 'once' }).expect(400);
    const past = await create({ code: 'PAST', discount: { kind: 'percent', percentOff: 10 }, duration: 'once', expiresAt: '2020-01-01T00:00:00.000Z' }).expect(400);
    expect(past.body.error.message).toBe('The expiry date must be in the future.');
    const made = await create({ code: 'SPRING20', name: 'Spring', discount: { kind: 'percent', percentOff: 20 }, duration: 'forever', maxRedemptions: 10 }).expect(201);
    expect(made.body).toMatchObject({ code: 'SPRING20', active: true, percentOff: 20, duration: 'forever', maxRedemptions: 10, timesRedeemed: 0, name: 'Spring' });
    const taken = await create({ code: 'SPRING20', discount: { kind: 'amount', amountOff: 500, currency: 'usd' }, duration: 'once' }).expect(400);
    expect(taken.body.error.message).toBe('An active promotion code with this code already exists.');
    // The refused code left no coupon behind at the provider.
    expect([...billing.stripe.engine.store.coupons.values()].filter((coupon) => coupon.amount_off === 500)).toEqual([]);

    const user = await billing.user();
    const url = await checkout(user, { kind: 'plan', planId: 'starter', billingPeriod: 'annual' });
    await submit(url, { action: 'promotion', promotionCode: 'spring20' });
    await submit(url, { cardNumber: '4242424242424242' });
    const invoice = await eventually(async () => {
      const [row] = (await request(billing.url).get('/api/billing/invoices').set(user.auth).expect(200)).body.invoices as BillingInvoice[];
      return row?.status === 'paid' && row;
    });
    // $540 a year less 20 % = $432.
    expect(invoice).toMatchObject({ total: 43_200, discount: 10_800, tax: 0, amountPaid: 43_200 });
    const listed = (await request(billing.url).get(`${ADMIN}/promotion-codes`).set(admin.auth).expect(200)).body.codes;
    expect(listed.find((code: { code: string }) => code.code === 'SPRING20')).toMatchObject({ timesRedeemed: 1 });
    const off = await request(billing.url).post(`${ADMIN}/promotion-codes/${made.body.id}`).set(admin.auth).send({ active: false }).expect(200);
    expect(off.body.active).toBe(false);
    await request(billing.url).post(`${ADMIN}/promotion-codes/promo_missing`).set(admin.auth).send({ active: false }).expect(404);
  });

  it('states MRR after discounts and leaves trials out of it, against hand-computed figures', async () => {
    // So far: a 20 %-forever annual Starter ($432/12 = $36), a paid Pro at $100; the no-card trial ended.
    const before = await stats('2026-01-01', '2026-01-31');
    expect(before.planMrr).toEqual({ usd: 3_600 + 10_000 });
    const user = await billing.user();
    await request(billing.url).put(`${ADMIN}/trials`).set(admin.auth).send({ planId: 'starter', billingPeriod: 'monthly', days: 14, cardRequired: true }).expect(200);
    await submit(await checkout(user), { cardNumber: '4242424242424242' });
    const after = await eventually(async () => {
      const figures = await stats('2026-01-01', '2026-01-31');
      return figures.trialingCustomers === 1 && figures;
    });
    expect(after.planMrr).toEqual(before.planMrr);
    expect(after.payingCustomers).toBe(before.payingCustomers);
  });

  it('turns tax on for checkout only when the operator does, and shows the tax on the invoice', async () => {
    const settings = () => request(billing.url).get(`${ADMIN}/settings`).set(admin.auth).expect(200);
    expect((await settings()).body).toEqual({ taxEnabled: false });
    const plain = await billing.user();
    expect(sessionOf(await checkout(plain, { kind: 'course', courseId: 'build-ai-agents' }))).toMatchObject({
      automaticTax: false,
      billingAddressCollection: 'auto',
      taxIdCollection: false,
    });
    await request(billing.url).put(`${ADMIN}/settings`).set(admin.auth).send({ taxEnabled: 'yes' }).expect(400);
    await request(billing.url).put(`${ADMIN}/settings`).set(admin.auth).send({ taxEnabled: true }).expect(200);
    const user = await billing.user();
    const url = await checkout(user, { kind: 'course', courseId: 'build-ai-agents' });
    expect(sessionOf(url)).toMatchObject({ automaticTax: true, billingAddressCollection: 'required', taxIdCollection: true });
    await submit(url, { cardNumber: '4242424242424242', country: 'US', postalCode: '94107' });
    const invoice = await eventually(async () => {
      const [row] = (await request(billing.url).get('/api/billing/invoices').set(user.auth).expect(200)).body.invoices as BillingInvoice[];
      return row?.status === 'paid' && row;
    });
    // $150 plus the local provider's 10 % test rate.
    expect(invoice).toMatchObject({ total: 16_500, tax: 1_500, discount: 0 });
    await request(billing.url).put(`${ADMIN}/settings`).set(admin.auth).send({ taxEnabled: false }).expect(200);
  });
});
