/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen } from '@testing-library/react';
import { errorResponse, jsonResponse, userFixture } from '@agentdock/session/testing';
import { PROFILE_SAVED } from './profile-form';
import { dashboardServices, renderDashboard } from './testing';

function signedInDashboard() {
  return renderDashboard('/dashboard', dashboardServices({ fullName: 'Ada Lovelace', phone: null })).services;
}

describe('profile form on the dashboard', () => {
  it('saves a phone number and a new name, and the greeting follows', async () => {
    const identity = signedInDashboard();
    identity.on('PATCH /api/identity/me', (call) => jsonResponse(200, userFixture({ ...(call.body as object) })));

    fireEvent.change(await screen.findByLabelText(/Phone number/), { target: { value: ' +14155550100 ' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    expect(identity.callsTo('PATCH /api/identity/me')[0]!.body).toEqual({ fullName: 'Ada King', phone: '+14155550100' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada King' })).toBeTruthy();
  });

  it('explains a phone number that is not in international format without calling the server', async () => {
    const identity = signedInDashboard();
    fireEvent.change(await screen.findByLabelText(/Phone number/), { target: { value: '0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Enter the phone number in international format, e.g. +14155550100')).toBeTruthy();
    expect(identity.callsTo('PATCH /api/identity/me')).toHaveLength(0);
  });

  it("shows the server's message when saving fails, and an emptied field removes the value", async () => {
    const identity = signedInDashboard();
    identity.on('PATCH /api/identity/me', errorResponse(409, 'phone_taken', 'This phone number is already used by another account.'));
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect((await screen.findByRole('alert')).textContent).toBe('This phone number is already used by another account.');
    expect(identity.callsTo('PATCH /api/identity/me')[0]!.body).toEqual({ fullName: null, phone: null });
    expect(screen.queryByText(PROFILE_SAVED)).toBeNull();
  });
});
