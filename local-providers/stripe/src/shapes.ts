import type Stripe from 'stripe';
import { TEST_TAX_PERCENT, TEST_TAX_RATE_ID } from './promotions';
import type { CheckoutSession, Coupon, Customer, Discount, Invoice, Price, PortalSession, PromotionCode, Subscription, SubscriptionItem, TestClock } from './store';

/** Stripe sends decimal amounts as strings on the wire; the SDK parses them into its Decimal type. */
const decimal = (amount: number) => String(amount) as unknown as Stripe.Decimal;

/**
 * The local server's records as Stripe answers them: every field of the SDK's resource types,
 * null where Stripe says nullable and the local server has nothing to say. Typed against the
 * `stripe` package, so a field Stripe adds to a type this server answers with fails the build.
 */

export function toCustomer(customer: Customer): Stripe.Customer {
  return {
    id: customer.id,
    object: 'customer',
    address: toAddress(customer.address),
    balance: 0,
    created: customer.created,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: customer.email,
    invoice_prefix: invoicePrefix(customer.id),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: customer.metadata,
    name: null,
    next_invoice_sequence: customer.next_invoice_sequence,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: customer.test_clock,
  };
}

function toAddress(address: Customer['address']): Stripe.Address | null {
  return address ? { city: null, country: address.country, line1: null, line2: null, postal_code: address.postal_code, state: null } : null;
}

export function toCoupon(coupon: Coupon, now: number): Stripe.Coupon {
  const valid = (coupon.redeem_by === null || now < coupon.redeem_by) && (coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions);
  return { ...coupon, livemode: false, valid };
}

export function toPromotionCode(code: PromotionCode, coupon: Coupon | undefined, now: number): Stripe.PromotionCode {
  return {
    id: code.id,
    object: 'promotion_code',
    active: code.active,
    code: code.code,
    created: code.created,
    customer: null,
    customer_account: null,
    expires_at: code.expires_at,
    livemode: false,
    max_redemptions: code.max_redemptions,
    metadata: code.metadata,
    promotion: { type: 'coupon', coupon: coupon ? toCoupon(coupon, now) : code.coupon },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: code.times_redeemed,
  };
}

/** A discount with its coupon (Stripe expands `source.coupon` when asked; the local server always does). */
export function toDiscount(discount: Discount, coupon: Coupon | undefined, now: number): Stripe.Discount {
  return {
    id: discount.id,
    object: 'discount',
    checkout_session: discount.checkout_session,
    customer: discount.customer,
    customer_account: null,
    end: discount.end,
    invoice: null,
    invoice_item: null,
    promotion_code: discount.promotion_code,
    source: { type: 'coupon', coupon: coupon ? toCoupon(coupon, now) : discount.coupon },
    start: discount.start,
    subscription: discount.subscription,
    subscription_item: null,
  };
}

export function toPrice(price: Price): Stripe.Price {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: price.metadata,
    nickname: null,
    product: price.product,
    recurring: price.recurring ? { interval: price.recurring.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: price.recurring ? 'recurring' : 'one_time',
    unit_amount: price.unit_amount,
    unit_amount_decimal: decimal(price.unit_amount),
  };
}

/** The legacy Plan Stripe still puts on every subscription item, mirroring its recurring price. */
function toPlan(price: Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: true,
    amount: price.unit_amount,
    amount_decimal: decimal(price.unit_amount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

function toSubscriptionItem(item: SubscriptionItem, subscriptionId: string): Stripe.SubscriptionItem {
  return {
    id: item.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: item.created,
    current_period_end: item.current_period_end,
    current_period_start: item.current_period_start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: toPlan(item.price),
    price: toPrice(item.price),
    quantity: item.quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

/** `discounts`: ids, or the discounts themselves when the request expands them. */
export type DiscountView = (id: string) => string | Stripe.Discount;

/**
 * `paymentMethod`: the customer's saved card as the subscription's default payment method, as
 * Checkout sets it when it collects one (null: a trial begun without a card).
 */
export function toSubscription(
  subscription: Subscription,
  testClock: string | null,
  discountView: DiscountView = (id) => id,
  paymentMethod: string | null = null,
): Stripe.Subscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: subscription.automatic_tax, liability: subscription.automatic_tax ? { type: 'self' } : null },
    billing_cycle_anchor: item?.current_period_start ?? subscription.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: subscription.cancel_at_period_end ? (item?.current_period_end ?? null) : null,
    cancel_at_period_end: subscription.cancel_at_period_end,
    canceled_at: subscription.canceled_at,
    cancellation_details: {
      comment: subscription.cancellation_comment,
      feedback: subscription.cancellation_feedback as Stripe.Subscription.CancellationDetails.Feedback | null,
      feedback_option: null,
      reason: subscription.canceled_at ? 'cancellation_requested' : null,
    },
    collection_method: 'charge_automatically',
    created: subscription.created,
    currency: item?.price.currency ?? 'usd',
    customer: subscription.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: paymentMethod,
    default_source: null,
    description: null,
    discounts: subscription.discount ? [discountView(subscription.discount)] : [],
    ended_at: subscription.status === 'canceled' ? subscription.canceled_at : null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: subscription.items.data.map((entry) => toSubscriptionItem(entry, subscription.id)), has_more: false, url: subscription.items.url },
    latest_invoice: subscription.latest_invoice,
    livemode: false,
    managed_payments: null,
    metadata: subscription.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: subscription.created,
    status: subscription.status,
    test_clock: testClock,
    transfer_data: null,
    trial_end: subscription.trial_end,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: subscription.missing_payment_method } },
    trial_start: subscription.trial_start,
  };
}

