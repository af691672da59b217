import { randomBytes } from 'node:crypto';

/**
 * In-memory state of the local Stripe-protocol server, with Stripe's object shapes (the subset
 * svc-billing reads). One simulated clock plays the part of a Stripe test clock.
 */

export type CardOutcome = 'pays' | 'declined' | 'fails_later';

/** Stripe's test cards: 4242… pays, 0002 is declined, 0341 attaches but every charge to it fails (the first one too). */
export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': 'pays',
  '4000000000000002': 'declined',
  '4000000000000341': 'fails_later',
};

/**
 * Stripe's 3-D Secure test cards: the hosted page asks for authentication before paying. The value
 * is what the saved card does later off-session: 3155 renews without asking again, 3184 asks on
 * every charge, so its renewals fail.
 */
export const AUTHENTICATION_CARDS: Record<string, CardOutcome> = {
  '4000002500003155': 'pays',
  '4000002760003184': 'fails_later',
};

export const DECLINE_MESSAGE = 'Your card was declined.';
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Your card was declined. This transaction requires authentication.';
/** Stripe's text when the customer fails (or abandons) the 3-D Secure challenge. */
export const AUTHENTICATION_FAILED_MESSAGE = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface Price {
  id: string;
  object: 'price';
  created: number;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year'; interval_count: 1 } | null;
  product: string;
  metadata: Record<string, string>;
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  /** The test clock the customer's objects live in (Stripe's `test_clock`). */
  test_clock: string | null;
  /** The card outcome of the customer's saved card, if any. */
  card: CardOutcome | null;
  /** Stripe's `next_invoice_sequence`: invoice numbers are the customer's prefix and this count. */
  next_invoice_sequence: number;
  /** The billing address Checkout collected (country and postal code: what automatic tax needs). */
  address: { country: string; postal_code: string | null } | null;
  /** Tax ids the customer gave at checkout (`tax_id_collection`). */
  tax_ids: string[];
}

/** A coupon (Stripe's `coupon`): what a discount takes off and for how long. */
export interface Coupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  currency: string | null;
  percent_off: number | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  max_redemptions: number | null;
  redeem_by: number | null;
  name: string | null;
  created: number;
  times_redeemed: number;
  metadata: Record<string, string>;
}

/** A customer-facing code for a coupon (Stripe's `promotion_code`). */
export interface PromotionCode {
  id: string;
  object: 'promotion_code';
  code: string;
  coupon: string;
  active: boolean;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  created: number;
  metadata: Record<string, string>;
}

/** A coupon applied to a subscription or a one-off checkout (Stripe's `discount`). */
export interface Discount {
  id: string;
  object: 'discount';
  coupon: string;
  promotion_code: string | null;
  customer: string;
  subscription: string | null;
  checkout_session: string | null;
  start: number;
  /** When a repeating coupon stops applying; null for once (one invoice) and forever. */
  end: number | null;
}

/** What an invoice or a checkout charges: the price, less the discount, plus tax on the rest. */
export interface Charge {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

export interface LineItemInput {
  price?: string;
  quantity?: string | number;
  /** Checkout lets the customer change the quantity on the page, between these bounds. */
  adjustable_quantity?: { enabled?: string | boolean; minimum?: string | number; maximum?: string | number };
  price_data?: {
    currency: string;
    unit_amount: string | number;
    recurring?: { interval: 'month' | 'year' };
    product_data?: { name?: string };
  };
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  metadata: Record<string, string>;
  subscription: string | null;
  amount_total: number;
  currency: string;
  created: number;
  /** Not part of Stripe's object: what the session sells, how many, and the subscription metadata. */
  price: string;
  quantity: number;
  /** The bounds the customer may change `quantity` between on the page (line_items[].adjustable_quantity). */
  adjustableQuantity: { minimum: number; maximum: number } | null;
  subscriptionMetadata: Record<string, string>;
  /** `invoice_creation` of a payment-mode session: a paid invoice is made for the one-off payment. */
  invoiceCreation: { description: string | null; metadata: Record<string, string> } | null;
  /** The invoice made for this session (Stripe's `invoice`), once paid. */
  invoice: string | null;
  /** `subscription_data.trial_period_days`: days before the first charge (0: none). */
  trialDays: number;
  /** `payment_method_collection`: `if_required` lets a trial start without a card. */
  paymentMethodCollection: 'always' | 'if_required';
  allowPromotionCodes: boolean;
  /** The coupon (and the code that named it) the session applies, from `discounts` or the customer's code. */
  discount: { coupon: string; promotion_code: string | null } | null;
  automaticTax: boolean;
  taxIdCollection: boolean;
  billingAddressCollection: 'auto' | 'required';
  /** The discount made when the session was paid (Stripe's `discounts` on the completed session). */
  discountId: string | null;
  /** What is due now: nothing during a trial, else the price less the discount plus tax. */
  charge: Charge;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  /** The customer's reason for cancelling, as given with `cancellation_details`. */
  cancellation_feedback: string | null;
  cancellation_comment: string | null;
  trial_start: number | null;
  trial_end: number | null;
  /** `trial_settings.end_behavior.missing_payment_method`: `cancel` when the trial began without a card. */
  missing_payment_method: 'cancel' | 'create_invoice';
  /** Whether `customer.subscription.trial_will_end` was sent for the current trial. */
  trial_will_end_sent: boolean;
  discount: string | null;
  automatic_tax: boolean;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid' | 'open' | 'draft';
  amount_due: number;
  amount_paid: number;
  total: number;
  starting_balance: number;
  currency: string;
  /** `manual`: the invoice Checkout makes for a one-off payment (`invoice_creation`). */
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  created: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> } } | null;
  /** Not kept for drafts (previews): Stripe numbers an invoice when it finalizes it. */
  number: string | null;
  /** What was bought, as the invoice's one line describes it. */
  line: { description: string; period_start: number; period_end: number; quantity: number } | null;
  metadata: Record<string, string>;
  /** The price before discount and tax, the discount taken off and the tax added (`total` includes both). */
  subtotal: number;
  discount_amount: number;
  discount: string | null;
  tax: number;
  automatic_tax: boolean;
}

export interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing' | 'internal_failure';
  status_details: Record<string, never>;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  url: string;
  created: number;
}

export class StripeStore {
  /** Seconds added to the wall clock by test-clock advances. */
  private offset = 0;
  readonly customers = new Map<string, Customer>();
  readonly prices = new Map<string, Price>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly portals = new Map<string, PortalSession>();
  readonly clocks = new Map<string, TestClock>();
  readonly coupons = new Map<string, Coupon>();
  readonly promotionCodes = new Map<string, PromotionCode>();
  readonly discounts = new Map<string, Discount>();
  /** Product names by product id: what the hosted pages say is being bought. */
  readonly productNames = new Map<string, string>();

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offset;
  }

  advance(seconds: number): void {
    this.offset += seconds;
  }

  /** Plan prices are referred to by id (e.g. price_starter_monthly): their figures come from the id's plan table. */
  priceFor(id: string): Price | undefined {
    return this.prices.get(id);
  }

  definePrice(price: Omit<Price, 'object' | 'created'>): Price {
    const full: Price = { object: 'price', created: this.now(), ...price };
    this.prices.set(full.id, full);
    return full;
  }
}
