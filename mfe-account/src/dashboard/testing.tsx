import type { Plan, UserProfile } from '@agentdock/contracts';
import { seededPlansFixture, walletFixture as sharedWalletFixture } from '@agentdock/contracts/testing';
import { fakeIdentity, jsonResponse, sessionFixture, userFixture } from '@agentdock/session/testing';
import { useLocation } from 'react-router-dom';
import type { BillingInvoice, BillingSubscription } from '../api/billing-api';
import type { UsageSummary, Wallet } from '../api/chat-api';
import { renderAuthPage } from '../auth/testing';
import DashboardPage from './dashboard-page';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The contracts' wallet fixture with some API calls made and its dates around today. */
export function walletFixture(overrides: Partial<Wallet> = {}): Wallet {
  return sharedWalletFixture({
    apiCallsUsed: 12,
    periodStart: new Date(Date.now() - 20 * DAY_MS).toISOString(),
    // 10.5 days away: 11 days until the credits refill, rounded up.
    refillsAt: new Date(Date.now() + 10.5 * DAY_MS).toISOString(),
    renewsAt: new Date(Date.now() + 10.5 * DAY_MS).toISOString(),
    ...overrides,
  });
}

/** 30 days, oldest first, with usage on the last two. */
export function usageFixture(overrides: Partial<UsageSummary> = {}): UsageSummary {
  const daily = Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 10, 23) - (29 - index) * DAY_MS).toISOString().slice(0, 10),
    creditsUsed: index === 28 ? 4_000 : index === 29 ? 6_000 : 0,
    messages: index >= 28 ? 2 : 0,
  }));
  return {
    messageCount: 4,
    totalCreditsUsed: 10_000,
    totalTokens: 1_234_567,
    averageTokensPerMessage: 25.4,
    daily,
    thisPeriod: { since: '2026-11-01T00:00:00.000Z', webCredits: 75_900, webReplies: 4, apiCredits: 12_800, apiRequests: 3 },
    ...overrides,
  };
}

export function subscriptionFixture(overrides: Partial<BillingSubscription> = {}): BillingSubscription {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: 'sub_123',
    kind: 'plan',
    name: 'Starter plan',
    tier: 'starter',
    courseId: null,
    status: 'active',
    price: { unitAmount: 5000, currency: 'usd', interval: 'month' },
    currentPeriodStart: now - 10 * 86_400,
    currentPeriodEnd: Math.floor(Date.UTC(2026, 11, 24, 12) / 1000),
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    trial: null,
    ...overrides,
  };
}

export function invoiceFixture(overrides: Partial<BillingInvoice> = {}): BillingInvoice {
  return {
    id: 'in_123',
    kind: 'plan',
    description: 'Starter plan',
    billingReason: 'subscription_create',
    number: 'AB12CD34-0001',
    status: 'paid',
    total: 5_000,
    tax: 0,
    discount: 0,
    amountPaid: 5_000,
    amountDue: 5_000,
    currency: 'usd',
    issuedAt: '2026-11-27T10:00:00.000Z',
    hostedInvoiceUrl: 'https://pay.example/i/in_123',
    invoicePdfUrl: 'https://pay.example/invoice/in_123/pdf',
    ...overrides,
  };
}

/** The catalog's four seeded plans, in display order. */
export const PLANS: Plan[] = seededPlansFixture();

/** Where the router is, so tests can check the query string. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export const CREDIT_PACKS = [
  { id: 'credits-500k', credits: 500_000, amount: 1_000, currency: 'usd' },
  { id: 'credits-1200k', credits: 1_200_000, amount: 2_000, currency: 'usd' },
];

/** Every service the dashboard calls, answering from fixtures; override a route with `.on(...)`. */
export function dashboardServices(user: Partial<UserProfile> = {}) {
  const services = fakeIdentity();
  const profile = userFixture(user);
  services.on('POST /api/identity/token/refresh', () => jsonResponse(200, sessionFixture({ user: profile })));
  services.on('GET /api/identity/me', jsonResponse(200, profile));
  services.on('GET /api/chat/wallet', jsonResponse(200, walletFixture({ tier: profile.subscriptionTier })));
  services.on('GET /api/chat/usage', jsonResponse(200, usageFixture()));
  services.on('GET /api/billing/subscriptions', jsonResponse(200, { subscriptions: [] }));
  services.on('GET /api/billing/invoices', jsonResponse(200, { invoices: [] }));
  services.on('GET /api/billing/credit-packs', jsonResponse(200, { packs: CREDIT_PACKS }));
  services.on('GET /api/catalog/plans', jsonResponse(200, { plans: PLANS }));
  services.on('GET /api/identity/me/mfa', jsonResponse(200, { enabled: false, enabledAt: null, recoveryCodes: [] }));
  services.on('GET /api/catalog/me/learning', jsonResponse(200, { courses: [], certificates: [] }));
  return services;
}

export type DashboardServices = ReturnType<typeof dashboardServices>;

/** The dashboard at `url` for a signed-in user, over `services`. */
export function renderDashboard(url = '/dashboard', services: DashboardServices = dashboardServices()) {
  const view = renderAuthPage(
    url,
    {
      '/dashboard': (
        <>
          <DashboardPage />
          <Location />
        </>
      ),
    },
    { identity: services, signedIn: true },
  );
  return { ...view, services };
}

/** A response that waits until the test lets it go, for loading states. */
export function held(response: Response) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    respond: async () => {
      await gate;
      return response;
    },
    release,
  };
}
