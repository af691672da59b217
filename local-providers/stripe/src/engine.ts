import Stripe from 'stripe';
import { StripeApiError } from './errors';
import { type DeliveredEvent, type DeliveryOptions, WebhookDispatcher } from './delivery';
import { charge, discountApplies, INVALID_CODE_MESSAGE, redeem, redeemableCode } from './promotions';
import { chosenQuantity, lineItemQuantity, wholeNumber } from './quantity';
import { formatMoney, invoicePrefix, toCheckoutSession, toCustomer, toDiscount, toInvoice, toSubscription } from './shapes';
import {
  AUTHENTICATION_CARDS,
  AUTHENTICATION_FAILED_MESSAGE,
  AUTHENTICATION_REQUIRED_MESSAGE,
  type CardOutcome,
  type CheckoutSession,
  DECLINE_MESSAGE,
  TEST_CARDS,
  type Invoice,
  type LineItemInput,
  newId,
  type Price,
  StripeStore,
  type Subscription,
  type Customer,
  type Discount,
  type TestClock,
} from './store';

const DAY = 86_400;
const TRIAL_WILL_END_NOTICE = 3 * DAY;

export { StripeApiError } from './errors';

/** What `items[0]` of a subscription update (or its preview) changes: the price, the quantity, or both. */
export interface ItemChange {
  price: string | undefined;
  quantity: number | undefined;
}

export interface EngineOptions {
  publicUrl: string;
  /** Where signed events are POSTed (svc-billing's webhook route); none: events are only kept. */
  webhookUrl?: string;
  webhookSecret: string;
  /** Unpaid renewals are retried; after this many days the subscription is cancelled, as Stripe's dunning settings do. */
  cancelUnpaidAfterDays: number;
  log?: (message: string) => void;
  /** Retries and the shuffling, duplicating test mode of webhook delivery. */
  delivery?: DeliveryOptions;
}

const SUBSCRIPTION_LIST_STATUSES: ReadonlySet<string> = new Set([
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
]);

/** Stripe's `cancellation_details[feedback]` values. */
const CANCELLATION_FEEDBACK: ReadonlySet<string> = new Set([
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
]);

