import {
  type AdminTeamSubscriptions,
  type AccessTokenClaims,
  BILLING_ERROR_CODES,
  type SeatChangePreview,
  type SeatChangeRequest,
  TEAM_PATH,
  TEAM_SEATS_MAX,
  type TeamBilling,
  type TeamCheckoutRequest,
} from '@agentdock/contracts';
import { ConflictError, NotFoundError } from '@agentdock/service-kit';
import { type Db, type ServiceContext } from '@agentdock/service-data';
import { desc, eq, inArray } from '@agentdock/service-data/orm';
import type Stripe from 'stripe';
import { type BillingSchema, organisationCustomers, planPrices, type SubscriptionRow, subscriptions } from '../db/schema';
import { type BillingDeps, LIVE_STATUSES, NO_COURSE_NAMES, toBillingSubscription } from './billing';
import { resolveCreditPack, resolvePlanCheckout } from './checkout-rules';
import { memberCount, memberCounts } from './team-roles';
import { createCustomerClock } from './test-clocks';

/** The team's provider customer, made on its first checkout and kept with the organisation id. */
async function teamCustomer(context: ServiceContext<BillingSchema>, deps: BillingDeps, organisationId: string, buyer: AccessTokenClaims): Promise<string> {
  const [existing] = await context.db.select().from(organisationCustomers).where(eq(organisationCustomers.organisationId, organisationId));
  if (existing) return existing.customerId;
  const testClock = deps.testClocks ? await createCustomerClock(deps.stripe, organisationId) : undefined;
  const created = await deps.stripe.customers.create(
    { email: buyer.email, metadata: { organisationId }, ...(testClock ? { test_clock: testClock } : {}) },
    // Two admins checking out at once must not make two customers for one team.
    { idempotencyKey: `organisation-customer-${organisationId}` },
  );
  await context.db.insert(organisationCustomers).values({ organisationId, customerId: created.id }).onConflictDoNothing();
  const [stored] = await context.db.select().from(organisationCustomers).where(eq(organisationCustomers.organisationId, organisationId));
  return stored?.customerId ?? created.id;
}

/** The team's subscription that still holds seats (active, trialing, past due), if any. */
async function liveTeamSubscription(db: Db, organisationId: string): Promise<SubscriptionRow | null> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.organisationId, organisationId)).orderBy(desc(subscriptions.updatedAt));
  return rows.find((row) => LIVE_STATUSES.has(row.status)) ?? null;
}

/** For the admin console: each team's live subscription with its seats and its members, in the order asked. */
export async function teamsBilling(db: Db, organisationIds: string[]): Promise<AdminTeamSubscriptions> {
  const rows = await db.select().from(subscriptions).where(inArray(subscriptions.organisationId, organisationIds)).orderBy(desc(subscriptions.updatedAt));
  const members = await memberCounts(db, organisationIds);
  return {
    teams: organisationIds.map((organisationId) => {
      const row = rows.find((candidate) => candidate.organisationId === organisationId && LIVE_STATUSES.has(candidate.status));
      return {
        organisationId,
        subscription: row ? { ...toBillingSubscription(row, NO_COURSE_NAMES), seats: row.seats } : null,
        members: members.get(organisationId) ?? 0,
      };
    }),
  };
}

/** What the team page shows of billing: the subscription with its seats, and how many members hold one. */
export async function teamBilling(db: Db, organisationId: string): Promise<TeamBilling> {
  const row = await liveTeamSubscription(db, organisationId);
  return { subscription: row ? { ...toBillingSubscription(row, NO_COURSE_NAMES), seats: row.seats } : null, members: await memberCount(db, organisationId) };
}

// The functions below act for the team's owner or an admin: the routes check the role first (requireTeamManager).

/**
 * Starts the hosted checkout of a plan per seat (the customer may change the count on the page,
 * never below the members the team has), or of a credit pack for the team's pool.
 */
