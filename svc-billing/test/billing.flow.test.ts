import {
  BILLING_TEXTS,
  courseAccessGrantedV1,
  creditsPurchasedV1,
  paymentReceivedV1,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  subscriptionPastDueV1,
  subscriptionPlanChangedV1,
  subscriptionRenewedV1,
} from '@agentdock/contracts';
import { AUTHENTICATION_FAILED_MESSAGE, startLocalStripe, type RunningLocalStripe } from '@agentdock/local-stripe';
import { chaoticDelivery, PLAN_PRICE_ROWS } from './harness';
import { outbox } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { createTestBus, gatewayHeaders, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import request from 'supertest';
import Stripe from 'stripe';
import { type BillingSchema, coursePurchases, parkedWebhookEvents, planPrices, subscriptions, webhookEvents } from '../src/db/schema';
import { applyCoursePublished } from '../src/domain/course-prices';
import { createBillingService, STRIPE_API_VERSION } from '../src/index';

const SECRET_KEY = 'sk_test_flow';
const WEBHOOK_SECRET = 'whsec_flow';
const DAY = 86_400;
const USER = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const THIRD = '00000000-0000-4000-8000-00000000000c';

// The real SDK against the local Stripe-protocol server over HTTP, and signed webhooks back into
// billing (PGlite and the in-process bus by default; PostgreSQL/JetStream when configured).
describe(`billing with the local Stripe server (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bus: TestBus;
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
  let stripeServer: RunningLocalStripe;
  let billing: TestService<BillingSchema>;
  let auth: Record<string, string>;
  let otherAuth: Record<string, string>;

  beforeAll(async () => {
    bus = await createTestBus();
    issuer = await createTestIssuer();
    stripeServer = await startLocalStripe({ port: 0, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, cancelUnpaidAfterDays: 7, delivery: chaoticDelivery() });
    billing = await startTestService(
      createBillingService({
        stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: stripeServer.port, protocol: 'http' },
        appUrl: 'http://app.test',
        graceDays: 7,
      }),
      { bus: bus.bus, jwksUrl: issuer.jwksUrl },
    );
    stripeServer.engine.webhookUrl = `${billing.url}/api/billing/webhooks/stripe`;
    await billing.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
    auth = { authorization: `Bearer ${await issuer.issue({ sub: USER, email: 'a@example.com' })}` };
    otherAuth = { authorization: `Bearer ${await issuer.issue({ sub: OTHER, email: 'b@example.com' })}` };
  });
  afterAll(async () => {
    await billing.cleanup();
    await stripeServer.close();
    await issuer.close();
    await bus.destroy();
  });

  const subjects = async () => (await billing.context.db.select().from(outbox)).map((row) => row.subject);
  /** Pays on the hosted page, then waits for the webhooks it set off (delivered after it answers). */
  const pay = async (url: string, cardNumber: string, authentication?: 'complete' | 'fail') => {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber, ...(authentication ? { authentication } : {}) }),
    });
    await stripeServer.engine.webhooksIdle();
    return response;
  };

  it('refuses a declined card and grants nothing', async () => {
    const { body } = await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly' }).expect(200);
    const response = await pay(body.url, '4000 0000 0000 0002');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Your card was declined.');
    expect((await request(billing.url).get('/api/billing/subscriptions').set(otherAuth).expect(200)).body.subscriptions).toEqual([]);
    expect(await subjects()).toEqual([]);
  });

  it('asks a 3-D Secure card for authentication and refuses it when the challenge fails', async () => {
    const { body } = await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly' }).expect(200);
    const challenge = await pay(body.url, '4000 0025 0000 3155');
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toContain('Authenticate this payment');
    const failed = await pay(body.url, '4000 0025 0000 3155', 'fail');
    expect(await failed.text()).toContain(AUTHENTICATION_FAILED_MESSAGE);
    expect((await request(billing.url).get('/api/billing/subscriptions').set(otherAuth).expect(200)).body.subscriptions).toEqual([]);
    expect(await subjects()).toEqual([]);
  });

  it('checks out Starter monthly with a test card and activates once', async () => {
    const { body } = await request(billing.url).post('/api/billing/checkout').set(auth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly' }).expect(200);
    expect(body.url).toMatch(new RegExp(`^${stripeServer.url}/checkout/cs_test_`));
    // The hosted page says what is bought, for how much and how often.
    const hosted = await (await fetch(body.url)).text();
    expect(hosted).toContain('<h1>Subscribe to Starter</h1>');
    expect(hosted).toContain('$50.00 per month');
    // 0341 is saved to the customer but its charge is declined, the first one too, as on Stripe.
    const declined = await pay(body.url, '4000 0000 0000 0341');
    expect(await declined.text()).toContain('Your card was declined.');
    const response = await pay(body.url, '4242 4242 4242 4242');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://app.test/dashboard?subscription=success&plan=starter');

    const list = (await request(billing.url).get('/api/billing/subscriptions').set(auth).expect(200)).body.subscriptions;
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'plan',
        name: 'Starter plan',
        tier: 'starter',
        status: 'active',
        price: { unitAmount: 5_000, currency: 'usd', interval: 'month' },
        cancelAtPeriodEnd: false,
        graceEndsAt: null,
        trial: null,
      }),
    ]);
    // Activated once, and the first payment's receipt.
    expect(await subjects()).toEqual([subscriptionActivatedV1.subject, paymentReceivedV1.subject]);
  });

  it('sends a paying user to the management page instead of a second checkout', async () => {
    const { body } = await request(billing.url).post('/api/billing/checkout').set(auth).send({ kind: 'plan', planId: 'professional', billingPeriod: 'monthly' }).expect(409);
    expect(body.error).toMatchObject({ code: 'already_subscribed', message: expect.stringContaining('subscription management page') });
    await request(billing.url).post('/api/billing/checkout').set(auth).send({ kind: 'plan', planId: 'free', billingPeriod: 'monthly' }).expect(400);
    await request(billing.url).post('/api/billing/checkout').set(auth).send({ kind: 'plan' }).expect(400);
  });

  it('changes plan with proration: previews the difference, refuses the same plan and another user, and the webhook moves the tier', async () => {
    const [row] = await billing.context.db.select().from(subscriptions);
    const changePath = `/api/billing/subscriptions/${row!.id}/change-plan`;
    const toPro = { planId: 'professional', billingPeriod: 'monthly' };

    const preview = (await request(billing.url).post(`${changePath}/preview`).set(auth).send(toPro).expect(200)).body;
    expect(preview).toEqual({ amountDue: expect.any(Number), currency: 'usd' });
    // Half-way or not, moving from $50 to $100 for the rest of the period costs more than 0 and at most $50.
    expect(preview.amountDue).toBeGreaterThan(0);
    expect(preview.amountDue).toBeLessThanOrEqual(5_000);

    await request(billing.url).post(changePath).set(otherAuth).send(toPro).expect(404);
    await request(billing.url).post(changePath).set(auth).send({ planId: 'enterprise', billingPeriod: 'monthly' }).expect(400);
    await request(billing.url).post(changePath).set(auth).send({ planId: 'starter', billingPeriod: 'monthly' }).expect(409);

    const before = (await subjects()).filter((subject) => subject === subscriptionPlanChangedV1.subject).length;
    await request(billing.url).post(changePath).set(auth).send(toPro).expect(200);
    await stripeServer.engine.webhooksIdle();
    expect(stripeServer.engine.store.subscriptions.get(row!.id)?.items.data[0]?.price.id).toBe('price_professional_monthly');
    const [changed] = (await request(billing.url).get('/api/billing/subscriptions').set(auth).expect(200)).body.subscriptions;
    expect(changed).toMatchObject({ tier: 'professional', name: 'Pro plan', status: 'active', price: { unitAmount: 10_000, currency: 'usd', interval: 'month' } });
    expect((await subjects()).filter((subject) => subject === subscriptionPlanChangedV1.subject)).toHaveLength(before + 1);
    // The prorated upgrade charged the difference: its receipt says so.
    const receipts = (await billing.context.db.select().from(outbox))
      .filter((row) => row.subject === paymentReceivedV1.subject)
      .map((row) => (row.payload as { data: { reason: string; amount: number } }).data);
    const [prorated] = receipts.filter((receipt) => receipt.reason === 'plan-change');
    expect(prorated!.amount).toBeGreaterThan(0);
    expect(prorated!.amount).toBeLessThanOrEqual(5_000);

    // And back: the downgrade is credited (negative preview) and leaves the period where it was.
    const toStarter = { planId: 'starter', billingPeriod: 'monthly' };
    expect((await request(billing.url).post(`${changePath}/preview`).set(auth).send(toStarter).expect(200)).body.amountDue).toBeLessThan(0);
    await request(billing.url).post(changePath).set(auth).send(toStarter).expect(200);
    await stripeServer.engine.webhooksIdle();
    const [back] = (await request(billing.url).get('/api/billing/subscriptions').set(auth).expect(200)).body.subscriptions;
    expect(back).toMatchObject({ tier: 'starter', currentPeriodStart: changed.currentPeriodStart, currentPeriodEnd: changed.currentPeriodEnd });
  });

  it('applies a webhook replayed 10 times once, and refuses a bad signature', async () => {
    const [row] = await billing.context.db.select().from(subscriptions);
    const subscription = await new Stripe(SECRET_KEY, { host: '127.0.0.1', port: stripeServer.port, protocol: 'http' }).subscriptions.retrieve(row!.id);
    const payload = JSON.stringify({
      id: 'evt_replayed',
      object: 'event',
      api_version: STRIPE_API_VERSION,
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000) + 1,
      data: { object: subscription },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const before = (await subjects()).length;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await request(billing.url).post('/api/billing/webhooks/stripe').set('stripe-signature', header).set('content-type', 'application/json').send(payload).expect(200);
    }
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: payload.replace('evt_replayed', 'evt_forged'), secret: 'whsec_wrong' });
    const refused = await request(billing.url)
      .post('/api/billing/webhooks/stripe')
      .set('stripe-signature', forged)
      .set('content-type', 'application/json')
      .send(payload.replace('evt_replayed', 'evt_forged'))
      .expect(400);
    expect(refused.body.error.code).toBe('invalid_signature');
    expect((await subjects()).length).toBe(before);
  });

  it("hides another user's subscription (404) and cancels the caller's at period end", async () => {
    const [row] = await billing.context.db.select().from(subscriptions);
    await request(billing.url).post(`/api/billing/subscriptions/${row!.id}/cancel`).set(otherAuth).send({ cancelAtPeriodEnd: true }).expect(404);
    await request(billing.url).post(`/api/billing/subscriptions/${row!.id}/cancel`).set(auth).send({ cancelAtPeriodEnd: false }).expect(400);
    const { body } = await request(billing.url).post(`/api/billing/subscriptions/${row!.id}/cancel`).set(auth).send({ cancelAtPeriodEnd: true }).expect(200);
    expect(body).toMatchObject({ id: row!.id, status: 'active', cancelAtPeriodEnd: true });
    expect(stripeServer.engine.store.subscriptions.get(row!.id)?.cancel_at_period_end).toBe(true);
  });

  it('fails the renewal charged to a 0341 card put in through the portal: past_due with a grace period, then free when it ends', async () => {
    const [row] = await billing.context.db.select().from(subscriptions);
    await stripeServer.engine.replaceCard(stripeServer.engine.store.subscriptions.get(row!.id)!.customer, '4000 0000 0000 0341');
    // Undo the cancellation so the renewal is attempted.
    stripeServer.engine.store.subscriptions.get(row!.id)!.cancel_at_period_end = false;
    await stripeServer.engine.advance(32 * DAY);
    await stripeServer.engine.webhooksIdle();
    const [pastDue] = (await request(billing.url).get('/api/billing/subscriptions').set(auth).expect(200)).body.subscriptions;
    expect(pastDue).toMatchObject({ status: 'past_due', graceEndsAt: expect.any(String) });
    expect(await subjects()).toContain(subscriptionPastDueV1.subject);

    await stripeServer.engine.advance(8 * DAY);

    await stripeServer.engine.webhooksIdle();
    await eventually(async () => (await subjects()).includes(subscriptionCanceledV1.subject));
    const [ended] = (await request(billing.url).get('/api/billing/subscriptions').set(auth).expect(200)).body.subscriptions;
    expect(ended).toMatchObject({ status: 'canceled', graceEndsAt: null });
  });

  it('lists the credit packs', async () => {
    const { body } = await request(billing.url).get('/api/billing/credit-packs').expect(200);
    expect(body.packs[0]).toEqual({ id: 'credits-500k', credits: 500_000, amount: 1_000, currency: 'usd' });
  });

  it("sells a course's monthly subscription once: paid access is granted, a second purchase and an unknown course are refused", async () => {
    const { body } = await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'course', courseId: 'build-ai-agents' }).expect(200);
    const hosted = await (await fetch(body.url)).text();
    expect(hosted).toContain('<h1>Subscribe to Build AI Agents course</h1>');
    expect(hosted).toContain('$150.00 per month');
    const response = await pay(body.url, '4242 4242 4242 4242');
    expect(response.headers.get('location')).toBe('http://app.test/courses/build-ai-agents?subscription=success');
    const list = (await request(billing.url).get('/api/billing/subscriptions').set(otherAuth).expect(200)).body.subscriptions;
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'course',
        name: 'Build AI Agents course',
        courseId: 'build-ai-agents',
        status: 'active',
        price: { unitAmount: 15_000, currency: 'usd', interval: 'month' },
      }),
    ]);
    expect(await subjects()).toContain(courseAccessGrantedV1.subject);

    const again = await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'course', courseId: 'build-ai-agents' }).expect(409);
    expect(again.body.error.code).toBe('already_enrolled');
    await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'course', courseId: 'no-such-course' }).expect(404);
  });

  it('sells a one-time course as one payment: access granted once however often the webhook comes, a second purchase and an archived course refused', async () => {
    await applyCoursePublished(
      billing.context.db,
      { courseId: 'sales-basics', title: 'Sales Basics', priceMinor: 9_900, currency: 'usd', billing: 'one_time', archived: false },
      new Date(),
    );
    const grantsOf = async () =>
      (await billing.context.db.select().from(outbox)).filter((row) => row.subject === courseAccessGrantedV1.subject && JSON.stringify(row).includes('sales-basics'));
    const { body } = await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'course', courseId: 'sales-basics' }).expect(200);
    expect(stripeServer.engine.store.sessions.get(body.url.split('/').pop())?.mode).toBe('payment');
    const hosted = await (await fetch(body.url)).text();
    expect(hosted).toContain('<h1>Pay for Sales Basics course</h1>');
    expect(hosted).toContain('$99.00, paid once');
    const response = await pay(body.url, '4242 4242 4242 4242');
    expect(response.headers.get('location')).toBe('http://app.test/courses/sales-basics?subscription=success');
    expect(await grantsOf()).toHaveLength(1);
    expect(((await grantsOf())[0]!.payload as { data: unknown }).data).toEqual({
      userId: OTHER,
      courseId: 'sales-basics',
      subscriptionId: expect.stringMatching(/^cs_/),
      oneTime: true,
    });
    expect(await billing.context.db.select().from(coursePurchases).where(eq(coursePurchases.courseId, 'sales-basics'))).toEqual([
      expect.objectContaining({ userId: OTHER, courseId: 'sales-basics' }),
    ]);
    const completed = stripeServer.engine.delivered.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
    await Promise.all(
      Array.from({ length: 3 }, () => postWebhook(completed.payload, Stripe.webhooks.generateTestHeaderString({ payload: completed.payload, secret: WEBHOOK_SECRET })).expect(200)),
    );
    expect(await grantsOf()).toHaveLength(1);

    const again = await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'course', courseId: 'sales-basics' }).expect(409);
    expect(again.body.error.code).toBe('already_enrolled');
    await applyCoursePublished(
      billing.context.db,
      { courseId: 'sales-basics', title: 'Sales Basics', priceMinor: 9_900, currency: 'usd', billing: 'one_time', archived: true },
      new Date(),
    );
    await request(billing.url).post('/api/billing/checkout').set(auth).send({ kind: 'course', courseId: 'sales-basics' }).expect(404);
  });

  it('sells a credit pack as a one-off payment and announces the purchased credits once', async () => {
    const { body } = await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'credits', packId: 'credits-500k' }).expect(200);
    expect(stripeServer.engine.store.sessions.get(body.url.split('/').pop())?.mode).toBe('payment');
    const hosted = await (await fetch(body.url)).text();
    expect(hosted).toContain('<h1>Pay for 500,000 platform credits</h1>');
    expect(hosted).toContain('$10.00, paid once');
    const response = await pay(body.url, '4242 4242 4242 4242');
    expect(response.headers.get('location')).toBe('http://app.test/dashboard?credits=success');
    const purchases = (await billing.context.db.select().from(outbox)).filter((row) => row.subject === creditsPurchasedV1.subject);
    expect(purchases).toHaveLength(1);
    expect(JSON.stringify(purchases[0])).toContain('500000');
    await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'credits', packId: 'credits-1' }).expect(404);
  });

  const postWebhook = (payload: string, header: string) =>
    request(billing.url).post('/api/billing/webhooks/stripe').set('stripe-signature', header).set('content-type', 'application/json').send(payload);
  const purchasesOf = async () => (await billing.context.db.select().from(outbox)).filter((row) => row.subject === creditsPurchasedV1.subject);

  it('grants a credit pack once when its checkout.session.completed is replayed, as Stripe redelivers it', async () => {
    const { body } = await request(billing.url).post('/api/billing/checkout').set(otherAuth).send({ kind: 'credits', packId: 'credits-500k' }).expect(200);
    const before = (await purchasesOf()).length;
    await pay(body.url, '4242 4242 4242 4242');
    expect(await purchasesOf()).toHaveLength(before + 1);
    const completed = stripeServer.engine.delivered.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
    expect(JSON.parse(completed.payload).data.object).toMatchObject({ mode: 'payment', payment_status: 'paid' });
    // Redelivered five times, each freshly signed (Stripe signs every attempt), concurrently too.
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const replay = await postWebhook(completed.payload, Stripe.webhooks.generateTestHeaderString({ payload: completed.payload, secret: WEBHOOK_SECRET })).expect(200);
        expect(replay.body).toEqual({ received: true, duplicate: true });
      }),
    );
    expect(await purchasesOf()).toHaveLength(before + 1);
  });

  it('refuses a validly signed webhook whose signature is days old or dated beyond the tolerance in the future', async () => {
    const completed = stripeServer.engine.delivered.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
    const payload = completed.payload.replace(completed.id, 'evt_out_of_time');
    const now = Math.floor(Date.now() / 1000);
    const before = (await purchasesOf()).length;
    // 5 s past the 300 s tolerance: the service reads its clock a moment after `now`, and a
    // second that ticks over in between must not bring the date back within it.
    for (const timestamp of [now - 3 * DAY, now - 305, now + 3 * DAY, now + 305]) {
      const refused = await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp })).expect(400);
      expect(refused.body.error.code).toBe('invalid_signature');
    }
    expect(await purchasesOf()).toHaveLength(before);
    // Within the tolerance either way is a normal delivery (clocks differ by a little); it is a
    // replay of a purchase already granted, so it grants nothing.
    await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now + 60 })).expect(200);
    expect(await purchasesOf()).toHaveLength(before);
  });

  it('moves a Pro subscriber who switches to the Starter price in the portal to Starter (tier from the price, not metadata), renews as Starter, and refuses prices the portal does not list', async () => {
    const payer = { authorization: `Bearer ${await issuer.issue({ sub: THIRD, email: 'c@example.com' })}` };
    const checkout = await request(billing.url).post('/api/billing/checkout').set(payer).send({ kind: 'plan', planId: 'professional', billingPeriod: 'monthly' }).expect(200);
    await pay(checkout.body.url, '4242 4242 4242 4242');
    const [pro] = (await request(billing.url).get('/api/billing/subscriptions').set(payer).expect(200)).body.subscriptions;
    expect(pro).toMatchObject({ tier: 'professional', status: 'active' });
    // Billing writes only the user id: nothing in metadata names a plan for the portal to leave stale.
    expect(stripeServer.engine.store.subscriptions.get(pro.id)?.metadata).toEqual({ userId: THIRD });

    const portalUrl = (await request(billing.url).post('/api/billing/portal').set(payer).expect(200)).body.url as string;
    const submit = (price: string) =>
      fetch(portalUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'switch', subscription: pro.id, price }),
      });
    const page = await (await fetch(portalUrl)).text();
    expect(page).toContain('price_starter_monthly');
    // A price the portal does not list (here a course's) is refused, and nothing changes.
    const coursePrice = [...stripeServer.engine.store.subscriptions.values()].find((sub) => sub.metadata.kind === 'course')!.items.data[0]!.price.id;
    const refused = await submit(coursePrice);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This plan is not available for your subscription.');
    expect(stripeServer.engine.store.subscriptions.get(pro.id)?.items.data[0]?.price.id).toBe('price_professional_monthly');

    expect((await submit('price_starter_monthly')).status).toBe(303);
    await stripeServer.engine.webhooksIdle();
    const events = async (subject: string) =>
      (await billing.context.db.select().from(outbox))
        .filter((row) => row.subject === subject)
        .map((row) => (row.payload as { data: { userId: string; tier: string; previousTier?: string } }).data)
        .filter((data) => data.userId === THIRD);
    await eventually(async () => (await events(subscriptionPlanChangedV1.subject)).length === 1);
    expect(await events(subscriptionPlanChangedV1.subject)).toEqual([expect.objectContaining({ tier: 'starter', previousTier: 'professional' })]);
    const [starter] = (await request(billing.url).get('/api/billing/subscriptions').set(payer).expect(200)).body.subscriptions;
    expect(starter).toMatchObject({ tier: 'starter', name: 'Starter plan', price: { unitAmount: 5_000, currency: 'usd', interval: 'month' } });

    await stripeServer.engine.advance(32 * DAY);

    await stripeServer.engine.webhooksIdle();
    await eventually(async () => (await events(subscriptionRenewedV1.subject)).length === 1);
    expect(await events(subscriptionRenewedV1.subject)).toEqual([expect.objectContaining({ tier: 'starter' })]);
    // A receipt for each charge that took money: the first payment and the renewal; the
    // downgrade credited the customer, so it charged nothing. Webhooks may be handled in either
    // order, so the receipts are compared as a set.
    await eventually(async () => (await events(paymentReceivedV1.subject)).length === 2);
    const receipts = await events(paymentReceivedV1.subject);
    expect(receipts).toHaveLength(2);
    expect(receipts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'first-payment', amount: 10_000, currency: 'usd', description: 'Pro plan', manageUrl: 'http://app.test/manage-subscription' }),
        expect.objectContaining({ reason: 'renewal', amount: 5_000, description: 'Starter plan' }),
      ]),
    );
  });

  it('ignores a plan named in metadata and answers an unknown plan price with a retryable error, recording nothing', async () => {
    const [row] = (await billing.context.db.select().from(subscriptions)).filter((entry) => entry.userId === THIRD);
    const signed = (id: string, object: unknown) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: STRIPE_API_VERSION,
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000) + 5 * DAY,
        data: { object },
      });
      return postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    };
    // The provider's subscription says Pro in its metadata but pays the Starter price.
    const live = stripeServer.engine.store.subscriptions.get(row!.id)!;
    const { metadata, items } = live;
    live.metadata = { userId: THIRD, kind: 'plan', tier: 'professional' };
    await signed('evt_metadata_label', live).expect(200);
    live.metadata = metadata;
    expect(
      (
        await request(billing.url)
          .get('/api/billing/subscriptions')
          .set({ authorization: `Bearer ${await issuer.issue({ sub: THIRD, email: 'c@example.com' })}` })
      ).body.subscriptions[0],
    ).toMatchObject({ tier: 'starter' });

    live.items = { ...items, data: [{ ...items.data[0]!, price: { ...items.data[0]!.price, id: 'price_not_in_the_catalog' } }] };
    const unknown = await signed('evt_unknown_price', live).expect(409);
    live.items = items;
    expect(unknown.body.error.code).toBe('unknown_price');
    // Not recorded: the provider's retry is applied once the catalog's plan names the price.
    expect((await billing.context.db.select().from(webhookEvents)).map((event) => event.id)).not.toContain('evt_unknown_price');
  });

  it('resumes a subscription set to end at period end, until then, and only the caller’s own', async () => {
    const payer = { authorization: `Bearer ${await issuer.issue({ sub: THIRD, email: 'c@example.com' })}` };
    const [row] = (await billing.context.db.select().from(subscriptions)).filter((entry) => entry.userId === THIRD);
    const path = `/api/billing/subscriptions/${row!.id}`;
    const notCanceling = await request(billing.url).post(`${path}/resume`).set(payer).expect(409);
    expect(notCanceling.body.error.code).toBe('not_canceling');

    await request(billing.url).post(`${path}/cancel`).set(payer).send({ cancelAtPeriodEnd: true }).expect(200);
    expect(stripeServer.engine.store.subscriptions.get(row!.id)?.cancel_at_period_end).toBe(true);
    await request(billing.url).post(`${path}/resume`).set(otherAuth).expect(404);
    const { body } = await request(billing.url).post(`${path}/resume`).set(payer).expect(200);
    expect(body).toMatchObject({ id: row!.id, status: 'active', cancelAtPeriodEnd: false });
    expect(stripeServer.engine.store.subscriptions.get(row!.id)?.cancel_at_period_end).toBe(false);
    // The provider's own webhooks agree, whatever order the cancel's and the resume's arrive in.
    await stripeServer.engine.webhooksIdle();
    expect((await request(billing.url).get('/api/billing/subscriptions').set(payer)).body.subscriptions[0]).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('tells someone with no subscription that there is no billing to manage instead of opening the portal', async () => {
    const newcomer = { authorization: `Bearer ${await issuer.issue({ sub: '00000000-0000-4000-8000-00000000000d', email: 'd@example.com' })}` };
    const { body } = await request(billing.url).post('/api/billing/portal').set(newcomer).expect(409);
    expect(body.error).toMatchObject({ code: 'no_customer', message: BILLING_TEXTS.noSubscriptionForPortal });
  });

  it('parks a signed event of another API version instead of applying it: logged, counted, kept for replay', async () => {
    const [row] = (await billing.context.db.select().from(subscriptions)).filter((entry) => entry.userId === THIRD);
    // The local server stamps its events with the version billing pins.
    expect(JSON.parse(stripeServer.engine.delivered.at(-1)!.payload).api_version).toBe(STRIPE_API_VERSION);
    const before = await billing.context.db.select().from(subscriptions);
    const object = { ...JSON.parse(JSON.stringify(stripeServer.engine.store.subscriptions.get(row!.id))), status: 'canceled' };
    const payload = JSON.stringify({
      id: 'evt_old_version',
      object: 'event',
      api_version: '2025-01-01',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000) + 10 * DAY,
      data: { object },
    });
    const deliver = () => postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })).expect(200);
    expect((await deliver()).body).toEqual({ received: true, duplicate: false });
    expect((await deliver()).body).toEqual({ received: true, duplicate: true });
    expect(await billing.context.db.select().from(subscriptions)).toEqual(before);
    expect(await billing.context.db.select().from(parkedWebhookEvents)).toEqual([
      expect.objectContaining({ id: 'evt_old_version', apiVersion: '2025-01-01', type: 'customer.subscription.updated' }),
    ]);
    // Service ports serve /metrics only to the gateway (and to a scraper holding its secret).
    const metrics = await request(billing.url).get('/metrics').set(gatewayHeaders()).expect(200);
    expect(metrics.text).toMatch(/billing_webhook_events_parked_total\{[^}]*api_version="2025-01-01"[^}]*\} 1/);
  });

  it('pins the API version in every request the SDK sends', async () => {
    const seen: string[] = [];
    const listener = (req: { headers: Record<string, string | string[] | undefined> }) => void seen.push(String(req.headers['stripe-version']));
    stripeServer.server.on('request', listener);
    const payer = { authorization: `Bearer ${await issuer.issue({ sub: THIRD, email: 'c@example.com' })}` };
    await request(billing.url).post('/api/billing/portal').set(payer).expect(200);
    stripeServer.server.off('request', listener);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([STRIPE_API_VERSION]));
  });
});
