/** @jest-environment @agentdock/session/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type InvitationSummary, type OrganisationDetail, type PoolUsage, TEAM_PATH, type TeamPool } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { renderAuthPage } from '../auth/testing';
import { dashboardServices, subscriptionFixture } from '../dashboard/testing';
import { slugFrom } from './create-team-form';
import { NO_INVITATIONS } from './invitation-list';
import TeamPage, { NO_TEAMS } from './team-page';

const ORG = '0b4e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
const ME = '8f0e4c1a-5b7d-4c2e-9a31-0d6f1b2c3d4e';
const GRACE = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const BASE = '/api/identity/organisations';
const team = { id: ORG, name: 'Acme Robotics', slug: 'acme-robotics', role: 'owner' as const, createdAt: '2026-11-01T09:00:00.000Z' };

function detailFixture(role: 'owner' | 'admin' | 'member' = 'owner'): OrganisationDetail {
  return {
    organisation: { ...team, role },
    members: [
      { userId: ME, email: 'ada@example.com', fullName: 'Ada Lovelace', role, joinedAt: '2026-11-01T09:00:00.000Z' },
      { userId: GRACE, email: 'grace@example.com', fullName: null, role: role === 'owner' ? 'member' : 'owner', joinedAt: '2026-11-02T09:00:00.000Z' },
    ],
    seats: { paid: 3, limit: 3, used: 2, pending: 1, hasActiveSubscription: true },
  };
}
const invitation: InvitationSummary = {
  id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  email: 'linus@example.com',
  role: 'member',
  invitedBy: 'ada@example.com',
  sentAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
};

function poolFixture(role: 'owner' | 'admin' | 'member' = 'owner'): TeamPool {
  const mine = { userId: ME, role, monthlyCap: null, spentThisPeriod: 1_200, lastActiveAt: '2026-11-27T15:00:00.000Z' };
  const grace = { userId: GRACE, role: 'member' as const, monthlyCap: 5_000, spentThisPeriod: 4_000, lastActiveAt: null };
  return {
    organisationId: ORG,
    tier: 'professional',
    seats: 3,
    creditsRemaining: 880_000,
    creditsLimit: 900_000,
    purchasedCredits: 50_000,
    periodStart: '2026-11-01T00:00:00.000Z',
    refillsAt: '2026-12-01T00:00:00.000Z',
    members: role === 'member' ? [mine] : [mine, grace],
  };
}

function usageFixture(role: 'owner' | 'admin' | 'member' = 'owner'): PoolUsage {
  const days = (credits: number[]) => credits.map((value, index) => ({ date: `2026-11-0${index + 1}`, credits: value, messages: value > 0 ? 1 : 0 }));
  const members = [{ userId: ME, days: days([0, 700, 500]) }];
  if (role !== 'member') members.push({ userId: GRACE, days: days([4_000, 0, 0]) });
  return { from: '2026-11-01', to: '2026-11-03', members };
}

function services({ teams = [team], role = 'owner' as 'owner' | 'admin' | 'member' } = {}) {
  const fake = dashboardServices();
  fake.on(`GET /api/chat/organisations/${ORG}/pool`, () => jsonResponse(200, poolFixture(role)));
  fake.on(`GET /api/chat/organisations/${ORG}/usage`, () => jsonResponse(200, usageFixture(role)));
  fake.on(`GET ${BASE}`, () => jsonResponse(200, { organisations: teams.map((entry) => ({ ...entry, role })) }));
  fake.on(`GET ${BASE}/${ORG}`, () => jsonResponse(200, detailFixture(role)));
  fake.on(`GET ${BASE}/${ORG}/invitations`, () => jsonResponse(200, { invitations: [invitation] }));
  fake.on(`GET /api/billing/organisations/${ORG}`, () => jsonResponse(200, { subscription: null, members: 2 }));
  fake.on(`GET ${BASE}/${ORG}/activity`, () =>
    jsonResponse(200, {
      activity: [{ id: 'a1', action: 'member.invited', actorEmail: 'ada@example.com', subject: 'linus@example.com', detail: 'Member', at: '2026-11-20T09:00:00.000Z' }],
    }),
  );
  return fake;
}

const render = (fake = services()) => renderAuthPage(TEAM_PATH, { [TEAM_PATH]: <TeamPage /> }, { identity: fake, signedIn: true });

describe('the Team page', () => {
  it('suggests a URL name from the team name', () => {
    expect(slugFrom('  Acme Robotics GmbH & Co. ')).toBe('acme-robotics-gmbh-co');
    expect(slugFrom('Zoë’s Café')).toBe('zoe-s-cafe');
  });

  it('offers to create a team when the user has none, and shows it once created', async () => {
    const fake = services({ teams: [] });
    fake.on(`POST ${BASE}`, () => jsonResponse(201, team));
    render(fake);
    expect(await screen.findByText(NO_TEAMS)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Team name'), 'Acme Robotics');
    expect((screen.getByLabelText('URL name') as HTMLInputElement).value).toBe('acme-robotics');
    fake.on(`GET ${BASE}`, () => jsonResponse(200, { organisations: [team] }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('heading', { name: /Acme Robotics/, level: 2 })).toBeTruthy();
    expect(fake.callsTo(`POST ${BASE}`)[0]!.body).toEqual({ name: 'Acme Robotics', slug: 'acme-robotics' });
  });

  it('shows an error with a way to try again when the teams cannot be loaded', async () => {
    const fake = services();
    fake.on(`GET ${BASE}`, () => errorResponse(503, 'service_unavailable', 'The service is temporarily unavailable. Please try again shortly.'));
    render(fake);
    expect((await screen.findByRole('alert')).textContent).toContain('Your teams could not be loaded');
    fake.on(`GET ${BASE}`, () => jsonResponse(200, { organisations: [team] }));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Team members' })).toBeTruthy();
  });

  it('lists members, seats, pending invitations and the activity log to the owner, who can revoke an invitation', async () => {
    const fake = services();
    fake.on(`DELETE ${BASE}/${ORG}/invitations/${invitation.id}`, () => new Response(null, { status: 204 }));
    render(fake);
    const members = await screen.findByRole('list', { name: 'Team members' });
    expect(within(members).getByText('grace@example.com')).toBeTruthy();
    expect(screen.getByTestId('team-seats').textContent).toContain('2 of 3 seats used, 1 held by pending invitations · 3 paid');
    expect(within(screen.getByRole('list', { name: 'Team activity' })).getByText('Invited')).toBeTruthy();
    fake.on(`GET ${BASE}/${ORG}/invitations`, () => jsonResponse(200, { invitations: [] }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to linus@example.com' }));
    expect(await screen.findByText('The invitation to linus@example.com was revoked.')).toBeTruthy();
    expect(await screen.findByText(NO_INVITATIONS)).toBeTruthy();
  });

  it('shows the refusal of an invitation past the seats, which tells the owner to add seats', async () => {
    const fake = services();
    const text = "The team has no free seat: every paid seat is taken or held by a pending invitation. The team's owner can add seats on the team page.";
    fake.on(`POST ${BASE}/${ORG}/invitations`, () => errorResponse(409, 'no_seat_left', text));
    render(fake);
    await userEvent.type(await screen.findByLabelText('Email address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fake.callsTo(`POST ${BASE}/${ORG}/invitations`)[0]!.body).toEqual({ email: 'new@example.com', role: 'member' });
  });

  it('removes a member after a second, explicit step', async () => {
    const fake = services();
    fake.on(`DELETE ${BASE}/${ORG}/members/${GRACE}`, () => new Response(null, { status: 204 }));
    render(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove grace@example.com' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Member' }));
    expect(await screen.findByText('grace@example.com was removed from the team.')).toBeTruthy();
    expect(fake.callsTo(`DELETE ${BASE}/${ORG}/members/${GRACE}`)).toHaveLength(1);
  });

  it('shows a member the team without the owner’s tools, and lets them leave', async () => {
    render(services({ role: 'member' }));
    expect(await screen.findByRole('list', { name: 'Team members' })).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Team activity' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave the team' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove grace/ })).toBeNull());
  });

  it('offers an owner without a subscription to buy seats through checkout', async () => {
    const fake = services();
    render(fake);
    const seats = await screen.findByRole('region', { name: 'Seats' });
    expect(await within(seats).findByRole('button', { name: 'Buy Seats' })).toBeTruthy();
    expect((within(seats).getByLabelText('Seats') as HTMLInputElement).value).toBe('2');
  });

  it('says how many free seats a team has before its subscription, rather than "the owner alone" with two members', async () => {
    const withoutSubscription = (limit: number, used: number) => ({ ...detailFixture(), seats: { paid: 0, limit, used, pending: 0, hasActiveSubscription: false } });
    const fake = services();
    fake.on(`GET ${BASE}/${ORG}`, () => jsonResponse(200, withoutSubscription(2, 2)));
    const { unmount } = render(fake);
    await waitFor(() => expect(screen.getByTestId('team-seats').textContent).toBe('2 of 2 seats used · no team subscription yet: 2 free seats'));
    unmount();
    fake.on(`GET ${BASE}/${ORG}`, () => jsonResponse(200, withoutSubscription(1, 1)));
    render(fake);
    await waitFor(() => expect(screen.getByTestId('team-seats').textContent).toBe('1 of 1 seat used · no team subscription yet: the owner alone'));
  });

  it('previews the prorated amount of a seat change before changing the seats', async () => {
    const fake = services();
    const billing = (count: number) => ({ subscription: { ...subscriptionFixture(), seats: count }, members: 2 });
    fake.on(`GET /api/billing/organisations/${ORG}`, () => jsonResponse(200, billing(3)));
    fake.on(`POST /api/billing/organisations/${ORG}/seats/preview`, () => jsonResponse(200, { seats: 2, previousSeats: 3, amountDue: -1250, currency: 'usd' }));
    fake.on(`POST /api/billing/organisations/${ORG}/seats`, () => jsonResponse(200, billing(2)));
    render(fake);
    const seats = await screen.findByRole('region', { name: 'Seats' });
    const field = await within(seats).findByLabelText('Seats');
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.click(within(seats).getByRole('button', { name: 'Preview Change' }));
    expect((await within(seats).findByTestId('seat-preview')).textContent).toBe('Changing to 2 seats credits $12.50 to your next invoice.');
    await userEvent.click(within(seats).getByRole('button', { name: 'Change to 2 Seats' }));
    expect(await within(seats).findByText('2 paid seats, 2 in use.')).toBeTruthy();
    expect(fake.callsTo(`POST /api/billing/organisations/${ORG}/seats`)[0]!.body).toEqual({ seats: 2 });
  });

  it('waits for the provider to confirm a seat change before showing the new count', async () => {
    const fake = services();
    const billing = (count: number) => ({ subscription: { ...subscriptionFixture(), seats: count }, members: 2 });
    fake.on(`GET /api/billing/organisations/${ORG}`, () => jsonResponse(200, billing(3)));
    fake.on(`POST /api/billing/organisations/${ORG}/seats/preview`, () => jsonResponse(200, { seats: 2, previousSeats: 3, amountDue: -1250, currency: 'usd' }));
    // Accepted, but billing still holds the old count until the provider's webhook arrives.
    fake.on(`POST /api/billing/organisations/${ORG}/seats`, () => {
      fake.on(`GET /api/billing/organisations/${ORG}`, () => jsonResponse(200, billing(2)));
      return jsonResponse(200, billing(3));
    });
    render(fake);
    const seats = await screen.findByRole('region', { name: 'Seats' });
    const field = await within(seats).findByLabelText('Seats');
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await userEvent.click(within(seats).getByRole('button', { name: 'Preview Change' }));
    await within(seats).findByTestId('seat-preview');
    await userEvent.click(within(seats).getByRole('button', { name: 'Change to 2 Seats' }));
    expect(await within(seats).findByText('2 paid seats, 2 in use.', undefined, { timeout: 3_000 })).toBeTruthy();
    expect(within(seats).queryByText('3 paid seats, 2 in use.')).toBeNull();
  });

  it('shows the team’s credits and each member’s month, and lets the owner cap a member with clear validation and the result', async () => {
    const fake = services();
    fake.on(`PUT /api/chat/organisations/${ORG}/members/${GRACE}/cap`, () => jsonResponse(200, { ...poolFixture().members[1], monthlyCap: 2_500 }));
    render(fake);
    const pool = await screen.findByTestId('team-pool');
    expect(pool.textContent).toContain('Credits left930,000');
    expect(pool.textContent).toContain('Monthly allowance900,000 for 3 seats');
    expect(pool.textContent).toContain('Purchased credits50,000');
    expect(pool.textContent).toContain('Refills onDecember 1, 2026');
    const members = screen.getByRole('list', { name: 'Team members' });
    const graceRow = within(members).getByText('grace@example.com').closest('li')!;
    expect(graceRow.textContent).toContain('Last activeNot yet');
    expect(graceRow.textContent).toContain('Credits this month4,000');
    expect(graceRow.textContent).toContain('Monthly cap5,000 credits');
    expect(within(members).getByText('Ada Lovelace').closest('li')!.textContent).toContain('Monthly capNo cap');

    await userEvent.click(within(graceRow).getByRole('button', { name: 'Set the monthly cap of grace@example.com' }));
    const field = within(graceRow).getByLabelText(/Monthly cap for grace@example.com/);
    await userEvent.clear(field);
    await userEvent.type(field, '-5');
    await userEvent.click(within(graceRow).getByRole('button', { name: 'Save Cap' }));
    expect(within(graceRow).getByRole('alert').textContent).toBe('A cap cannot be negative.');
    await userEvent.clear(field);
    await userEvent.type(field, 'lots');
    await userEvent.click(within(graceRow).getByRole('button', { name: 'Save Cap' }));
    expect(within(graceRow).getByRole('alert').textContent).toBe('Enter the cap as a number of credits, or leave it empty for no cap.');
    expect(fake.callsTo(`PUT /api/chat/organisations/${ORG}/members/${GRACE}/cap`)).toHaveLength(0);

    fake.on(`GET /api/chat/organisations/${ORG}/pool`, () =>
      jsonResponse(200, { ...poolFixture(), members: [poolFixture().members[0], { ...poolFixture().members[1], monthlyCap: 2_500 }] }),
    );
    await userEvent.clear(field);
    await userEvent.type(field, '2500');
    await userEvent.click(within(graceRow).getByRole('button', { name: 'Save Cap' }));
    expect(await screen.findByText("grace@example.com can spend up to 2,500 credits a month from the team's pool.")).toBeTruthy();
    expect(fake.callsTo(`PUT /api/chat/organisations/${ORG}/members/${GRACE}/cap`)[0]!.body).toEqual({ monthlyCap: 2_500 });
    await waitFor(() => expect(within(members).getByText('grace@example.com').closest('li')!.textContent).toContain('Monthly cap2,500 credits'));
    expect(screen.getByRole('button', { name: 'Buy Credits' })).toBeTruthy();
  });

  it('charts the pool’s usage per member and day, for everyone or one member, with the numbers', async () => {
    const fake = services();
    render(fake);
    const usage = await screen.findByRole('region', { name: 'Usage per member' });
    const chart = await within(usage).findByRole('img', { name: /Credits used per day/ });
    expect([...chart.querySelectorAll('rect[data-date]')].map((bar) => bar.getAttribute('data-credits'))).toEqual(['4000', '700', '500']);
    const totals = within(usage).getByTestId('team-usage-totals');
    expect(
      within(totals)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MemberCreditsReplies', 'Ada Lovelace1,2002', 'grace@example.com4,0001']);
    await userEvent.selectOptions(within(usage).getByLabelText('Member'), 'grace@example.com');
    expect(
      [
        ...within(usage)
          .getByRole('img', { name: /Credits used per day/ })
          .querySelectorAll('rect[data-date]'),
      ].map((bar) => bar.getAttribute('data-credits')),
    ).toEqual(['4000', '0', '0']);
    await userEvent.selectOptions(within(usage).getByLabelText('Period'), 'Last 30 days');
    await waitFor(() => expect(fake.callsTo(`GET /api/chat/organisations/${ORG}/usage`).at(-1)!.path).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/));
  });

  it('downloads the activity log of a chosen range as CSV, and says what is wrong with a range it refuses', async () => {
    const fake = services();
    fake.on(
      `GET ${BASE}/${ORG}/activity.csv`,
      () =>
        new Response('Date (UTC)\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="acme-robotics-activity-2026-11-01-to-2026-11-28.csv"' },
        }),
    );
    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
    render(fake);
    const form = await screen.findByRole('form', { name: 'Download the activity log' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-20');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect(within(form).getByRole('alert').textContent).toBe('The end of the range must not be before its start.');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-28');
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(fake.callsTo(`GET ${BASE}/${ORG}/activity.csv`)).toHaveLength(1));
    expect(fake.callsTo(`GET ${BASE}/${ORG}/activity.csv`)[0]!.path).toBe(`${BASE}/${ORG}/activity.csv?from=2026-11-01&to=2026-11-28`);
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('shows a member their own figures and usage only, with no cap editing or credit packs', async () => {
    render(services({ role: 'member' }));
    const members = await screen.findByRole('list', { name: 'Team members' });
    await waitFor(() => expect(within(members).getByText('Ada Lovelace').closest('li')!.textContent).toContain('Credits this month1,200'));
    expect(within(members).getByText('grace@example.com').closest('li')!.textContent).not.toContain('Credits this month');
    expect(screen.queryByRole('button', { name: /Set the monthly cap/ })).toBeNull();
    expect(await screen.findByTestId('team-pool')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy Credits' })).toBeNull();
    const usage = screen.getByRole('region', { name: 'Your usage in this team' });
    expect(within(await within(usage).findByTestId('team-usage-totals')).getAllByRole('row')).toHaveLength(2);
    expect(within(usage).queryByLabelText('Member')).toBeNull();
  });
});
