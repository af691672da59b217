import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { webcrypto } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { type AdminAgent, type AdminAuditEntry, type ContentSection, type Course, daysOfRange, productIssueMessage, type UserProfile, type Wallet } from '@agentdock/contracts';
import { planFixture, walletFixture } from '@agentdock/contracts/testing';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { errorResponse, fakeIdentity, jsonResponse, memoryStorage, sessionFixture, userFixture } from '@agentdock/session/testing';
import AdminPage from './admin-page';
import type { OverviewStats } from './api/stats-api';

export const ADMIN = userFixture({ id: '0b7e9c1e-1111-4c2e-9a31-0d6f1b2c3d4e', email: 'ops@example.com', fullName: 'Ops Admin', isAdmin: true });

export function userRow(index: number, overrides: Partial<UserProfile> = {}): UserProfile {
  const suffix = String(index).padStart(12, '0');
  return userFixture({ id: `8f0e4c1a-5b7d-4c2e-9a31-${suffix}`, email: `user${index}@example.com`, fullName: `User ${index}`, ...overrides });
}

export function walletFor(userId: string, overrides: Partial<Wallet> = {}): Wallet {
  return walletFixture({ userId, ...overrides });
}

export function agentFixture(overrides: Partial<AdminAgent> = {}): AdminAgent {
  return {
    id: '3c9f5d2a-0000-4c2e-9a31-0d6f1b2c3d01',
    key: 'meeting-prep',
    name: 'Meeting Prep',
    description: 'Prepares you for any meeting.',
    features: ['Agendas'],
    useCase: 'Before a meeting',
    tier: 'starter',
    isActive: true,
    providerAgentId: 'provider-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function contentFixture(overrides: Partial<ContentSection> = {}): ContentSection {
  return {
    id: '4d0a6e3b-0000-4c2e-9a31-0d6f1b2c3d01',
    title: 'Welcome',
    sectionType: 'features',
    slot: 'home.hero',
    format: 'html',
    content: '<p>Hello</p>',
    html: '<p>Hello</p>',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  return {
    id: '5e1b7f4c-0000-4c2e-9a31-0d6f1b2c3d01',
    service: 'svc-identity',
    actorId: ADMIN.id,
    actorEmail: ADMIN.email,
    action: 'user.suspend',
    subjectUserId: userRow(1).id,
    target: `user:${userRow(1).id}`,
    before: { isSuspended: false },
    after: { isSuspended: true },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Every day of the range a stats call asks for, each made by `day`. */
export function statsDays<T>(path: string, day: (date: string) => T): T[] {
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  return daysOfRange({ from: query.get('from') ?? '', to: query.get('to') ?? '' }).map(day);
}

/** Each service's figures for a range (days filled in per call by `adminServices`). */
export function statsFixture(): OverviewStats {
  return {
    billing: {
      mrr: { usd: 35_500 },
      planMrr: { usd: 33_500 },
      courseMrr: { usd: 2_000 },
      courseSubscriptions: 1,
      arr: { usd: 426_000 },
      pastDueMrr: { usd: 5_000 },
      arpu: { usd: 8_375 },
      payingCustomers: 4,
      pastDueCustomers: 1,
      cancellingCustomers: 1,
      trialingCustomers: 2,
      trialsEnded: 3,
      trialsConverted: 2,
      byPlan: [{ tier: 'professional', interval: 'month', currency: 'usd', customers: 2, mrr: 20_000 }],
      teams: { subscriptions: 1, seats: 5, mrr: { usd: 10_000 } },
      revenue: { usd: 123_339, eur: 900 },
      refunds: { usd: 2_000 },
      conversions: 2,
      cancellations: 1,
      mrrChurn: { usd: 5_000 },
      cancellationReasons: [
        { reason: 'too_expensive', count: 2 },
        { reason: null, count: 1 },
      ],
      days: [],
    },
    identity: { signUps: 12, confirmedSignUps: 9, days: [], teams: { organisations: 2, members: 7 } },
    chat: {
      messages: 321,
      credits: 4_567,
      apiRequests: 45,
      apiCredits: 1_230,
      activeCustomers: 3,
      days: [],
      byAgent: [{ agentId: agentFixture().id, name: 'Meeting Prep', messages: 300, credits: 4_000 }],
      topCustomers: [{ userId: userRow(1).id, messages: 20, credits: 900 }],
    },
    catalog: { courses: [{ courseId: 'ai-fundamentals', members: 5, newMembers: 2 }], lessonCompletions: 1_234, days: [] },
  };
}

/** A course as the catalog lists it, with two empty modules. */
export function courseRow(id: string, title: string): Course {
  return {
    id,
    title,
    description: '',
    fullDescription: '',
    estimatedDuration: '',
    level: '',
    students: 0,
    completionRate: null,
    priceMinor: 2_500,
    currency: 'usd',
    billing: 'monthly',
    archived: false,
    image: '',
    instructor: { name: '', role: '', image: '' },
    modules: [
      { title: 'Basics', lessons: [] },
      { title: 'Practice', lessons: [] },
    ],
    whatYouGet: [],
  };
}

/** Every admin API answering from fixtures; override a route with `.on(...)`. */
export function adminServices() {
  const services = fakeIdentity();
  services.on('POST /api/identity/token/refresh', () => jsonResponse(200, sessionFixture({ user: ADMIN })));
  const users = [userRow(1), userRow(2, { isSuspended: true, subscriptionTier: 'professional' })];
  services.on('GET /api/identity/admin/users', jsonResponse(200, { users, total: 2 }));
  services.on('GET /api/chat/admin/wallets', jsonResponse(200, { wallets: [walletFor(users[0]!.id)] }));
  services.on('GET /api/catalog/admin/plans', jsonResponse(200, { plans: [planFixture()] }));
  services.on('GET /api/catalog/admin/agents', jsonResponse(200, { agents: [agentFixture()] }));
  services.on(`GET /api/chat/admin/agents/${agentFixture().id}/knowledge`, jsonResponse(200, { files: [], settings: { tokenBudget: 1200 } }));
  services.on('GET /api/catalog/admin/content', jsonResponse(200, { sections: [contentFixture()] }));
  const stats = statsFixture();
  services.on('GET /api/billing/admin/stats', (call) =>
    jsonResponse(200, { ...stats.billing, days: statsDays(call.path, (date) => ({ date, revenue: {}, conversions: 0, cancellations: 0 })) }),
  );
  services.on('GET /api/identity/admin/stats', (call) =>
    jsonResponse(200, { ...stats.identity, days: statsDays(call.path, (date) => ({ date, signUps: 0, confirmedSignUps: 0 })) }),
  );
  services.on('GET /api/chat/admin/stats', (call) =>
    jsonResponse(200, { ...stats.chat, days: statsDays(call.path, (date) => ({ date, messages: 0, credits: 0, apiRequests: 0, apiCredits: 0 })) }),
  );
  services.on('GET /api/catalog/admin/stats', (call) =>
    jsonResponse(200, { ...stats.catalog, days: statsDays(call.path, (date) => ({ date, newMembers: 0, lessonCompletions: 0 })) }),
  );
  for (const service of ['identity', 'catalog', 'chat', 'billing']) services.on(`GET /api/${service}/admin/audit`, jsonResponse(200, { entries: [], nextCursor: null }));
  return services;
}

export type AdminServices = ReturnType<typeof adminServices>;

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The console's query cache without its retries: a failure a test sets up is shown at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });

/** The console at `url` for a signed-in admin over `services`. */
export function renderConsole(url = '/admin', services: AdminServices = adminServices()) {
  const storage = memoryStorage();
  storage.setItem(SESSION_HINT_KEY, '1');
  const client = createSessionClient({ fetch: services.fetch, storage, crypto: webcrypto as unknown as Crypto, channel: null, lock: null, watchVisibility: false });
  const view = render(
    <SessionProvider client={client}>
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <AdminPage />
          <Location />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { ...view, services };
}

export const location = () => screen.getByTestId('location').textContent;
export const banner = () => screen.findByRole('alert');

/** A schema of the contracts, as far as a service's validation uses it. */
interface RequestSchema {
  safeParse(data: unknown, params: { error: typeof productIssueMessage }): { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/**
 * The 400 a service answers for `body`: the contract's schema checks it and every field's message
 * is the product's sentence, as the service kit words them (productIssueMessage), so a form test
 * shows what the server really sends rather than zod's developer texts.
 */
export function validationRefusal(schema: RequestSchema, body: unknown): Response {
  const parsed = schema.safeParse(body, { error: productIssueMessage });
  if (parsed.success || !parsed.error) throw new Error(`The server would accept ${JSON.stringify(body)}`);
  const fields = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return errorResponse(400, 'validation_failed', 'Some fields are invalid', fields);
}

/** The message shown beside the field labelled `label`: in the field's own frame, and read out with it. */
export function messageBeside(label: string): string | null {
  const control = screen.getByLabelText(label);
  const described = control.getAttribute('aria-describedby');
  const message = described ? document.getElementById(described) : null;
  if (!message || control.getAttribute('aria-invalid') !== 'true' || message.closest('.ad-field') !== control.closest('.ad-field')) return null;
  return message.textContent;
}

/** The banner's own text, without the dismiss button. */
export async function bannerText(): Promise<string | null | undefined> {
  return (await screen.findByRole('alert')).querySelector('.adm-banner__text')?.textContent;
}
