import { randomUUID } from 'node:crypto';
import {
  BILLING_TEAM_ENDPOINTS,
  endpointUrl,
  organisationMemberJoinedV1,
  organisationMemberRemovedV1,
  organisationMemberRoleChangedV1,
  paymentReceivedV1,
  seatsChangedV1,
  subscriptionActivatedV1,
  teamCreditsPurchasedV1,
  teamSubscriptionActivatedV1,
  teamSubscriptionCanceledV1,
  creditsPurchasedV1,
} from '@agentdock/contracts';
import { outbox } from '@agentdock/service-data';
import { eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { planPrices } from '../src/db/schema';
import { NEW_TEAM_WAIT } from '../src/domain/team-roles';
import { BillingHarness, DRIVER, PLAN_PRICE_ROWS, type User } from './harness';

type Principal = 'owner' | 'admin' | 'member' | 'outsider' | 'removed';

/** Who of a team may call what: owner and admins manage seats; a member is refused; anyone else is told the team does not exist. */
const TEAM_ROLE_OUTCOME: Record<Principal, 'granted' | 403 | 404> = { owner: 'granted', admin: 'granted', member: 403, outsider: 404, removed: 404 };

describe(`a team's seats with the local Stripe (${DRIVER})`, () => {
  let billing: BillingHarness;
  let team: string;
  let people: Record<Principal, User>;
  const path = (name: keyof typeof BILLING_TEAM_ENDPOINTS) => endpointUrl(BILLING_TEAM_ENDPOINTS[name], { orgId: team });
  const events = async <T>(subject: string) =>
    (await billing.service.context.db.select().from(outbox)).filter((row) => row.subject === subject).map((row) => (row.payload as { data: T }).data);
  /** Identity's facts happen one after another (each its own transaction): their times differ, whatever order the bus delivers them in. */
  const fact: BillingHarness['publish'] = async (event, data) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await billing.publish(event, data);
  };

  const join = (user: User, role: 'owner' | 'admin' | 'member', members: number) => fact(organisationMemberJoinedV1, { organisationId: team, userId: user.id, role, members });

  beforeAll(async () => {
    billing = await BillingHarness.start();
    await billing.service.context.db.insert(planPrices).values(PLAN_PRICE_ROWS());
    team = randomUUID();
    people = { owner: await billing.user(), admin: await billing.user(), member: await billing.user(), outsider: await billing.user(), removed: await billing.user() };
    await join(people.owner, 'owner', 1);
    await join(people.removed, 'admin', 2);
    await join(people.admin, 'member', 3);
    await fact(organisationMemberRoleChangedV1, { organisationId: team, userId: people.admin.id, role: 'admin', previousRole: 'member' });
    await join(people.member, 'member', 4);
    await fact(organisationMemberRemovedV1, { organisationId: team, userId: people.removed.id, reason: 'removed', members: 3 });
    await eventually(async () => (await request(billing.url).get(path('teamBilling')).set(people.admin.auth)).body.members === 3);
  });
  afterAll(() => billing.close());

  it('answers each team endpoint by the caller’s role in the team (owner, admin, member, outsider, removed member)', async () => {
    const problems: string[] = [];
    for (const [name, endpoint] of Object.entries(BILLING_TEAM_ENDPOINTS)) {
      for (const [principal, expected] of Object.entries(TEAM_ROLE_OUTCOME)) {
        const url = path(name as keyof typeof BILLING_TEAM_ENDPOINTS);
        const auth = people[principal as Principal].auth;
        // A body that fails validation: a granted caller gets past authorization to a 400, never a change.
        const { status } =
          endpoint.method === 'GET' ? await request(billing.url).get(url).set(auth) : await request(billing.url).post(url).set(auth).send({ seats: 0, kind: 'none' });
        const got = status === 403 || status === 404 ? status : 'granted';
        if (got !== expected || status >= 500) problems.push(`${endpoint.method} ${endpoint.route} as ${principal}: expected ${expected}, got ${status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('sells seats through Checkout (quantity, adjustable on the page), announces them, and leaves the buyer’s own plan alone', async () => {
    const tooFew = await request(billing.url).post(path('teamCheckout')).set(people.owner.auth).send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly', seats: 2 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.error.code).toBe('seats_below_members');
    const { body } = await request(billing.url)
      .post(path('teamCheckout'))
      .set(people.owner.auth)
      .send({ kind: 'plan', planId: 'starter', billingPeriod: 'monthly', seats: 3 })
      .expect(200);
    const session = [...billing.stripe.engine.store.sessions.values()].find((entry) => body.url.endsWith(entry.id))!;
    // The page never lets the count go below the members the team has.
    expect(session.adjustableQuantity).toEqual({ minimum: 3, maximum: 500 });
    const page = await fetch(body.url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242', quantity: '4' }) });
    expect(page.headers.get('location')).toBe('http://app.test/dashboard/team?subscription=success');
    await billing.stripe.engine.webhooksIdle();
    await eventually(async () => (await events(seatsChangedV1.subject)).length === 1);

    expect(await events(seatsChangedV1.subject)).toEqual([
      { organisationId: team, subscriptionId: expect.stringMatching(/^sub_/), tier: 'starter', seats: 4, previousSeats: 0, subscriptionStatus: 'active' },
    ]);
    expect(await events(teamSubscriptionActivatedV1.subject)).toEqual([expect.objectContaining({ organisationId: team, tier: 'starter', seats: 4, billingPeriod: 'monthly' })]);
    // The buyer's personal tier and subscriptions do not move: no person's activation goes out.
    expect(await events(subscriptionActivatedV1.subject)).toEqual([]);
    expect((await request(billing.url).get('/api/billing/subscriptions').set(people.owner.auth).expect(200)).body.subscriptions).toEqual([]);
    expect((await events<{ amount: number }>(paymentReceivedV1.subject)).map((receipt) => receipt.amount)).toEqual([20_000]);
    const view = await request(billing.url).get(path('teamBilling')).set(people.admin.auth).expect(200);
    expect(view.body).toMatchObject({ members: 3, subscription: { seats: 4, tier: 'starter', status: 'active', price: { unitAmount: 5_000 } } });
    const again = await request(billing.url).post(path('teamCheckout')).set(people.admin.auth).send({ kind: 'plan', planId: 'professional', billingPeriod: 'monthly', seats: 3 });
    expect(again.body.error.code).toBe('team_subscription_exists');
  });

  it('changes the seat count with the provider’s proration preview, never below the members, and announces the change', async () => {
    const preview = await request(billing.url).post(path('previewSeats')).set(people.admin.auth).send({ seats: 6 }).expect(200);
    // Two more seats for (almost) the whole month.
    expect(preview.body).toMatchObject({ seats: 6, previousSeats: 4, currency: 'usd' });
    expect(preview.body.amountDue).toBeGreaterThan(9_900);
    expect(preview.body.amountDue).toBeLessThanOrEqual(10_000);
    expect((await request(billing.url).post(path('changeSeats')).set(people.admin.auth).send({ seats: 4 })).body.error.code).toBe('same_seats');
    expect((await request(billing.url).post(path('previewSeats')).set(people.admin.auth).send({ seats: 2 })).body.error.code).toBe('seats_below_members');
    expect((await request(billing.url).post(path('changeSeats')).set(people.member.auth).send({ seats: 6 })).status).toBe(403);

    await request(billing.url).post(path('changeSeats')).set(people.admin.auth).send({ seats: 6 }).expect(200);
    await billing.stripe.engine.webhooksIdle();
    await eventually(async () => (await events(seatsChangedV1.subject)).length === 2);
    expect((await events(seatsChangedV1.subject))[1]).toMatchObject({ seats: 6, previousSeats: 4, subscriptionStatus: 'active', tier: 'starter' });
    expect((await request(billing.url).get(path('teamBilling')).set(people.owner.auth).expect(200)).body.subscription.seats).toBe(6);
    // The prorated charge is the one the preview showed.
    const receipts = await events<{ amount: number; reason: string }>(paymentReceivedV1.subject);
    expect(receipts.find((receipt) => receipt.reason === 'plan-change')?.amount).toBe(preview.body.amountDue);

    // A member leaves: their seat is free, and the team may pay for fewer (a credit).
    await fact(organisationMemberRemovedV1, { organisationId: team, userId: people.member.id, reason: 'left', members: 2 });
    await eventually(async () => (await request(billing.url).get(path('teamBilling')).set(people.owner.auth)).body.members === 2);
    const down = await request(billing.url).post(path('previewSeats')).set(people.owner.auth).send({ seats: 2 }).expect(200);
    expect(down.body.amountDue).toBeLessThan(0);
    await request(billing.url).post(path('changeSeats')).set(people.owner.auth).send({ seats: 2 }).expect(200);
    await billing.stripe.engine.webhooksIdle();
    await eventually(async () => (await events(seatsChangedV1.subject)).length === 3);
    expect((await events(seatsChangedV1.subject))[2]).toMatchObject({ seats: 2, previousSeats: 6 });
    // A former member is refused like a stranger.
    expect((await request(billing.url).post(path('previewSeats')).set(people.member.auth).send({ seats: 3 })).status).toBe(404);
  });

  it('sells credit packs to the team’s pool, not to the wallet of the member who paid', async () => {
    const { body } = await request(billing.url).post(path('teamCheckout')).set(people.admin.auth).send({ kind: 'credits', packId: 'credits-500k' }).expect(200);
    await fetch(body.url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ cardNumber: '4242424242424242' }) });
    await billing.stripe.engine.webhooksIdle();
    await eventually(async () => (await events(teamCreditsPurchasedV1.subject)).length === 1);
    expect(await events(teamCreditsPurchasedV1.subject)).toEqual([expect.objectContaining({ organisationId: team, userId: people.admin.id, credits: 500_000, amount: 1_000 })]);
    expect(await events(creditsPurchasedV1.subject)).toEqual([]);
  });

  it('answers an owner who acts on a new team before identity’s event about it has arrived', async () => {
    const newTeam = randomUUID();
    const teamPath = endpointUrl(BILLING_TEAM_ENDPOINTS.teamBilling, { orgId: newTeam });
    // Started before the event, answered after it: the call waited for the team's first fact.
    const early = request(billing.url)
      .get(teamPath)
      .set(people.owner.auth)
      .then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 4 * NEW_TEAM_WAIT.everyMs));
    await billing.publish(organisationMemberJoinedV1, { organisationId: newTeam, userId: people.owner.id, role: 'owner', members: 1 });
    const answered = await early;
    expect(answered.status).toBe(200);
    expect(answered.body.members).toBe(1);
  });

  it('tells a stranger a team billing never heard of does not exist, after the wait, and one it knows at once', async () => {
    const started = Date.now();
    const unknown = await request(billing.url)
      .get(endpointUrl(BILLING_TEAM_ENDPOINTS.teamBilling, { orgId: randomUUID() }))
      .set(people.outsider.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('organisation_not_found');
    expect(Date.now() - started).toBeGreaterThanOrEqual(NEW_TEAM_WAIT.totalMs);
    const known = Date.now();
    expect((await request(billing.url).get(path('teamBilling')).set(people.outsider.auth)).status).toBe(404);
    expect(Date.now() - known).toBeLessThan(NEW_TEAM_WAIT.totalMs);
  });

  it('ends the seats when the subscription ends: seats 0, canceled', async () => {
    const { body } = await request(billing.url).get(path('teamBilling')).set(people.owner.auth).expect(200);
    await billing.stripe.engine.cancelNow(body.subscription.id);
    await billing.stripe.engine.webhooksIdle();
    await eventually(async () => (await events(teamSubscriptionCanceledV1.subject)).length === 1);
    const seats = await events(seatsChangedV1.subject);
    expect(seats[seats.length - 1]).toMatchObject({ seats: 0, previousSeats: 2, subscriptionStatus: 'canceled', tier: null });
    expect((await request(billing.url).get(path('teamBilling')).set(people.owner.auth).expect(200)).body.subscription).toBeNull();
  });
});
