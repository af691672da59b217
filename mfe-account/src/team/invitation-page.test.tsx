/** @jest-environment @agentdock/session/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type InvitationPreview, TEAM_INVITATION_PATH } from '@agentdock/contracts';
import { fakeIdentity, jsonResponse } from '@agentdock/session/testing';
import { renderAuthPage } from '../auth/testing';
import { dashboardServices } from '../dashboard/testing';
import TeamInvitationPage, { CLOSED_INVITATION } from './invitation-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const URL_PATH = `${TEAM_INVITATION_PATH}?token=${TOKEN}`;
const preview = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
  organisationName: 'Acme Robotics',
  email: 'ada@example.com',
  role: 'member',
  invitedBy: 'grace@example.com',
  status: 'pending',
  expiresAt: '2099-11-27T09:00:00.000Z',
  ...overrides,
});
const withPreview = <T extends ReturnType<typeof fakeIdentity>>(fake: T, body = preview()) => {
  fake.on(`GET /api/identity/invitations/${TOKEN}`, () => jsonResponse(200, body));
  return fake;
};
const render = (fake: ReturnType<typeof fakeIdentity>, signedIn: boolean) =>
  renderAuthPage(URL_PATH, { [TEAM_INVITATION_PATH]: <TeamInvitationPage /> }, { identity: fake, signedIn });

describe('the team invitation page', () => {
  it('asks a signed-out visitor to sign in or sign up, coming back to the invitation either way', async () => {
    render(withPreview(fakeIdentity()), false);
    expect(await screen.findByRole('heading', { name: 'Join Acme Robotics' })).toBeTruthy();
    const back = encodeURIComponent(URL_PATH);
    expect(screen.getByRole('link', { name: 'Sign In to Accept' }).getAttribute('href')).toEqual(expect.stringContaining(back));
    expect(screen.getByRole('link', { name: 'Create an Account' }).getAttribute('href')).toBe(`/signup?returnUrl=${back}`);
  });

  it('lets the invited account accept and takes it to the team page', async () => {
    const fake = withPreview(dashboardServices());
    fake.on(`POST /api/identity/invitations/${TOKEN}/accept`, () =>
      jsonResponse(200, {
        organisation: { id: '0b4e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4', name: 'Acme Robotics', slug: 'acme', role: 'member', createdAt: '2026-11-01T09:00:00.000Z' },
      }),
    );
    render(fake, true);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect((await screen.findByTestId('landed')).textContent).toContain('/dashboard/team');
  });

  it('tells another signed-in account that the invitation is not theirs', async () => {
    render(withPreview(dashboardServices(), preview({ email: 'linus@example.com' })), true);
    expect(await screen.findByText(/this invitation was sent to linus@example.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).toBeNull();
  });

  it('says why an expired invitation cannot be accepted', async () => {
    render(withPreview(dashboardServices(), preview({ status: 'expired' })), true);
    expect(await screen.findByText(CLOSED_INVITATION.expired)).toBeTruthy();
  });
});
