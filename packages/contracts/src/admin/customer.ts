import * as z from 'zod/mini';
import { ENROLMENT_SOURCES } from '../catalog/course';
import { CHAT_ADMIN_BASE } from '../chat/endpoints';
import { ledgerKind } from '../chat/wallet';
import { BILLING_BASE, CATALOG_BASE, IDENTITY_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';

const uuid = z.string().check(z.uuid());
const instant = z.string();

/** GET /api/identity/admin/users/:id/security: two-factor status and the sign-ins still open. */
export const adminUserSecurity = z.object({
  mfaEnabled: z.boolean(),
  mfaEnabledAt: z.nullable(instant),
  sessions: z.array(
    z.object({
      id: uuid,
      kind: z.enum(['password', 'link', 'recovery', 'otp']),
      createdAt: instant,
      expiresAt: instant,
      mfaVerifiedAt: z.nullable(instant),
    }),
  ),
});
export type AdminUserSecurity = z.infer<typeof adminUserSecurity>;

/** One customer as the admin console's customer page sees them, per owning service. */
export const IDENTITY_CUSTOMER_ENDPOINTS = {
  security: defineEndpoint('GET', IDENTITY_BASE, '/admin/users/:id/security', { response: adminUserSecurity }),
  /** 204; the session's refresh token stops working at once, its access token at its expiry. */
  revokeSession: defineEndpoint('DELETE', IDENTITY_BASE, '/admin/users/:id/sessions/:sessionId', { response: undefined }),
} as const;

/** Billing statuses the users list filters on: paying now, past due, or paying until the period ends. */
export const BILLING_CUSTOMER_STATUSES = ['active', 'past_due', 'cancelling'] as const;
export type BillingCustomerStatus = (typeof BILLING_CUSTOMER_STATUSES)[number];

/** The most user ids one status filter answers with (as many as the users list takes). */
export const BILLING_CUSTOMER_IDS_MAX = 200;

export const billingCustomersQuery = z.object({ status: z.enum(BILLING_CUSTOMER_STATUSES, 'Choose active, past_due or cancelling.') });
export const billingCustomerIds = z.object({
  /** Newest subscription first, at most BILLING_CUSTOMER_IDS_MAX. */
  userIds: z.array(z.string()),
  total: z.number().check(z.int(), z.nonnegative()),
});
export type BillingCustomerIds = z.infer<typeof billingCustomerIds>;

export const customerBilling = z.object({
  /** The provider's customer, once the user started a checkout. */
  customerId: z.nullable(z.string()),
  /** Where the operator sees this customer in the payment provider's dashboard. */
  dashboardUrl: z.nullable(z.string()),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['plan', 'course']),
      /** The plan's tier or the course's id. */
      product: z.string(),
      status: z.string(),
      unitAmount: z.number().check(z.int()),
      currency: z.string(),
      interval: z.enum(['month', 'year']),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.nullable(instant),
      dashboardUrl: z.string(),
      /** Bought for a team: the team it pays for and its seats (the customer only paid for it); null for the customer's own. */
      team: z.nullable(z.object({ organisationId: z.string(), seats: z.number().check(z.int(), z.nonnegative()) })),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['plan', 'course', 'credit-pack', 'refund']),
      amount: z.number().check(z.int()),
      currency: z.string(),
      paidAt: instant,
      dashboardUrl: z.nullable(z.string()),
    }),
  ),
});
export type CustomerBilling = z.infer<typeof customerBilling>;

export const BILLING_CUSTOMER_ENDPOINTS = {
  customers: defineEndpoint('GET', BILLING_BASE, '/admin/customers', { query: billingCustomersQuery, response: billingCustomerIds }),
  customer: defineEndpoint('GET', BILLING_BASE, '/admin/customers/:userId', { response: customerBilling }),
} as const;

/** How many of the heaviest users the credits-used sort ranks. */
export const CREDITS_RANKING_MAX = 200;

export const creditsRankingQuery = z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(CREDITS_RANKING_MAX)), CREDITS_RANKING_MAX) });
export const creditsRanking = z.object({
  /** Most plan credits used in the current period first. */
  users: z.array(z.object({ userId: z.string(), creditsUsed: z.number().check(z.int(), z.nonnegative()) })),
});
export type CreditsRanking = z.infer<typeof creditsRanking>;

/** How many of a customer's latest wallet changes the customer page lists. */
export const CUSTOMER_LEDGER_SHOWN = 20;

export const customerUsage = z.object({
  /** One conversation per agent the customer has talked to. */
  conversations: z.number().check(z.int(), z.nonnegative()),
  /** The latest wallet changes, newest first. */
  ledger: z.array(
    z.object({
      id: z.string(),
      kind: ledgerKind,
      planDelta: z.number().check(z.int()),
      purchasedDelta: z.number().check(z.int()),
      reason: z.nullable(z.string()),
      createdAt: instant,
    }),
  ),
});
export type CustomerUsage = z.infer<typeof customerUsage>;

export const CHAT_CUSTOMER_ENDPOINTS = {
  usage: defineEndpoint('GET', CHAT_ADMIN_BASE, '/users/:userId/usage', { response: customerUsage }),
  creditsRanking: defineEndpoint('GET', CHAT_ADMIN_BASE, '/usage/ranking', { query: creditsRankingQuery, response: creditsRanking }),
} as const;

const lessonCount = z.number().check(z.int(), z.nonnegative());

export const customerLearning = z.object({
  /**
   * Every course the customer can open, has completed a lesson of or holds a certificate for, in
   * the catalogue's order. Lessons count only while published, as the learner's progress does.
   */
  courses: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      /** How the customer holds access now; null without it (a preview lesson done, or access revoked). */
      membership: z.nullable(z.object({ source: z.enum(ENROLMENT_SOURCES), since: instant })),
      completed: lessonCount,
      total: lessonCount,
      /** Issued once every lesson was complete; kept if lessons are added or un-marked later. */
      certificate: z.nullable(z.object({ code: z.string(), completedAt: instant })),
    }),
  ),
});
export type CustomerLearning = z.infer<typeof customerLearning>;

export const CATALOG_CUSTOMER_ENDPOINTS = {
  learning: defineEndpoint('GET', CATALOG_BASE, '/admin/users/:userId/learning', { response: customerLearning }),
} as const;
