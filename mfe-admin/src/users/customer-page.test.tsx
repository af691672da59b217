/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { adminServices, auditEntry, location, renderConsole, userRow, walletFor } from '../testing';
import { RESET_MFA_CONFIRMATION } from './customer-page';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const customer = userRow(1, { subscriptionTier: 'professional' });
const SESSION = '6a2c8e5d-0000-4c2e-9a31-0d6f1b2c3d01';

function customerServices() {
  const services = adminServices();
  services.on('GET /api/identity/admin/users', (call) =>
    jsonResponse(200, call.path.includes('ids=') ? { users: call.path.includes(customer.id) ? [customer] : [], total: 1 } : { users: [customer, userRow(2)], total: 2 }),
  );
  services.on(
    `GET /api/identity/admin/users/${customer.id}/security`,
    jsonResponse(200, {
      mfaEnabled: true,
      mfaEnabledAt: '2026-11-01T10:00:00.000Z',
      sessions: [{ id: SESSION, kind: 'password', createdAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-12-20T10:00:00.000Z', mfaVerifiedAt: null }],
    }),
  );
  services.on(
    `GET /api/billing/admin/customers/${customer.id}`,
    jsonResponse(200, {
      customerId: 'cus_1',
      dashboardUrl: 'https://dashboard.stripe.com/test/customers/cus_1',
      subscriptions: [
        {
          id: 'sub_1',
          kind: 'plan',
          product: 'professional',
          status: 'active',
          unitAmount: 10_000,
          currency: 'usd',
          interval: 'month',
          cancelAtPeriodEnd: true,
          currentPeriodEnd: '2026-12-01T00:00:00.000Z',
          dashboardUrl: 'https://dashboard.stripe.com/test/subscriptions/sub_1',
          team: null,
        },
        {
          id: 'sub_team',
          kind: 'plan',
          product: 'starter',
          status: 'active',
          unitAmount: 5_000,
          currency: 'usd',
          interval: 'month',
          cancelAtPeriodEnd: false,
          currentPeriodEnd: '2026-12-01T00:00:00.000Z',
          dashboardUrl: 'https://dashboard.stripe.com/test/subscriptions/sub_team',
          team: { organisationId: '0b4e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4', seats: 4 },
        },
      ],
      payments: [
        { id: 'in_1', kind: 'plan', amount: 10_000, currency: 'usd', paidAt: '2026-11-01T10:00:00.000Z', dashboardUrl: 'https://dashboard.stripe.com/test/invoices/in_1' },
      ],
    }),
  );
  services.on('GET /api/chat/admin/wallets', jsonResponse(200, { wallets: [walletFor(customer.id)] }));
  services.on(`GET /api/chat/admin/users/${customer.id}/messages`, jsonResponse(200, { messages: [] }));
  services.on(
    `GET /api/chat/admin/users/${customer.id}/usage`,
    jsonResponse(200, {
      conversations: 3,
      ledger: [{ id: 'l1', kind: 'admin-adjustment', planDelta: 0, purchasedDelta: 500, reason: 'Goodwill', createdAt: '2026-11-20T10:00:00.000Z' }],
    }),
  );
  services.on(
    `GET /api/chat/admin/users/${customer.id}/statement`,
    jsonResponse(200, {
      lines: [
        { id: 'r1', at: '2026-11-20T10:00:00.000Z', kind: 'adjustment', text: 'Adjusted by support: +500 (Goodwill)', credits: 500, balance: 40_000, inProgress: false },
        { id: 'mA', at: '2026-11-19T10:00:00.000Z', kind: 'reply', text: 'Reply from Meeting Prep · 15,300 credits', credits: -15_300, balance: 39_500, inProgress: false },
      ],
      page: 1,
      pageSize: 50,
      totalLines: 2,
      balance: 40_000,
    }),
  );
  services.on(
    `GET /api/catalog/admin/users/${customer.id}/learning`,
    jsonResponse(200, {
      courses: [
        {
          courseId: 'ai-fundamentals',
          title: 'AI Fundamentals for Business',
          membership: { source: 'subscription', since: '2026-11-02T10:00:00.000Z' },
          completed: 9,
          total: 9,
          certificate: { code: 'K7PD-3XQM-9TBA', completedAt: '2026-11-18T10:00:00.000Z' },
        },
        { courseId: 'customer-service', title: 'AI for Customer Service', membership: null, completed: 1, total: 8, certificate: null },
      ],
    }),
  );
  services.on('GET /api/identity/admin/audit', jsonResponse(200, { entries: [auditEntry({ subjectUserId: customer.id })], nextCursor: null }));
  return services;
}

describe('customer page', () => {
  it('opens from the users list and shows profile, security, billing, credits, courses and audit entries', async () => {
    const services = customerServices();
    renderConsole('/admin?tab=users', services);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for User 1' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Details' }));
    expect(location()).toBe(`/admin?tab=users&user=${customer.id}`);
    expect(within(await screen.findByTestId('customer-profile')).getByText('user1@example.com')).toBeTruthy();
    expect((await screen.findByTestId('mfa-status')).textContent).toContain('Two-factor authentication is on');
    const payments = await screen.findByTestId('customer-payments');
    expect(within(payments).getByRole('link', { name: 'in_1' }).getAttribute('href')).toBe('https://dashboard.stripe.com/test/invoices/in_1');
    expect(within(payments).getByText('$100')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in the payment provider’s dashboard' }).getAttribute('href')).toBe('https://dashboard.stripe.com/test/customers/cus_1');
    expect(within(screen.getByRole('list', { name: 'Subscriptions' })).getByText(/Cancels on/)).toBeTruthy();
    // A team's subscription is the team's, not the buyer's own plan: labelled so, with the way to the team.
    const team = within(screen.getByRole('list', { name: 'Subscriptions' })).getByRole('link', { name: 'Team subscription' });
    expect(team.closest('li')!.textContent).toContain('(4 seats, bought for the team by this customer): Starter, $50 per seat per month');
    expect(team.getAttribute('href')).toContain('tab=organisations&organisation=0b4e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4');
    expect((await screen.findByTestId('customer-credits')).textContent).toContain('40,000 credits: 40,000 plan credits (refill on Dec 1) + 0 purchased credits (never expire)');
    expect(screen.getByTestId('customer-conversations').textContent).toBe('Conversations: 3');
    // The statement in words replaces the raw ledger ("Reserved −411,800 / Settled +396,300").
    const statement = await screen.findByRole('table', { name: 'Statement' });
    expect(
      within(statement)
        .getAllByTestId('statement-line')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Adjusted by support: +500 (Goodwill)+50040,000'), expect.stringContaining('Reply from Meeting Prep · 15,300 credits−15,30039,500')]);
    expect(screen.queryByText(/Reserved|Settled/)).toBeNull();
    const courses = await screen.findByRole('list', { name: 'Course progress' });
    const finished = within(courses).getByTestId('customer-course-ai-fundamentals');
    expect(finished.textContent).toContain('AI Fundamentals for Business: 9 of 9 lessons completed.');
    expect(finished.textContent).toContain('through a course subscription');
    expect(within(finished).getByRole('link', { name: 'K7PD-3XQM-9TBA' }).getAttribute('href')).toBe('/certificates/K7PD-3XQM-9TBA');
    const started = within(courses).getByTestId('customer-course-customer-service');
    expect(started.textContent).toBe('AI for Customer Service: 1 of 8 lessons completed. No access to the course now.');
    expect(within(started).queryByRole('link')).toBeNull();
    expect(within(await screen.findByRole('list', { name: 'Admin actions' })).getByText(/Suspended user by ops@example.com/)).toBeTruthy();
    expect(services.callsTo('GET /api/identity/admin/audit')[0]!.path).toContain(`user=${customer.id}`);

    fireEvent.click(screen.getByRole('button', { name: 'Back to users' }));
    expect(location()).toBe('/admin?tab=users');
  });

  it('resets two-factor after a confirmation, and ends a sign-in', async () => {
    const services = customerServices();
    services.on(`DELETE /api/identity/admin/users/${customer.id}/mfa`, () => new Response(null, { status: 204 }));
    services.on(`DELETE /api/identity/admin/users/${customer.id}/sessions/${SESSION}`, () => new Response(null, { status: 204 }));
    renderConsole(`/admin?tab=users&user=${customer.id}`, services);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset two-factor' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: RESET_MFA_CONFIRMATION })).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('mfa-status').textContent).toBe('Two-factor authentication is off.'));
    expect(services.callsTo(`DELETE /api/identity/admin/users/${customer.id}/mfa`)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /End the sign-in of/ }));
    expect(await screen.findByText('No open sign-ins.')).toBeTruthy();
  });

  it('says when the customer has no courses', async () => {
    const services = customerServices();
    services.on(`GET /api/catalog/admin/users/${customer.id}/learning`, jsonResponse(200, { courses: [] }));
    renderConsole(`/admin?tab=users&user=${customer.id}`, services);
    expect(await screen.findByText('No courses yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Courses' })).toBeTruthy();
  });

  it('says so in the banner when the reset fails', async () => {
    const services = customerServices();
    services.on(`DELETE /api/identity/admin/users/${customer.id}/mfa`, errorResponse(409, 'mfa_not_enabled', 'Two-factor authentication is not on for this account.'));
    renderConsole(`/admin?tab=users&user=${customer.id}`, services);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset two-factor' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: RESET_MFA_CONFIRMATION })).getByRole('button', { name: 'Reset' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_ERRORS.resetMfa);
  });
});

