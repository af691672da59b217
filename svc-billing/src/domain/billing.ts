import {
  type AccessTokenClaims,
  BILLING_ERROR_CODES,
  type BillingSubscription,
  type ChangePlanPreview,
  type ChangePlanRequest,
  type CheckoutRequest,
  COMMUNITY_COURSE_ID,
  COURSES_PATH,
  DASHBOARD_PATH,
  MANAGE_SUBSCRIPTION_PATH,
  PRICING_PATH,
} from '@agentdock/contracts';
import { ConflictError, NotFoundError } from '@agentdock/service-kit';
import { type Db, type ServiceContext } from '@agentdock/service-data';
import { and, desc, eq, isNull } from '@agentdock/service-data/orm';
import type Stripe from 'stripe';
import { type BillingSchema, coursePrices, coursePurchases, customers, planPrices, type SubscriptionRow, subscriptions } from '../db/schema';
import { taxParams, trialFor } from './checkout-offers';
import { resolveCourseCheckout, resolveCreditPack, resolvePlanCheckout } from './checkout-rules';
import { courseNames } from './course-prices';
import { productName } from './product-name';
import { readStoredSubscription } from './stored-subscription';
import type { StoredSubscription } from './subscription-machine';
import { createCustomerClock } from './test-clocks';

export interface BillingDeps {
  stripe: Stripe;
  appUrl: string;
  /** Test mode: each new customer lives in its own Stripe test clock. */
  testClocks?: boolean;
}

/** Statuses that still hold (or are about to hold) what was bought. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** The caller's provider customer, created on first use and stored with the user id. */
export async function customerFor(context: ServiceContext<BillingSchema>, deps: BillingDeps, user: AccessTokenClaims): Promise<string> {
  const [existing] = await context.db.select().from(customers).where(eq(customers.userId, user.sub));
  if (existing) return existing.customerId;
  const testClock = deps.testClocks ? await createCustomerClock(deps.stripe, user.sub) : undefined;
  const created = await deps.stripe.customers.create(
    { email: user.email, metadata: { userId: user.sub }, ...(testClock ? { test_clock: testClock } : {}) },
    // Two concurrent first checkouts must not create two customers for one user.
    { idempotencyKey: `customer-${user.sub}` },
  );
  await context.db.insert(customers).values({ userId: user.sub, customerId: created.id }).onConflictDoNothing();
  const [stored] = await context.db.select().from(customers).where(eq(customers.userId, user.sub));
  return stored?.customerId ?? created.id;
}

/**
 * A person's own subscriptions: a team's subscription names the member who bought it, but it is
 * the team's (managed from the team page), never part of the buyer's plan.
 */
const personalOf = (userId: string) => and(eq(subscriptions.userId, userId), isNull(subscriptions.organisationId));

async function liveSubscriptions(db: Db, userId: string): Promise<StoredSubscription[]> {
  const rows = await db.select().from(subscriptions).where(personalOf(userId));
  return rows.map(readStoredSubscription).filter((state) => LIVE_STATUSES.has(state.status));
}