function invoiceData(session: CheckoutSession): Stripe.Checkout.Session.InvoiceCreation.InvoiceData {
  const wanted = session.invoiceCreation;
  return {
    account_tax_ids: null,
    custom_fields: null,
    description: wanted?.description ?? null,
    footer: null,
    issuer: null,
    metadata: wanted?.metadata ?? {},
    rendering_options: null,
  };
}

export function toCheckoutSession(session: CheckoutSession, customer: Customer | null = null): Stripe.Checkout.Session {
  const open = session.status === 'open';
  const customerDetails: Stripe.Checkout.Session.CustomerDetails | null = customer
    ? {
        address: toAddress(customer.address),
        business_name: null,
        email: customer.email,
        individual_name: null,
        name: null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: customer.tax_ids.map((value) => ({ type: 'unknown', value })),
      }
    : null;
  return {
    id: session.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: session.allowPromotionCodes || null,
    allowed_payment_method_types: null,
    amount_subtotal: session.charge.subtotal,
    amount_total: session.amount_total,
    automatic_tax: session.automaticTax
      ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status: open ? 'requires_location_inputs' : 'complete' }
      : { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: session.billingAddressCollection === 'required' ? 'required' : null,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency: session.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: session.customer,
    customer_account: null,
    customer_creation: null,
    customer_details: open ? null : customerDetails,
    customer_email: null,
    discounts: session.discountId ? [{ coupon: session.discount?.coupon ?? null, promotion_code: session.discount?.promotion_code ?? null }] : [],
    expires_at: session.created + 86_400,
    integration_identifier: null,
    invoice: session.invoice,
    invoice_creation: session.mode === 'payment' ? { enabled: session.invoiceCreation !== null, invoice_data: invoiceData(session) } : null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: session.metadata,
    mode: session.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: session.mode === 'subscription' ? session.paymentMethodCollection : null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: session.payment_status,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: session.subscription,
    success_url: session.success_url,
    tax_id_collection: { enabled: session.taxIdCollection, required: 'never' },
    total_details: { amount_discount: session.charge.discount, amount_shipping: 0, amount_tax: session.charge.tax },
    ui_mode: 'hosted',
    url: open ? session.url : null,
    wallet_options: null,
  };
}

export function toTestClock(clock: TestClock): Stripe.TestHelpers.TestClock {
  return { ...clock, status_details: {} };
}

export function toPortalSession(session: PortalSession): Stripe.BillingPortal.Session {
  return {
    id: session.id,
    object: 'billing_portal.session',
    configuration: 'bpc_local_default',
    created: session.created,
    customer: session.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: session.return_url,
    url: session.url,
  };
}

/** The customer's invoice prefix, as Stripe derives one per customer (`invoice_prefix`). */
export const invoicePrefix = (customerId: string) => customerId.slice(4, 12).toUpperCase();

export const formatMoney = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

/** Where the hosted invoice page and its PDF are served (Stripe's `invoice.stripe.com` and `pay.stripe.com`). */
export const hostedInvoicePath = (id: string) => `/i/${id}`;
export const invoicePdfPath = (id: string) => `/invoice/${id}/pdf`;

