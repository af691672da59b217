import {
  creditsPurchasedV1,
  DASHBOARD_PATH,
  paymentReceivedV1,
  subscriptionActivatedV1,
  subscriptionCanceledV1,
  subscriptionPastDueV1,
  subscriptionPlanChangedV1,
  subscriptionRenewedV1,
  subscriptionTrialEndingV1,
  type SubscriptionTier,
  SUBSCRIPTION_TIER_LABELS,
} from '@agentdock/contracts';
import { type Db, idempotentHandler, type SubscribeOptions, type TransactionRunner, type Tx } from '@agentdock/service-data';
import { and, eq, ne } from '@agentdock/service-data/orm';
import { users } from '../db/schema';
import { escapeHtml } from '../domain/html';
import type { Email, Mailer } from '../domain/mailer';

export const BILLING_TIER_CONSUMER = 'svc-identity-billing-tier';
export const BILLING_EMAIL_CONSUMER = 'svc-identity-billing-email';

/**
 * Payment and the admin console both set a user's tier. The rule that keeps them from fighting:
 * the most recent change wins, except that Enterprise is by contract only, so payment events never
 * touch a user an admin put on Enterprise; and the end of a paid subscription only drops the user
 * to free when they still hold the tier that subscription gave (an admin's later change stands).
 */
async function setPaidTier(tx: Db, userId: string, tier: SubscriptionTier): Promise<void> {
  await tx
    .update(users)
    .set({ subscriptionTier: tier, updatedAt: new Date() })
    .where(and(eq(users.id, userId), ne(users.subscriptionTier, 'enterprise')));
}

async function endPaidTier(tx: Db, userId: string, tier: SubscriptionTier): Promise<void> {
  await tx
    .update(users)
    .set({ subscriptionTier: 'free', updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.subscriptionTier, tier)));
}

/** Keeps the tier the access token carries in step with paid subscriptions. */
export function billingTierConsumers(transaction: TransactionRunner): SubscribeOptions[] {
  const paid = [subscriptionActivatedV1, subscriptionRenewedV1, subscriptionPlanChangedV1] as const;
  return [
    ...paid.map((event) => ({
      durable: `${BILLING_TIER_CONSUMER}-${event.type}`,
      subject: event.subject,
      handler: idempotentHandler({
        transaction,
        consumer: `${BILLING_TIER_CONSUMER}-${event.type}`,
        event,
        apply: (tx: Tx, data: { userId: string; tier: SubscriptionTier }) => setPaidTier(tx, data.userId, data.tier),
      }),
    })),
    {
      durable: `${BILLING_TIER_CONSUMER}-canceled`,
      subject: subscriptionCanceledV1.subject,
      handler: idempotentHandler({
        transaction,
        consumer: `${BILLING_TIER_CONSUMER}-canceled`,
        event: subscriptionCanceledV1,
        apply: (tx, data) => endPaidTier(tx, data.userId, data.tier),
      }),
    },
  ];
}

const date = (iso: string) => new Date(iso).toUTCString().slice(0, 16);

function email(to: string, subject: string, paragraphs: string[], link: { label: string; url: string }): Email {
  return {
    to,
    subject,
    text: [...paragraphs, `${link.label}: ${link.url}`, '— Agentdock'].join('\n\n'),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
      '<p>— Agentdock</p>',
    ].join('\n'),
    links: [link.url],
  };
}

/** The dunning reminder: access continues until the grace end; the link opens the billing portal. */
export function pastDueEmail(to: string, graceEndsAt: string, manageUrl: string): Email {
  return email(
    to,
    'Your Agentdock payment failed',
    [
      'We could not charge your card for your subscription renewal.',
      `You keep access until ${date(graceEndsAt)}. Update your card before then to keep your plan; after that date your account moves to the free plan.`,
    ],
    { label: 'Update your card', url: manageUrl },
  );
}

export function creditsReceiptEmail(to: string, credits: number, amount: number, currency: string, dashboardUrl: string): Email {
  const paid = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  return email(
    to,
    'Your Agentdock credits receipt',
    [`Thank you for your purchase: ${credits.toLocaleString('en-US')} platform credits for ${paid}.`, 'Purchased credits are kept when your plan renews.'],
    { label: 'Open your dashboard', url: dashboardUrl },
  );
}

const PAYMENT_KINDS = { 'first-payment': 'first payment', renewal: 'renewal', 'plan-change': 'plan change (prorated)' } as const;

/**
 * The receipt of a subscription charge: what was paid, for what, and a link to that invoice (the
 * provider's hosted page, else its PDF; the billing page for an event that names neither).
 */