export async function startTeamCheckout(
  context: ServiceContext<BillingSchema>,
  deps: BillingDeps,
  buyer: AccessTokenClaims,
  organisationId: string,
  request: TeamCheckoutRequest,
): Promise<string> {
  const teamPage = `${deps.appUrl}${TEAM_PATH}`;
  let params: Stripe.Checkout.SessionCreateParams;
  if (request.kind === 'plan') {
    if (await liveTeamSubscription(context.db, organisationId)) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.teamSubscriptionExists });
    const members = Math.max(await memberCount(context.db, organisationId), 1);
    if (request.seats < members) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.seatsBelowMembers });
    // The team's plan is its own: the buyer's personal plan does not count against it.
    const plan = resolvePlanCheckout(await context.db.select().from(planPrices), request, { tier: 'free', hasActivePlanSubscription: false });
    const metadata = { userId: buyer.sub, organisationId };
    params = {
      mode: 'subscription',
      line_items: [{ price: plan.priceId, quantity: request.seats, adjustable_quantity: { enabled: true, minimum: members, maximum: TEAM_SEATS_MAX } }],
      success_url: `${teamPage}?subscription=success`,
      cancel_url: `${teamPage}?subscription=cancelled`,
      client_reference_id: organisationId,
      metadata,
      subscription_data: { metadata },
    };
  } else {
    const pack = resolveCreditPack(request.packId);
    const metadata = { userId: buyer.sub, organisationId, kind: 'credits', packId: pack.id };
    const packName = `${pack.credits.toLocaleString('en-US')} platform credits for the team`;
    params = {
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: pack.currency, unit_amount: pack.amount, product_data: { name: packName } } }],
      success_url: `${teamPage}?credits=success`,
      cancel_url: `${teamPage}?credits=cancelled`,
      client_reference_id: organisationId,
      metadata,
      invoice_creation: { enabled: true, invoice_data: { description: packName, metadata } },
    };
  }
  params.customer = await teamCustomer(context, deps, organisationId, buyer);
  const session = await deps.stripe.checkout.sessions.create(params);
  if (!session.url) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.provider });
  return session.url;
}

/** The team's portal (invoices, card, seats, cancellation), for its owner and admins. */
export async function openTeamPortal(context: ServiceContext<BillingSchema>, deps: BillingDeps, organisationId: string): Promise<string> {
  const [customer] = await context.db.select().from(organisationCustomers).where(eq(organisationCustomers.organisationId, organisationId));
  if (!customer) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.noTeamSubscription });
  const session = await deps.stripe.billingPortal.sessions.create({ customer: customer.customerId, return_url: `${deps.appUrl}${TEAM_PATH}` });
  return session.url;
}

/** The item a seat change updates, after the rules: a running subscription, another count, no fewer seats than members. */
async function seatChangeItem(context: ServiceContext<BillingSchema>, deps: BillingDeps, organisationId: string, request: SeatChangeRequest) {
  const row = await liveTeamSubscription(context.db, organisationId);
  if (!row) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.noTeamSubscription });
  if (request.seats < (await memberCount(context.db, organisationId))) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.seatsBelowMembers });
  // The provider's subscription, not the stored row a late webhook may still overwrite, says what is paid now.
  const current = await deps.stripe.subscriptions.retrieve(row.id);
  const item = current.items.data[0];
  if (!item) throw new NotFoundError(undefined, { code: BILLING_ERROR_CODES.subscriptionNotFound });
  const previousSeats = item.quantity ?? 1;
  if (previousSeats === request.seats) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.sameSeats });
  return { row, item: { id: item.id, quantity: request.seats }, previousSeats };
}

/** What changing the seats now would invoice (Stripe's proration preview): negative is a credit. */
export async function previewSeatChange(context: ServiceContext<BillingSchema>, deps: BillingDeps, organisationId: string, request: SeatChangeRequest): Promise<SeatChangePreview> {
  const { row, item, previousSeats } = await seatChangeItem(context, deps, organisationId, request);
  const invoice = await deps.stripe.invoices.createPreview({ subscription: row.id, subscription_details: { items: [item], proration_behavior: 'always_invoice' } });
  return { seats: request.seats, previousSeats, amountDue: invoice.total, currency: invoice.currency };
}

/** Changes the seats with proration; the seats the team holds follow from the provider's webhook. */
export async function changeSeats(context: ServiceContext<BillingSchema>, deps: BillingDeps, organisationId: string, request: SeatChangeRequest): Promise<TeamBilling> {
  const { row, item } = await seatChangeItem(context, deps, organisationId, request);
  await deps.stripe.subscriptions.update(row.id, { items: [item], proration_behavior: 'always_invoice' });
  return teamBilling(context.db, organisationId);
}