const addInterval = (start: number, interval: 'month' | 'year') => {
  const date = new Date(start * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
};

/** The behaviour of the local provider: checkout, subscriptions, invoices, test clocks, webhooks. */
export class StripeEngine {
  readonly store = new StripeStore();
  readonly delivered: DeliveredEvent[] = [];
  private readonly dispatcher: WebhookDispatcher;
  private readonly pastDueSince = new Map<string, number>();
  /** Settable after start, since the receiver may be started after the provider (tests, launcher). */
  webhookUrl: string | undefined;

  /** The prices the billing portal offers to switch between (its configured products, on Stripe). */
  readonly portalPriceIds = new Set<string>();

  constructor(private readonly options: EngineOptions) {
    this.webhookUrl = options.webhookUrl;
    this.dispatcher = new WebhookDispatcher({ ...options.delivery, secret: options.webhookSecret, url: () => this.webhookUrl, log: options.log });
    for (const [plan, name, monthly, annual] of [
      ['starter', 'Starter', 5_000, 54_000],
      ['professional', 'Pro', 10_000, 102_000],
    ] as const) {
      this.store.productNames.set(`prod_${plan}`, name);
      this.store.definePrice({
        id: `price_${plan}_monthly`,
        unit_amount: monthly,
        currency: 'usd',
        recurring: { interval: 'month', interval_count: 1 },
        product: `prod_${plan}`,
        metadata: {},
      });
      this.store.definePrice({
        id: `price_${plan}_annual`,
        unit_amount: annual,
        currency: 'usd',
        recurring: { interval: 'year', interval_count: 1 },
        product: `prod_${plan}`,
        metadata: {},
      });
      this.portalPriceIds.add(`price_${plan}_monthly`).add(`price_${plan}_annual`);
    }
  }

  /** The prices the portal lists, in the order it lists them. */
  portalPrices(): Price[] {
    return [...this.portalPriceIds].flatMap((id) => this.store.priceFor(id) ?? []);
  }

  /**
   * The portal's "switch plan": like Stripe's portal, only between the prices it is configured to
   * offer, from a subscription that pays one of them.
   */
  async switchInPortal(subscriptionId: string, priceId: string): Promise<Subscription> {
    const subscription = this.subscription(subscriptionId);
    const item = subscription.items.data[0] ?? this.missing('subscription_item', subscriptionId);
    if (!this.portalPriceIds.has(priceId) || !this.portalPriceIds.has(item.price.id) || item.price.id === priceId) {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', 'This plan is not available for your subscription.', 'price');
    }
    return this.updateSubscription(subscriptionId, { items: [{ id: item.id, price: priceId }] });
  }

  private missing(kind: string, id: string, param = 'id'): never {
    throw new StripeApiError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'`, param);
  }

  customer(id: string) {
    return this.store.customers.get(id) ?? this.missing('customer', id, 'customer');
  }

  subscription(id: string) {
    return this.store.subscriptions.get(id) ?? this.missing('subscription', id);
  }

  invoice(id: string) {
    return this.store.invoices.get(id) ?? this.missing('invoice', id);
  }

  session(id: string) {
    return this.store.sessions.get(id) ?? this.missing('checkout.session', id);
  }

  createCustomer(params: { email?: string; metadata?: Record<string, string>; test_clock?: string }) {
    const clock = params.test_clock === undefined ? null : this.clock(params.test_clock, 'test_clock');
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      email: params.email ?? null,
      metadata: params.metadata ?? {},
      created: clock?.frozen_time ?? this.store.now(),
      test_clock: clock?.id ?? null,
      card: null,
      next_invoice_sequence: 1,
      address: null,
      tax_ids: [],
    };
    this.store.customers.set(customer.id, customer);
    return customer;
  }

  clock(id: string, param = 'id'): TestClock {
    return this.store.clocks.get(id) ?? this.missing('test_helpers.test_clock', id, param);
  }

  /** The time a customer's objects live in: its test clock's frozen time, else the server's clock. */
  timeOf(customerId: unknown): number {
    const clockId = typeof customerId === 'string' ? this.store.customers.get(customerId)?.test_clock : null;
    const clock = clockId ? this.store.clocks.get(clockId) : undefined;
    return clock?.frozen_time ?? this.store.now();
  }

  createTestClock(params: { frozen_time?: string | number; name?: string }): TestClock {
    const frozen = Number(params.frozen_time);
    if (params.frozen_time === undefined) throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: frozen_time.', 'frozen_time');
    if (!Number.isInteger(frozen)) throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: frozen_time', 'frozen_time');
    const clock: TestClock = {
      id: newId('clock'),
      object: 'test_helpers.test_clock',
      created: this.store.now(),
      deletes_after: this.store.now() + 30 * DAY,
      frozen_time: frozen,
      livemode: false,
      name: params.name ?? null,
      status: 'ready',
      status_details: {},
    };
    this.store.clocks.set(clock.id, clock);
    return clock;
  }

  /**
   * Stripe's test clock advance: answers `advancing` at once, then runs what falls due for the
   * clock's customers (renewals, failed renewals, ends of period) and turns `ready`.
   */
  advanceTestClock(id: string, params: { frozen_time?: string | number }): TestClock {
    const clock = this.clock(id);
    const target = Number(params.frozen_time);
    if (params.frozen_time === undefined) throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: frozen_time.', 'frozen_time');
    if (!Number.isInteger(target)) throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: frozen_time', 'frozen_time');
    if (clock.status !== 'ready') throw new StripeApiError(400, 'invalid_request_error', 'test_clock_not_ready', 'The test clock is advancing; wait until it is ready.');
    if (target <= clock.frozen_time) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'Cannot advance a test clock to a time before or equal to its current frozen time.',
        'frozen_time',
      );
    }
    clock.status = 'advancing';
    setImmediate(() => {
      clock.frozen_time = target;
      void this.runDue(target, (customer) => customer?.test_clock === clock.id).finally(() => {
        clock.status = 'ready';
      });
    });
    return structuredClone(clock);
  }

  deleteTestClock(id: string) {
    const clock = this.clock(id);
    this.store.clocks.delete(clock.id);
    return { id: clock.id, object: 'test_helpers.test_clock' as const, deleted: true as const };
  }

  private priceOf(item: LineItemInput | undefined): Price {
    if (!item) throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: line_items.', 'line_items');
    if (item.price) return this.store.priceFor(item.price) ?? this.missing('price', item.price, 'line_items[0][price]');
    if (!item.price_data) throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: line_items[0][price].', 'line_items[0][price]');
    const unitAmount = Number(item.price_data.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 0) {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: unit_amount', 'line_items[0][price_data][unit_amount]');
    }
    const product = newId('prod');
    this.store.productNames.set(product, item.price_data.product_data?.name ?? '');
    return this.store.definePrice({
      id: newId('price'),
      unit_amount: unitAmount,
      currency: item.price_data.currency,
      recurring: item.price_data.recurring ? { interval: item.price_data.recurring.interval, interval_count: 1 } : null,
      product,
      metadata: {},
    });
  }

  createCheckoutSession(params: {
    mode?: string;
    customer?: string;
    client_reference_id?: string;
    success_url?: string;
    cancel_url?: string;
    line_items?: LineItemInput[];
    metadata?: Record<string, string>;
    subscription_data?: { metadata?: Record<string, string>; trial_period_days?: string | number };
    invoice_creation?: { enabled?: string | boolean; invoice_data?: { description?: string; metadata?: Record<string, string> } };
    payment_method_collection?: string;
    allow_promotion_codes?: string | boolean;
    discounts?: Array<{ coupon?: string; promotion_code?: string }>;
    automatic_tax?: { enabled?: string | boolean };
    tax_id_collection?: { enabled?: string | boolean };
    billing_address_collection?: string;
  }): CheckoutSession {
    if (params.mode !== 'subscription' && params.mode !== 'payment') {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_empty', 'Invalid mode: must be one of payment, setup or subscription', 'mode');
    }
    if (!params.success_url) throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: success_url.', 'success_url');
    const customer = this.customer(params.customer ?? '');
    const price = this.priceOf(params.line_items?.[0]);
    const { quantity, adjustable } = lineItemQuantity(params.line_items?.[0] ?? {});
    if ((params.mode === 'subscription') !== (price.recurring !== null)) {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', `You must provide at least one recurring price in \`${params.mode}\` mode.`, 'line_items');
    }
    const invoiceCreation = String(params.invoice_creation?.enabled) === 'true';
    if (invoiceCreation && params.mode !== 'payment') {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', 'invoice_creation can only be used in payment mode.', 'invoice_creation');
    }
    const trialDays = params.subscription_data?.trial_period_days === undefined ? 0 : Number(params.subscription_data.trial_period_days);
    if (!Number.isInteger(trialDays) || trialDays < 0 || trialDays > 730) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid_integer',
        'trial_period_days must be a whole number from 1 to 730.',
        'subscription_data[trial_period_days]',
      );
    }
    if (trialDays > 0 && params.mode !== 'subscription') {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', 'subscription_data can only be used in subscription mode.', 'subscription_data');
    }
    const collection = params.payment_method_collection ?? 'always';
    if (collection !== 'always' && collection !== 'if_required') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'Invalid payment_method_collection: must be one of always or if_required',
        'payment_method_collection',
      );
    }
    const allowPromotionCodes = String(params.allow_promotion_codes) === 'true';
    if (allowPromotionCodes && params.discounts?.length) {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', 'You may only specify one of these parameters: allow_promotion_codes, discounts.', 'discounts');
    }
    const discount = this.requestedDiscount(params.discounts?.[0]);
    const address = params.billing_address_collection ?? 'auto';
    if (address !== 'auto' && address !== 'required') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'Invalid billing_address_collection: must be one of auto or required',
        'billing_address_collection',
      );
    }
    const automaticTax = String(params.automatic_tax?.enabled) === 'true';
    const id = newId('cs_test');
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: params.client_reference_id ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? params.success_url,
      url: `${this.options.publicUrl}/checkout/${id}`,
      metadata: params.metadata ?? {},
      subscription: null,
      amount_total: 0,
      currency: price.currency,
      created: this.store.now(),
      price: price.id,
      quantity,
      adjustableQuantity: adjustable,
      subscriptionMetadata: params.subscription_data?.metadata ?? {},
      invoiceCreation: invoiceCreation
        ? { description: params.invoice_creation?.invoice_data?.description ?? null, metadata: params.invoice_creation?.invoice_data?.metadata ?? {} }
        : null,
      invoice: null,
      trialDays,
      paymentMethodCollection: collection,
      allowPromotionCodes,
      discount,
      automaticTax,
      taxIdCollection: String(params.tax_id_collection?.enabled) === 'true',
      billingAddressCollection: address,
      discountId: null,
      charge: { subtotal: 0, discount: 0, tax: 0, total: 0 },
    };
    this.priceSession(session);
    this.store.sessions.set(id, session);
    return session;
  }

  /** `discounts[0]` of a checkout: a coupon or a promotion code, which must be redeemable now. */
  private requestedDiscount(wanted: { coupon?: string; promotion_code?: string } | undefined): CheckoutSession['discount'] {
    if (!wanted) return null;
    const now = this.store.now();
    if (wanted.promotion_code) {
      const code = this.store.promotionCodes.get(wanted.promotion_code) ?? this.missing('promotion_code', wanted.promotion_code, 'discounts[0][promotion_code]');
      if (!redeemableCode(this.store, code.code, now)) {
        throw new StripeApiError(400, 'invalid_request_error', 'promotion_code_invalid', INVALID_CODE_MESSAGE, 'discounts[0][promotion_code]');
      }
      return { coupon: code.coupon, promotion_code: code.id };
    }
    const coupon = this.store.coupons.get(wanted.coupon ?? '') ?? this.missing('coupon', wanted.coupon ?? '', 'discounts[0][coupon]');
    return { coupon: coupon.id, promotion_code: null };
  }

  /** What the session charges now: nothing during a trial, else its price less the discount plus tax. */
  private priceSession(session: CheckoutSession): void {
    const price = this.store.priceFor(session.price);
    const subtotal = session.trialDays > 0 ? 0 : (price?.unit_amount ?? 0) * session.quantity;
    session.charge = charge(subtotal, session.discount ? this.store.coupons.get(session.discount.coupon) : undefined, session.automaticTax);
    session.amount_total = session.charge.total;
  }

  /** Checkout's "Add promotion code": applies a code the customer typed to an open session that allows codes. */
  applyPromotionCode(sessionId: string, code: string): CheckoutSession {
    const session = this.session(sessionId);
    if (session.status !== 'open') throw new StripeApiError(400, 'invalid_request_error', 'checkout_session_inactive', 'This checkout session is no longer open.');
    if (!session.allowPromotionCodes) throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', 'This checkout session does not accept promotion codes.');
    const found = redeemableCode(this.store, code, this.timeOf(session.customer));
    if (!found) throw new StripeApiError(400, 'invalid_request_error', 'promotion_code_invalid', INVALID_CODE_MESSAGE, 'promotion_code');
    session.discount = { coupon: found.coupon, promotion_code: found.id };
    this.priceSession(session);
    return session;
  }

  /** Whether the session can complete without a card: a trial that asked for one only if required. */
  cardOptional(session: CheckoutSession): boolean {
    return session.mode === 'subscription' && session.trialDays > 0 && session.paymentMethodCollection === 'if_required';
  }

  /** Whether the hosted page asks for the billing address (asked for, or needed to compute tax). */
  asksAddress(session: CheckoutSession): boolean {
    return session.billingAddressCollection === 'required' || session.automaticTax;
  }

  /**
   * Pays an open session with a test card; throws a card error for a declined one. A 3-D Secure
   * card needs `authentication`: without it the error's code is `authentication_required` (the
   * page then shows the challenge), and a failed challenge is refused like Stripe refuses it.
   */
  async payCheckout(
    sessionId: string,
    cardNumber: string,
    authentication: 'complete' | 'fail' | null = null,
    details: { country?: string; postalCode?: string; taxId?: string; quantity?: unknown } = {},
  ): Promise<CheckoutSession> {
    const session = this.session(sessionId);
    if (session.status !== 'open') throw new StripeApiError(400, 'invalid_request_error', 'checkout_session_inactive', 'This checkout session is no longer open.');
    // The page's quantity field exists only when the session made the quantity adjustable.
    if (session.adjustableQuantity && details.quantity !== undefined) this.setSessionQuantity(session, chosenQuantity(details.quantity, session.adjustableQuantity));
    const country = details.country?.trim().toUpperCase() ?? '';
    if (this.asksAddress(session) && !/^[A-Z]{2}$/.test(country)) {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Enter your billing address (country).', 'customer_details[address][country]');
    }
    if (this.cardOptional(session) && cardNumber.replace(/\D/g, '') === '') return this.completeCheckout(session, null, country, details);
    const card = this.cardOutcome(cardNumber);
    if (card === 'declined') throw new StripeApiError(402, 'card_error', 'card_declined', DECLINE_MESSAGE);
    if (this.requiresAuthentication(cardNumber)) {
      if (authentication === null) throw new StripeApiError(402, 'card_error', 'authentication_required', AUTHENTICATION_REQUIRED_MESSAGE);
      if (authentication === 'fail') throw new StripeApiError(402, 'card_error', 'payment_intent_authentication_failure', AUTHENTICATION_FAILED_MESSAGE);
    }
    // 4000 0000 0000 0341: attaching the card succeeds, charging it fails, from the first charge on.
    this.customer(session.customer).card = card;
    if (card === 'fails_later' && !this.requiresAuthentication(cardNumber) && session.amount_total > 0)
      throw new StripeApiError(402, 'card_error', 'card_declined', DECLINE_MESSAGE);
    return this.completeCheckout(session, card, country, details);
  }

  private async completeCheckout(session: CheckoutSession, card: CardOutcome | null, country: string, details: { postalCode?: string; taxId?: string }): Promise<CheckoutSession> {
    const customer = this.customer(session.customer);
    if (country) customer.address = { country, postal_code: details.postalCode?.trim() || null };
    if (session.taxIdCollection && details.taxId?.trim()) customer.tax_ids.push(details.taxId.trim());
    session.status = 'complete';
    session.payment_status = 'paid';
    let invoice: Invoice | null = null;
    let subscription: Subscription | null = null;
    let discount: Discount | null = null;
    if (session.discount) {
      discount = redeem(this.store, session.discount, { customer: session.customer, subscription: null, checkout_session: session.id }, this.timeOf(session.customer));
      session.discountId = discount.id;
    }
    if (session.mode === 'subscription') {
      subscription = this.startSubscription(session, card, discount);
      session.subscription = subscription.id;
      invoice = this.subscriptionInvoice(
        subscription,
        'subscription_create',
        'paid',
        session.trialDays > 0 ? 0 : (this.store.priceFor(session.price)?.unit_amount ?? 0) * session.quantity,
      );
    } else if (session.invoiceCreation) {
      invoice = this.oneOffInvoice(session);
      session.invoice = invoice.id;
    }
    await this.emit('checkout.session.completed', session);
    if (subscription) await this.emit('customer.subscription.created', subscription);
    if (invoice) await this.emitInvoice(invoice);
    if (subscription) await this.trialWillEnd(subscription, this.timeOf(subscription.customer));
    return session;
  }

  private setSessionQuantity(session: CheckoutSession, quantity: number): void {
    session.quantity = quantity;
    this.priceSession(session);
  }

  requiresAuthentication(cardNumber: string): boolean {
    return cardNumber.replace(/\D/g, '') in AUTHENTICATION_CARDS;
  }

  cardOutcome(cardNumber: string): CardOutcome {
    const digits = cardNumber.replace(/\D/g, '');
    const outcome = TEST_CARDS[digits] ?? AUTHENTICATION_CARDS[digits];
    if (!outcome) throw new StripeApiError(402, 'card_error', 'incorrect_number', 'Your card number is incorrect.');
    return outcome;
  }

  private startSubscription(session: CheckoutSession, card: CardOutcome | null, discount: Discount | null): Subscription {
    const price = this.store.priceFor(session.price) ?? this.missing('price', session.price);
    const now = this.timeOf(session.customer);
    const trialEnd = session.trialDays > 0 ? now + session.trialDays * DAY : null;
    const subscription: Subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd === null ? 'active' : 'trialing',
      cancel_at_period_end: false,
      canceled_at: null,
      created: now,
      metadata: session.subscriptionMetadata,
      trial_start: trialEnd === null ? null : now,
      trial_end: trialEnd,
      // Stripe's end behaviour for a trial begun without a card: cancel when it ends, as Checkout sets it.
      missing_payment_method: card === null ? 'cancel' : 'create_invoice',
      trial_will_end_sent: false,
      discount: discount?.id ?? null,
      automatic_tax: session.automaticTax,
      items: { object: 'list', data: [], has_more: false, url: '' },
      latest_invoice: null,
      cancellation_feedback: null,
      cancellation_comment: null,
    };
    subscription.items.url = `/v1/subscription_items?subscription=${subscription.id}`;
    subscription.items.data.push({
      id: newId('si'),
      object: 'subscription_item',
      created: now,
      price,
      quantity: session.quantity,
      current_period_start: now,
      current_period_end: trialEnd ?? addInterval(now, price.recurring?.interval ?? 'month'),
    });
    if (discount) discount.subscription = subscription.id;
    this.store.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** What a change would invoice now, as Stripe's preview answers it: an invoice that is not kept. */
  previewInvoice(subscription: Subscription, total: number, quantity?: number): Invoice {
    const item = subscription.items.data[0];
    const now = this.timeOf(subscription.customer);
    return {
      id: `upcoming_${subscription.id}`,
      object: 'invoice',
      customer: subscription.customer,
      status: 'draft',
      amount_due: Math.max(total, 0),
      amount_paid: 0,
      total,
      starting_balance: 0,
      currency: subscription.items.data[0]?.price.currency ?? 'usd',
      billing_reason: 'subscription_update',
      created: now,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      number: null,
      // The prorated remainder of the period, for the quantity the subscription would hold.
      line: item
        ? {
            description: `Remaining time on ${quantity ?? item.quantity} × ${this.store.productNames.get(item.price.product) || item.price.id}`,
            period_start: now,
            period_end: item.current_period_end,
            quantity: quantity ?? item.quantity,
          }
        : null,
      metadata: {},
      subtotal: total,
      discount_amount: 0,
      discount: null,
      tax: 0,
      automatic_tax: subscription.automatic_tax,
    };
  }

  /** Stripe numbers a finalized invoice with the customer's prefix and its next sequence number. */
  private nextInvoiceNumber(customerId: string): string {
    const customer = this.customer(customerId);
    const number = `${invoicePrefix(customer.id)}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
    customer.next_invoice_sequence += 1;
    return number;
  }

  /** The paid invoice Checkout's `invoice_creation` makes for a one-off payment. */
  private oneOffInvoice(session: CheckoutSession): Invoice {
    const price = this.store.priceFor(session.price);
    const now = this.timeOf(session.customer);
    const invoice: Invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: session.customer,
      status: 'paid',
      amount_due: session.amount_total,
      amount_paid: session.amount_total,
      total: session.amount_total,
      starting_balance: 0,
      currency: session.currency,
      billing_reason: 'manual',
      created: now,
      parent: null,
      number: this.nextInvoiceNumber(session.customer),
      line: {
        description: session.invoiceCreation?.description ?? ((price && this.store.productNames.get(price.product)) || 'Payment'),
        period_start: now,
        period_end: now,
        quantity: session.quantity,
      },
      metadata: session.invoiceCreation?.metadata ?? {},
      subtotal: session.charge.subtotal,
      discount_amount: session.charge.discount,
      discount: session.discountId,
      tax: session.charge.tax,
      automatic_tax: session.automaticTax,
    };
    this.store.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** As Stripe sends them for an invoice it finalizes and charges: finalized first, then its outcome. */
  private async emitInvoice(invoice: Invoice): Promise<void> {
    await this.emit('invoice.finalized', invoice);
    await this.emit(invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
  }

  /**
   * A subscription's invoice for `subtotal`: its discount taken off while it applies (a once-coupon
   * on the first invoice that charges anything, then removed as Stripe removes it), tax added when
   * the subscription has automatic tax. Prorations are not discounted.
   */
  private subscriptionInvoice(subscription: Subscription, reason: Invoice['billing_reason'], status: Invoice['status'], subtotal: number): Invoice {
    const item = subscription.items.data[0];
    const created = this.timeOf(subscription.customer);
    const discount = subscription.discount ? this.store.discounts.get(subscription.discount) : undefined;
    const coupon = discount ? this.store.coupons.get(discount.coupon) : undefined;
    const discounted = [...this.store.invoices.values()].some((entry) => entry.parent?.subscription_details.subscription === subscription.id && entry.discount_amount > 0);
    // Judged at the start of the period billed: one clock advance can bill several periods.
    const applies = reason !== 'subscription_update' && subtotal > 0 && discountApplies(discount, coupon, item?.current_period_start ?? created, !discounted);
    const { discount: discountAmount, tax, total } = charge(subtotal, applies ? coupon : undefined, subscription.automatic_tax);
    if (applies && coupon?.duration === 'once') subscription.discount = null;
    const invoice: Invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status,
      amount_due: Math.max(total, 0),
      amount_paid: status === 'paid' ? Math.max(total, 0) : 0,
      total,
      starting_balance: 0,
      currency: item?.price.currency ?? 'usd',
      billing_reason: reason,
      created,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      number: this.nextInvoiceNumber(subscription.customer),
      line: item
        ? {
            description: `${item.quantity} × ${this.store.productNames.get(item.price.product) || item.price.id} (at ${formatMoney(item.price.unit_amount, item.price.currency)} / ${item.price.recurring?.interval ?? 'month'})`,
            period_start: item.current_period_start,
            period_end: item.current_period_end,
            quantity: item.quantity,
          }
        : null,
      metadata: {},
      subtotal,
      discount_amount: discountAmount,
      discount: applies ? (discount?.id ?? null) : null,
      tax,
      automatic_tax: subscription.automatic_tax,
    };
    this.store.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /**
   * A customer's subscriptions, newest first, as Stripe lists them: without `status`, every one
   * not canceled; `all` includes those; `ended` is canceled ones only.
   */
  listSubscriptions({ customer, status }: { customer?: string; status?: string } = {}): Subscription[] {
    if (status !== undefined && !SUBSCRIPTION_LIST_STATUSES.has(status)) {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', `Invalid status: must be one of ${[...SUBSCRIPTION_LIST_STATUSES].join(', ')}`, 'status');
    }
    const matches = (sub: Subscription) => {
      if (status === 'all') return true;
      if (status === 'ended') return sub.status === 'canceled';
      if (status === undefined) return sub.status !== 'canceled';
      return sub.status === status;
    };
    return [...this.store.subscriptions.values()].filter((sub) => (!customer || sub.customer === customer) && matches(sub)).reverse();
  }

  /**
   * Stripe's answer for a record of this server: every field of the SDK's type. `expand` as the
   * request gave it: a subscription's discounts are ids unless `discounts` (or a path under it) is expanded.
   */
  present(object: unknown, expand: readonly string[] = []): unknown {
    const record = object as { object?: string; customer?: string };
    if (record.object === 'subscription') {
      const expanded = expand.some((path) => path === 'discounts' || path.startsWith('discounts.'));
      const now = this.timeOf(record.customer);
      const view = (id: string) => {
        const discount = this.store.discounts.get(id);
        return expanded && discount ? toDiscount(discount, this.store.coupons.get(discount.coupon), now) : id;
      };
      const customer = this.store.customers.get(record.customer ?? '');
      return toSubscription(object as Subscription, customer?.test_clock ?? null, view, customer?.card ? `pm_card_${customer.id.slice(4)}` : null);
    }
    if (record.object === 'checkout.session') return toCheckoutSession(object as CheckoutSession, this.store.customers.get(record.customer ?? '') ?? null);
    if (record.object === 'customer') return toCustomer(object as Customer);
    if (record.object === 'invoice') {
      const invoice = object as Invoice;
      return toInvoice(invoice, this.store.customers.get(invoice.customer) ?? null, this.options.publicUrl);
    }
    return object;
  }

  /** subscriptions.cancel: ends it now (not at period end), as DELETE /v1/subscriptions/:id does. */
  async cancelNow(id: string): Promise<Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', 'resource_missing', `No such subscription: '${id}' is already canceled.`, 'id');
    }
    await this.end(subscription);
    return subscription;
  }

  /**
   * Prorated amount of moving `subscription` to another price and/or quantity now: credit for the
   * unused time of what is paid, charge for the rest of the period at the new price × quantity.
   */
  proration(subscription: Subscription, change: ItemChange): number {
    const item = subscription.items.data[0] ?? this.missing('subscription_item', subscription.id);
    const next = change.price === undefined ? item.price : (this.store.priceFor(change.price) ?? this.missing('price', change.price, 'items[0][price]'));
    const quantity = change.quantity ?? item.quantity;
    const now = this.timeOf(subscription.customer);
    if (next.recurring?.interval !== item.price.recurring?.interval) return next.unit_amount * quantity - this.unusedCredit(item, now);
    const remaining = Math.max(item.current_period_end - now, 0) / (item.current_period_end - item.current_period_start);
    return Math.round((next.unit_amount * quantity - item.price.unit_amount * item.quantity) * remaining);
  }

  /** The change an `items[0]` parameter asks for, with Stripe's errors for a bad quantity. */
  itemChange(given: { price?: unknown; quantity?: unknown } | undefined): ItemChange {
    return {
      price: given?.price === undefined || given.price === '' ? undefined : String(given.price),
      quantity: given?.quantity === undefined ? undefined : wholeNumber(given.quantity, 'items[0][quantity]', 1),
    };
  }

  private unusedCredit(item: Subscription['items']['data'][number], now: number): number {
    const remaining = Math.max(item.current_period_end - now, 0) / (item.current_period_end - item.current_period_start);
    return Math.round(item.price.unit_amount * item.quantity * remaining);
  }

  async updateSubscription(
    id: string,
    params: {
      cancel_at_period_end?: string | boolean;
      items?: Array<{ id?: string; price?: string; quantity?: string | number }>;
      metadata?: Record<string, string>;
      cancellation_details?: { feedback?: string; comment?: string };
    },
  ): Promise<Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', 'resource_missing', 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (params.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = String(params.cancel_at_period_end) === 'true';
    const feedback = params.cancellation_details?.feedback;
    if (feedback !== undefined && !CANCELLATION_FEEDBACK.has(feedback)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        `Invalid cancellation_details[feedback]: must be one of ${[...CANCELLATION_FEEDBACK].join(', ')}`,
        'cancellation_details[feedback]',
      );
    }
    if (params.cancellation_details) {
      subscription.cancellation_feedback = feedback || null;
      subscription.cancellation_comment = params.cancellation_details.comment || null;
    }
    if (params.metadata) subscription.metadata = { ...subscription.metadata, ...params.metadata };
    const given = params.items?.[0];
    const change = this.itemChange(given);
    if (change.price !== undefined || change.quantity !== undefined) {
      const item = subscription.items.data.find((entry) => entry.id === given?.id) ?? this.missing('subscription_item', given?.id ?? '', 'items[0][id]');
      // A trial keeps running on the new price or quantity: nothing is charged until it ends.
      const trialing = subscription.status === 'trialing';
      const amount = trialing ? 0 : this.proration(subscription, change);
      const price = change.price === undefined ? item.price : (this.store.priceFor(change.price) ?? this.missing('price', change.price));
      if (!trialing && price.recurring?.interval !== item.price.recurring?.interval) {
        item.current_period_start = this.timeOf(subscription.customer);
        item.current_period_end = addInterval(item.current_period_start, price.recurring?.interval ?? 'month');
      }
      item.price = price;
      item.quantity = change.quantity ?? item.quantity;
      const invoice = this.subscriptionInvoice(subscription, 'subscription_update', 'paid', amount);
      await this.emit('customer.subscription.updated', subscription);
      await this.emitInvoice(invoice);
      return subscription;
    }
    await this.emit('customer.subscription.updated', subscription);
    return subscription;
  }

  /** The portal's "replace card": pays an open renewal at once, as Stripe retries with the new card. */
  async replaceCard(customerId: string, cardNumber: string): Promise<void> {
    const card = this.cardOutcome(cardNumber);
    if (card === 'declined') throw new StripeApiError(402, 'card_error', 'card_declined', DECLINE_MESSAGE);
    const customer = this.customer(customerId);
    customer.card = card;
    for (const subscription of this.store.subscriptions.values()) {
      if (subscription.customer === customerId && subscription.status === 'past_due' && card === 'pays') {
        subscription.status = 'active';
        this.pastDueSince.delete(subscription.id);
        const renewed = subscription.items.data[0];
        const invoice = this.subscriptionInvoice(subscription, 'subscription_cycle', 'paid', renewed ? renewed.price.unit_amount * renewed.quantity : 0);
        await this.emitInvoice(invoice);
        await this.emit('customer.subscription.updated', subscription);
      }
    }
  }

  /**
   * Moves the server's own clock (the one customers without a test clock live in) and runs what
   * falls due. A local shortcut; Stripe's own test clocks are `advanceTestClock`.
   */
  async advance(seconds: number): Promise<void> {
    this.store.advance(seconds);
    await this.runDue(this.store.now(), (customer) => !customer?.test_clock);
  }

  /** Renewals, failed renewals and ends of period due at `now` for the customers `on` selects. */
  private async runDue(now: number, on: (customer: Customer | undefined) => boolean): Promise<void> {
    for (const subscription of [...this.store.subscriptions.values()]) {
      if (!on(this.store.customers.get(subscription.customer))) continue;
      const item = subscription.items.data[0];
      if (!item || subscription.status === 'canceled') continue;
      const since = this.pastDueSince.get(subscription.id);
      if (subscription.status === 'past_due' && since !== undefined && now >= since + this.options.cancelUnpaidAfterDays * DAY) {
        await this.end(subscription);
        continue;
      }
      if (subscription.status === 'trialing') {
        await this.trialWillEnd(subscription, now);
        if (subscription.trial_end !== null && subscription.trial_end <= now) await this.endTrial(subscription);
      }
      while (subscription.status === 'active' && item.current_period_end <= now) {
        if (subscription.cancel_at_period_end) {
          await this.end(subscription);
          break;
        }
        item.current_period_start = item.current_period_end;
        item.current_period_end = addInterval(item.current_period_start, item.price.recurring?.interval ?? 'month');
        const pays = this.store.customers.get(subscription.customer)?.card === 'pays';
        if (pays) {
          const invoice = this.subscriptionInvoice(subscription, 'subscription_cycle', 'paid', item.price.unit_amount * item.quantity);
          await this.emitInvoice(invoice);
        } else {
          subscription.status = 'past_due';
          this.pastDueSince.set(subscription.id, item.current_period_start);
          const invoice = this.subscriptionInvoice(subscription, 'subscription_cycle', 'open', item.price.unit_amount * item.quantity);
          await this.emitInvoice(invoice);
        }
        await this.emit('customer.subscription.updated', subscription);
      }
      await this.expireDiscount(subscription, now);
    }
  }

  /** Stripe sends `customer.subscription.trial_will_end` three days before a trial ends (at once for a shorter trial). */
  private async trialWillEnd(subscription: Subscription, now: number): Promise<void> {
    if (subscription.status !== 'trialing' || subscription.trial_end === null || subscription.trial_will_end_sent) return;
    if (now < subscription.trial_end - TRIAL_WILL_END_NOTICE) return;
    subscription.trial_will_end_sent = true;
    await this.emit('customer.subscription.trial_will_end', subscription);
  }

  /**
   * The end of a trial: a saved card is charged for the first period (a failing one leaves the
   * subscription past_due); without a card, a trial begun without one is cancelled
   * (`missing_payment_method: cancel`), as is one set to cancel at period end.
   */
  private async endTrial(subscription: Subscription): Promise<void> {
    const item = subscription.items.data[0];
    const card = this.store.customers.get(subscription.customer)?.card ?? null;
    if (!item || subscription.cancel_at_period_end || (card === null && subscription.missing_payment_method === 'cancel')) {
      await this.end(subscription);
      return;
    }
    item.current_period_start = subscription.trial_end ?? item.current_period_end;
    item.current_period_end = addInterval(item.current_period_start, item.price.recurring?.interval ?? 'month');
    if (card === 'pays') {
      subscription.status = 'active';
      await this.emitInvoice(this.subscriptionInvoice(subscription, 'subscription_cycle', 'paid', item.price.unit_amount * item.quantity));
    } else {
      subscription.status = 'past_due';
      this.pastDueSince.set(subscription.id, item.current_period_start);
      await this.emitInvoice(this.subscriptionInvoice(subscription, 'subscription_cycle', 'open', item.price.unit_amount * item.quantity));
    }
    await this.emit('customer.subscription.updated', subscription);
  }

  /** A repeating coupon's discount leaves the subscription when its months are over, as on Stripe. */
  private async expireDiscount(subscription: Subscription, now: number): Promise<void> {
    const discount = subscription.discount ? this.store.discounts.get(subscription.discount) : undefined;
    if (!discount || discount.end === null || discount.end > now || subscription.status === 'canceled') return;
    subscription.discount = null;
    await this.emit('customer.subscription.updated', subscription);
  }

  private async end(subscription: Subscription): Promise<void> {
    subscription.status = 'canceled';
    subscription.canceled_at = this.timeOf(subscription.customer);
    this.pastDueSince.delete(subscription.id);
    await this.emit('customer.subscription.deleted', subscription);
  }

  /**
   * Records one event and hands it to delivery, which runs after the API call has answered, as on
   * Stripe: callers never wait for the receiver (tests wait with `webhooksIdle`).
   */
  async emit(type: string, object: unknown): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      // The account's version, as Stripe stamps events: the one the SDK this server ships with pins.
      api_version: Stripe.API_VERSION,
      // In the time of the customer the object belongs to (its test clock, if any).
      created: this.timeOf((object as { customer?: unknown }).customer),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(this.present(object)) },
    };
    const record: DeliveredEvent = { id: event.id, type, payload: JSON.stringify(event, null, 2), status: null, attempts: 0 };
    this.delivered.push(record);
    this.dispatcher.send(record);
  }

  /** Resolves when every webhook sent so far was answered 2xx or ran out of retries. */
  webhooksIdle(): Promise<void> {
    return this.dispatcher.idle();
  }

  /** Stops pending deliveries and their retries (the server is closing). */
  stopDeliveries(): void {
    this.dispatcher.close();
  }
}