/** The invoice's tax at the local test rate, as Stripe reports an automatic-tax amount. */
function toTaxes(invoice: Invoice): Stripe.Invoice.TotalTax[] {
  if (!invoice.automatic_tax) return [];
  return [
    {
      amount: invoice.tax,
      tax_behavior: 'exclusive',
      tax_rate_details: { tax_rate: TEST_TAX_RATE_ID },
      taxability_reason: invoice.tax > 0 ? 'standard_rated' : 'not_collecting',
      taxable_amount: invoice.subtotal - invoice.discount_amount,
      type: 'tax_rate_details',
    },
  ];
}

export const TEST_TAX_LABEL = `Tax (local test rate ${TEST_TAX_PERCENT}%)`;

function toLineItem(invoice: Invoice): Stripe.InvoiceLineItem[] {
  if (!invoice.line) return [];
  const subscription = invoice.parent?.subscription_details.subscription ?? null;
  return [
    {
      id: `il_${invoice.id.slice(3)}`,
      object: 'line_item',
      amount: invoice.subtotal,
      currency: invoice.currency,
      description: invoice.line.description,
      discount_amounts: invoice.discount ? [{ amount: invoice.discount_amount, discount: invoice.discount }] : [],
      discountable: true,
      discounts: invoice.discount ? [invoice.discount] : [],
      invoice: invoice.id,
      livemode: false,
      metadata: {},
      parent: null,
      period: { start: invoice.line.period_start, end: invoice.line.period_end },
      pretax_credit_amounts: [],
      pricing: null,
      quantity: invoice.line.quantity,
      quantity_decimal: decimal(invoice.line.quantity),
      subscription,
      subtotal: invoice.subtotal,
      taxes: toTaxes(invoice),
    },
  ];
}

/**
 * An invoice: a subscription's (its parent names the subscription) or the one Checkout makes for a
 * one-off payment. A finalized one has a number, a hosted page and a PDF; a draft (a preview) has none.
 */
export function toInvoice(invoice: Invoice, customer: Customer | null, publicUrl: string): Stripe.Invoice {
  const paid = invoice.status === 'paid';
  const finalized = invoice.status !== 'draft';
  const lines = toLineItem(invoice);
  return {
    id: invoice.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Agentdock (local test mode)',
    account_tax_ids: null,
    amount_due: invoice.amount_due,
    amount_overpaid: 0,
    amount_paid: invoice.amount_paid,
    amount_remaining: invoice.amount_due - invoice.amount_paid,
    amount_shipping: 0,
    application: null,
    attempt_count: finalized ? 1 : 0,
    attempted: finalized,
    automatic_tax: invoice.automatic_tax
      ? { disabled_reason: null, enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'complete' }
      : { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: invoice.billing_reason,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: invoice.currency,
    custom_fields: null,
    customer: invoice.customer,
    customer_account: null,
    customer_address: toAddress(customer?.address ?? null),
    customer_email: customer?.email ?? null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: invoice.discount ? [invoice.discount] : [],
    due_date: null,
    effective_at: finalized ? invoice.created : null,
    ending_balance: finalized ? 0 : null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: finalized ? `${publicUrl}${hostedInvoicePath(invoice.id)}` : null,
    invoice_pdf: finalized ? `${publicUrl}${invoicePdfPath(invoice.id)}` : null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${invoice.id}/lines` },
    livemode: false,
    metadata: invoice.metadata,
    next_payment_attempt: null,
    number: invoice.number,
    on_behalf_of: null,
    parent: invoice.parent ? { type: 'subscription_details', quote_details: null, subscription_details: { ...invoice.parent.subscription_details } } : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: invoice.line?.period_start ?? invoice.created,
    period_start: invoice.line?.period_start ?? invoice.created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: invoice.starting_balance,
    statement_descriptor: null,
    status: invoice.status,
    status_transitions: {
      finalized_at: finalized ? invoice.created : null,
      marked_uncollectible_at: null,
      paid_at: paid ? invoice.created : null,
      voided_at: null,
    },
    subtotal: invoice.subtotal,
    subtotal_excluding_tax: invoice.subtotal,
    test_clock: customer?.test_clock ?? null,
    total: invoice.total,
    total_discount_amounts: invoice.discount ? [{ amount: invoice.discount_amount, discount: invoice.discount }] : [],
    total_excluding_tax: invoice.total - invoice.tax,
    total_pretax_credit_amounts: invoice.discount ? [{ amount: invoice.discount_amount, discount: invoice.discount, type: 'discount' }] : [],
    total_taxes: toTaxes(invoice),
    webhooks_delivered_at: invoice.created,
  };
}