export function paymentReceiptEmail(
  to: string,
  payment: {
    description: string;
    reason: keyof typeof PAYMENT_KINDS;
    amount: number;
    currency: string;
    paidAt: string;
    invoiceId: string;
    manageUrl: string;
    hostedInvoiceUrl?: string | null;
    invoicePdfUrl?: string | null;
  },
): Email {
  const invoiceUrl = payment.hostedInvoiceUrl ?? payment.invoicePdfUrl ?? null;
  const paid = new Intl.NumberFormat('en-US', { style: 'currency', currency: payment.currency.toUpperCase() }).format(payment.amount / 100);
  return email(
    to,
    'Your Agentdock receipt',
    [
      `Thank you for your payment of ${paid} for your ${payment.description} (${PAYMENT_KINDS[payment.reason]}) on ${date(payment.paidAt)}.`,
      `Invoice: ${payment.invoiceId}. Your card, past invoices and cancellation are on your billing page: ${payment.manageUrl}`,
    ],
    invoiceUrl ? { label: 'View invoice', url: invoiceUrl } : { label: 'Manage billing', url: payment.manageUrl },
  );
}

const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

/** Three days before a trial ends: what happens then, with a card on file or without one. */
export function trialEndingEmail(to: string, trial: { tier: SubscriptionTier; trialEnd: string; cardOnFile: boolean; amount: number; currency: string; manageUrl: string }): Email {
  const plan = SUBSCRIPTION_TIER_LABELS[trial.tier];
  return email(
    to,
    `Your ${plan} trial ends on ${date(trial.trialEnd)}`,
    trial.cardOnFile
      ? [`Your free ${plan} trial ends on ${date(trial.trialEnd)}.`, `Your card will then be charged ${money(trial.amount, trial.currency)} and your ${plan} plan continues.`]
      : [`Your free ${plan} trial ends on ${date(trial.trialEnd)}.`, `No card is on file, so your account then moves to the free plan. Add a card before then to keep ${plan}.`],
    { label: trial.cardOnFile ? 'Manage billing' : 'Add a card', url: trial.manageUrl },
  );
}

async function addressOf(tx: Db, userId: string): Promise<string | null> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

/** svc-identity owns the address, so it sends billing's emails. */
export function billingEmailConsumers(transaction: TransactionRunner, mailer: Mailer, publicUrl: string): SubscribeOptions[] {
  return [
    {
      durable: `${BILLING_EMAIL_CONSUMER}-past-due`,
      subject: subscriptionPastDueV1.subject,
      handler: idempotentHandler({
        transaction,
        consumer: `${BILLING_EMAIL_CONSUMER}-past-due`,
        event: subscriptionPastDueV1,
        apply: async (tx, data) => {
          const to = await addressOf(tx, data.userId);
          if (to) mailer.sendInBackground(pastDueEmail(to, data.graceEndsAt, data.manageUrl));
        },
      }),
    },
    {
      durable: `${BILLING_EMAIL_CONSUMER}-payment`,
      subject: paymentReceivedV1.subject,
      handler: idempotentHandler({
        transaction,
        consumer: `${BILLING_EMAIL_CONSUMER}-payment`,
        event: paymentReceivedV1,
        apply: async (tx, data) => {
          const to = await addressOf(tx, data.userId);
          if (to) mailer.sendInBackground(paymentReceiptEmail(to, data));
        },
      }),
    },
    {
      durable: `${BILLING_EMAIL_CONSUMER}-trial-ending`,
      subject: subscriptionTrialEndingV1.subject,
      handler: idempotentHandler({
        transaction,
        consumer: `${BILLING_EMAIL_CONSUMER}-trial-ending`,
        event: subscriptionTrialEndingV1,
        apply: async (tx, data) => {
          const to = await addressOf(tx, data.userId);
          if (to) mailer.sendInBackground(trialEndingEmail(to, data));
        },
      }),
    },
    {
      durable: `${BILLING_EMAIL_CONSUMER}-credits`,
      subject: creditsPurchasedV1.subject,
      handler: idempotentHandler({
        transaction,
        consumer: `${BILLING_EMAIL_CONSUMER}-credits`,
        event: creditsPurchasedV1,
        apply: async (tx, data) => {
          const to = await addressOf(tx, data.userId);
          if (to) mailer.sendInBackground(creditsReceiptEmail(to, data.credits, data.amount, data.currency, `${publicUrl.replace(/\/$/, '')}${DASHBOARD_PATH}`));
        },
      }),
    },
  ];
}