/** Starts a hosted checkout for a plan, a course or a credit pack; returns where to send the browser. */
export async function startCheckout(context: ServiceContext<BillingSchema>, deps: BillingDeps, user: AccessTokenClaims, request: CheckoutRequest): Promise<string> {
  const live = await liveSubscriptions(context.db, user.sub);
  const baseParams = { customer: '', client_reference_id: user.sub };
  let params: Stripe.Checkout.SessionCreateParams;
  if (request.kind === 'plan') {
    const plans = await context.db.select().from(planPrices);
    const plan = resolvePlanCheckout(plans, request, {
      tier: user.tier,
      hasActivePlanSubscription: live.some((state) => state.product.kind === 'plan'),
    });
    // Only the user: what is bought is the price, which the portal can change under any label.
    const metadata = { userId: user.sub };
    const trial = await trialFor(context.db, user.sub, plan.planId, plan.billingPeriod);
    params = {
      ...baseParams,
      mode: 'subscription',
      line_items: [{ price: plan.priceId, quantity: 1 }],
      success_url: `${deps.appUrl}${DASHBOARD_PATH}?subscription=success&plan=${plan.planId}`,
      cancel_url: `${deps.appUrl}${PRICING_PATH}?subscription=cancelled`,
      metadata,
      subscription_data: { metadata, ...(trial ? { trial_period_days: trial.days } : {}) },
      ...trial?.extras,
      allow_promotion_codes: true,
      ...(await taxParams(context.db)),
    };
  } else if (request.kind === 'course') {
    const bought = await context.db.select({ courseId: coursePurchases.courseId }).from(coursePurchases).where(eq(coursePurchases.userId, user.sub));
    const enrolled = new Set([...live.flatMap((state) => (state.product.kind === 'course' ? [state.product.courseId] : [])), ...bought.map((row) => row.courseId)]);
    const course = resolveCourseCheckout(await context.db.select().from(coursePrices), request.courseId, enrolled);
    const metadata = { userId: user.sub, kind: 'course', courseId: course.courseId };
    const coursePage = `${deps.appUrl}${COURSES_PATH}${course.courseId === COMMUNITY_COURSE_ID ? '' : `/${course.courseId}`}`;
    // The hosted page names what is bought, as the management page does.
    const name = productName({ kind: 'course', courseId: course.courseId }, new Map([[course.courseId, course.name]]));
    const shared = {
      ...baseParams,
      success_url: `${coursePage}?subscription=success`,
      cancel_url: `${coursePage}?subscription=cancelled`,
      metadata,
      allow_promotion_codes: true,
      ...(await taxParams(context.db)),
    };
    params =
      course.billing === 'one_time'
        ? {
            ...shared,
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency: course.currency, unit_amount: course.amount, product_data: { name } } }],
            // The provider issues a paid invoice for the course: the customer's receipt, listed with the others.
            invoice_creation: { enabled: true, invoice_data: { description: name, metadata } },
          }
        : {
            ...shared,
            mode: 'subscription',
            line_items: [{ quantity: 1, price_data: { currency: course.currency, unit_amount: course.amount, recurring: { interval: 'month' }, product_data: { name } } }],
            subscription_data: { metadata },
          };
  } else {
    const pack = resolveCreditPack(request.packId);
    const metadata = { userId: user.sub, kind: 'credits', packId: pack.id };
    const packName = `${pack.credits.toLocaleString('en-US')} platform credits`;
    params = {
      ...baseParams,
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: pack.currency,
            unit_amount: pack.amount,
            product_data: { name: packName },
          },
        },
      ],
      success_url: `${deps.appUrl}${DASHBOARD_PATH}?credits=success`,
      cancel_url: `${deps.appUrl}${DASHBOARD_PATH}?credits=cancelled`,
      metadata,
      // The provider issues a paid invoice for the pack: the customer's receipt, listed with the subscription invoices.
      invoice_creation: { enabled: true, invoice_data: { description: packName, metadata } },
      ...(await taxParams(context.db)),
    };
  }
  params.customer = await customerFor(context, deps, user);
  const session = await deps.stripe.checkout.sessions.create(params);
  if (!session.url) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.provider });
  return session.url;
}

/** The billing portal manages subscriptions: someone who never had one is told so, not sent to an empty page. */
export async function openPortal(context: ServiceContext<BillingSchema>, deps: BillingDeps, user: AccessTokenClaims): Promise<string> {
  const [any] = await context.db.select({ id: subscriptions.id }).from(subscriptions).where(personalOf(user.sub)).limit(1);
  if (!any) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.noCustomer });
  const session = await deps.stripe.billingPortal.sessions.create({
    customer: await customerFor(context, deps, user),
    return_url: `${deps.appUrl}${MANAGE_SUBSCRIPTION_PATH}`,
  });
  return session.url;
}

/** For subscriptions that are never a course's (a team's plan): nothing to name. */
export const NO_COURSE_NAMES: ReadonlyMap<string, string> = new Map();

