/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrganisationDetail, AdminOrganisationSummary, AdminTeamPool } from '@agentdock/contracts';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { ORGANISATIONS_PAGE_SIZE } from '../api/organisations-admin';
import { adminServices, location, renderConsole } from '../testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const ACME = '0b4e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4';
const SOLO = '5d6e7f80-91a2-4b3c-8d4e-5f6071829304';
const OWNER = '8f0e4c1a-5b7d-4c2e-9a31-0d6f1b2c3d4e';
const MEMBER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const summary = (id: string, name: string, extra: Partial<AdminOrganisationSummary> = {}): AdminOrganisationSummary => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  ownerEmail: `owner@${name.toLowerCase().replace(/\s+/g, '')}.test`,
  members: 2,
  paidSeats: 3,
  subscriptionStatus: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  ...extra,
});

const subscription = {
  id: 'sub_team',
  kind: 'plan',
  name: 'Pro plan',
  tier: 'professional',
  courseId: null,
  status: 'active',
  price: { unitAmount: 5_000, currency: 'usd', interval: 'month' },
  currentPeriodStart: 1_793_000_000,
  currentPeriodEnd: 1_795_600_000,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  trial: null,
  seats: 3,
};

const pool: AdminTeamPool = {
  organisationId: ACME,
  tier: 'professional',
  seats: 3,
  creditsRemaining: 880_000,
  creditsLimit: 900_000,
  purchasedCredits: 50_000,
  periodStart: '2026-11-01T00:00:00.000Z',
  refillsAt: '2026-12-01T00:00:00.000Z',
  members: [
    { userId: OWNER, role: 'owner', monthlyCap: null, spentThisPeriod: 15_000, lastActiveAt: '2026-11-27T10:00:00.000Z' },
    { userId: MEMBER, role: 'member', monthlyCap: 5_000, spentThisPeriod: 5_000, lastActiveAt: null },
  ],
  spentThisPeriod: 20_000,
};

function services() {
  const fake = adminServices();
  fake.on(
    'GET /api/identity/admin/organisations',
    jsonResponse(200, { organisations: [summary(ACME, 'Acme Robotics'), summary(SOLO, 'Solo Shop', { members: 1, paidSeats: 0, subscriptionStatus: 'none' })], total: 2 }),
  );
  fake.on('GET /api/billing/admin/organisations', (call) => {
    const ids = new URL(call.path, 'http://x').searchParams.get('organisationIds')!.split(',');
    return jsonResponse(200, { teams: ids.map((id) => ({ organisationId: id, subscription: id === ACME ? subscription : null, members: id === ACME ? 2 : 1 })) });
  });
  fake.on(
    'GET /api/chat/admin/pools',
    jsonResponse(200, { pools: [{ organisationId: ACME, tier: 'professional', seats: 3, creditsRemaining: 880_000, purchasedCredits: 50_000, refillsAt: pool.refillsAt }] }),
  );
  const detail: AdminOrganisationDetail = {
    organisation: summary(ACME, 'Acme Robotics'),
    members: [
      { userId: OWNER, email: 'owner@acmerobotics.test', fullName: 'Ada Lovelace', role: 'owner', joinedAt: '2026-11-01T09:00:00.000Z' },
      { userId: MEMBER, email: 'grace@acmerobotics.test', fullName: null, role: 'member', joinedAt: '2026-11-02T09:00:00.000Z' },
    ],
    pendingInvitations: 1,
  };
  fake.on(`GET /api/identity/admin/organisations/${ACME}`, jsonResponse(200, detail));
  fake.on(`GET /api/chat/admin/pools/${ACME}`, jsonResponse(200, pool));
  return fake;
}

const rowOf = async (name: string) => (await screen.findByRole('button', { name: `Open ${name}` })).closest('tr') as HTMLElement;

describe('organisations tab', () => {
  it('lists teams with owner, members, seats, plan, status and pool balance from the three services', async () => {
    const fake = services();
    renderConsole('/admin?tab=organisations', fake);
    expect(await screen.findByTestId('organisation-total')).toHaveProperty('textContent', 'Total teams: 2');
    const acme = await rowOf('Acme Robotics');
    await waitFor(() => expect(within(acme).getByText('930,000 credits')).toBeTruthy());
    expect([...acme.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Acme Robotics /acme-robotics',
      'owner@acmerobotics.test',
      '2',
      '3',
      'Pro',
      'Active',
      '930,000 credits',
    ]);
    const solo = await rowOf('Solo Shop');
    expect([...solo.querySelectorAll('td')].slice(4).map((cell) => cell.textContent)).toEqual(['None', 'No subscription', 'No pool yet']);
    expect(fake.callsTo('GET /api/chat/admin/pools')[0]!.path).toContain(`organisationIds=${encodeURIComponent(`${ACME},${SOLO}`)}`);
  });

  it('searches on the server and pages through the matches', async () => {
    const fake = services();
    fake.on('GET /api/identity/admin/organisations', (call) => {
      const offset = Number(new URL(call.path, 'http://x').searchParams.get('offset'));
      return jsonResponse(200, { organisations: [summary(offset === 0 ? ACME : SOLO, offset === 0 ? 'Acme Robotics' : 'Solo Shop')], total: 30 });
    });
    renderConsole('/admin?tab=organisations', fake);
    await rowOf('Acme Robotics');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by team name, URL name or owner email' }), { target: { value: ' acme ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(fake.callsTo('GET /api/identity/admin/organisations').at(-1)!.path).toBe(`/api/identity/admin/organisations?q=acme&limit=${ORGANISATIONS_PAGE_SIZE}&offset=0`),
    );
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Organisations pages' })).getByRole('button', { name: 'Next' }));
    await rowOf('Solo Shop');
    expect(location()).toContain('page=2');
  });

  it('opens a team with its members and roles, seats and subscription, pool and this period’s usage', async () => {
    renderConsole(`/admin?tab=organisations&organisation=${ACME}`, services());
    expect((await screen.findByTestId('organisation-facts')).textContent).toContain('2 of 3 paid seats, 1 invited');
    expect((await screen.findByTestId('organisation-subscription')).textContent).toContain('$50 per seat per month, $150 in all');
    const figures = await screen.findByTestId('organisation-pool');
    expect(figures.textContent).toContain('930,000 credits (50,000 purchased)');
    expect(figures.textContent).toContain('20,000 credits since');
    const members = within(screen.getByRole('region', { name: 'Members table' }));
    expect(
      members
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))
        .slice(1),
    ).toEqual([
      ['Ada Lovelace (owner@acmerobotics.test)', 'Owner', expect.any(String), '15,000', 'None'],
      ['grace@acmerobotics.test', 'Member', expect.any(String), '5,000', '5,000'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to organisations' }));
    expect(await screen.findByTestId('organisation-total')).toBeTruthy();
  });

  it('says when a team does not exist, and when its pool is not there yet', async () => {
    const fake = services();
    fake.on(`GET /api/identity/admin/organisations/${SOLO}`, errorResponse(404, 'organisation_not_found', 'No such team.'));
    renderConsole(`/admin?tab=organisations&organisation=${SOLO}`, fake);
    expect(await screen.findByText('No team with this id.')).toBeTruthy();
  });
});