describe('users filters', () => {
  it('asks identity for plan, status and sign-up days, and keeps them in the URL', async () => {
    const { services } = renderConsole('/admin?tab=users');
    await screen.findByText('user1@example.com');
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'professional' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suspended' } });
    fireEvent.change(screen.getByLabelText('Signed up from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(services.callsTo('GET /api/identity/admin/users').at(-1)!.path).toContain('tier=professional&status=suspended&signedUpFrom=2026-11-01'));
    expect(location()).toBe('/admin?tab=users&plan=professional&status=suspended&from=2026-11-01');
  });

  it('sorts by the credits chat says each user used, keeping the other filters', async () => {
    const services = adminServices();
    services.on(
      'GET /api/chat/admin/usage/ranking',
      jsonResponse(200, {
        users: [
          { userId: userRow(2).id, creditsUsed: 900 },
          { userId: userRow(1).id, creditsUsed: 10 },
        ],
      }),
    );
    renderConsole('/admin?tab=users&sort=credits', services);
    await screen.findByText('user1@example.com');
    const emails = screen.getAllByText(/^user\d@example.com$/).map((cell) => cell.textContent);
    expect(emails).toEqual(['user2@example.com', 'user1@example.com']);
    expect(services.callsTo('GET /api/identity/admin/users').at(-1)!.path).toContain(`ids=${encodeURIComponent(`${userRow(2).id},${userRow(1).id}`)}`);
  });

  it('lists past-due customers as billing names them, and says when none match', async () => {
    const services = adminServices();
    services.on('GET /api/billing/admin/customers', (call) =>
      jsonResponse(200, call.path.includes('status=past_due') ? { userIds: [userRow(2).id], total: 1 } : { userIds: [], total: 0 }),
    );
    renderConsole('/admin?tab=users&status=past_due', services);
    await waitFor(() => expect(services.callsTo('GET /api/identity/admin/users').at(-1)!.path).toContain(`ids=${userRow(2).id}`));
    expect(services.callsTo('GET /api/identity/admin/users').at(-1)!.path).not.toContain('status=');
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'cancelling' } });
    expect(await screen.findByText('No users match these filters.')).toBeTruthy();
  });
});