export function toBillingSubscription(row: SubscriptionRow, courseNamesById: ReadonlyMap<string, string>): BillingSubscription {
  const state = readStoredSubscription(row);
  return {
    id: row.id,
    kind: state.product.kind,
    name: productName(state.product, courseNamesById),
    tier: state.product.kind === 'plan' ? state.product.tier : null,
    courseId: state.product.kind === 'course' ? state.product.courseId : null,
    status: row.status,
    price: { unitAmount: row.unitAmount, currency: row.currency, interval: row.interval === 'year' ? 'year' : 'month' },
    currentPeriodStart: state.currentPeriodStart,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    graceEndsAt: row.graceEndsAt === null ? null : new Date(row.graceEndsAt * 1000).toISOString(),
    trial: state.trial && { endsAt: new Date(state.trial.endsAt * 1000).toISOString(), cardOnFile: state.trial.cardOnFile, firstCharge: state.trial.firstCharge },
  };
}

export async function listSubscriptions(db: Db, userId: string): Promise<BillingSubscription[]> {
  const rows = await db.select().from(subscriptions).where(personalOf(userId)).orderBy(desc(subscriptions.updatedAt));
  const names = await courseNames(db);
  return rows.map((row) => toBillingSubscription(row, names));
}

/** The caller's own subscription; another user's id is indistinguishable from an unknown one. */
export async function ownSubscription(db: Db, userId: string, id: string): Promise<SubscriptionRow> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), personalOf(userId)));
  if (!row) throw new NotFoundError(undefined, { code: BILLING_ERROR_CODES.subscriptionNotFound });
  return row;
}

async function planChangeItems(
  context: ServiceContext<BillingSchema>,
  deps: BillingDeps,
  userId: string,
  id: string,
  request: ChangePlanRequest,
): Promise<Stripe.SubscriptionUpdateParams.Item[]> {
  const row = await ownSubscription(context.db, userId, id);
  const state = readStoredSubscription(row);
  if (state.product.kind !== 'plan' || !LIVE_STATUSES.has(state.status)) {
    throw new ConflictError('Only a running plan subscription can change plan.', { code: BILLING_ERROR_CODES.subscriptionNotActive });
  }
  const plans = await context.db.select().from(planPrices);
  // The change rules are the checkout rules for a user who holds no plan yet.
  const plan = resolvePlanCheckout(plans, request, { tier: 'free', hasActivePlanSubscription: false });
  const current = await deps.stripe.subscriptions.retrieve(id);
  const item = current.items.data[0];
  if (!item) throw new NotFoundError(undefined, { code: BILLING_ERROR_CODES.subscriptionNotFound });
  if (item.price.id === plan.priceId) throw new ConflictError(undefined, { code: BILLING_ERROR_CODES.samePlan });
  return [{ id: item.id, price: plan.priceId }];
}

/** The prorated amount the change would invoice now (negative: a credit). */
export async function previewPlanChange(
  context: ServiceContext<BillingSchema>,
  deps: BillingDeps,
  userId: string,
  id: string,
  request: ChangePlanRequest,
): Promise<ChangePlanPreview> {
  const items = await planChangeItems(context, deps, userId, id, request);
  const invoice = await deps.stripe.invoices.createPreview({
    subscription: id,
    subscription_details: { items, proration_behavior: 'always_invoice' },
  });
  return { amountDue: invoice.total, currency: invoice.currency };
}

/** Upgrade or downgrade with proration; the tier follows from the provider's webhook. */
export async function changePlan(context: ServiceContext<BillingSchema>, deps: BillingDeps, userId: string, id: string, request: ChangePlanRequest): Promise<BillingSubscription> {
  const items = await planChangeItems(context, deps, userId, id, request);
  await deps.stripe.subscriptions.update(id, { items, proration_behavior: 'always_invoice' });
  return toBillingSubscription(await ownSubscription(context.db, userId, id), await courseNames(context.db));
}
