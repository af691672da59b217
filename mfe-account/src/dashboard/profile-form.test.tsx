/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserProfile } from '@agentdock/contracts';
import { errorResponse, jsonResponse, userFixture } from '@agentdock/session/testing';
import { awaitingCode, newCodeSentTo, PHONE_VERIFIED, PROFILE_SAVED } from './profile-form';
import { dashboardServices, renderDashboard } from './testing';

const PHONE = '+14155550100';
const REAUTHENTICATION = 'For your security, enter your current password to make this change.';

function signedInDashboard(user: Partial<UserProfile> = {}) {
  return renderDashboard('/dashboard', dashboardServices({ fullName: 'Ada Lovelace', phone: null, ...user })).services;
}

/** Answers a profile change as svc-identity does: a new number waits for its code. */
const savedAsPending = (call: { body: unknown }) => {
  const { phone, fullName } = call.body as { phone: string | null; fullName: string | null };
  return jsonResponse(200, userFixture({ fullName, phone: null, pendingPhone: phone }));
};

describe('profile form on the dashboard', () => {
  it('saves a new name and phone number, the greeting follows, and the number waits for its texted code', async () => {
    const identity = signedInDashboard();
    identity.on('PATCH /api/identity/me', savedAsPending);

    fireEvent.change(await screen.findByLabelText(/Phone number/), { target: { value: ' +14155550100 ' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    expect(identity.callsTo('PATCH /api/identity/me')[0]!.body).toEqual({ fullName: 'Ada King', phone: PHONE });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada King' })).toBeTruthy();
    expect(await screen.findByText(awaitingCode(PHONE))).toBeTruthy();
    expect(screen.getByLabelText('Code from the text message')).toBeTruthy();
  });

  it('asks for the current password when the server wants it, and sends it with the next try', async () => {
    const identity = signedInDashboard();
    identity.on('PATCH /api/identity/me', errorResponse(403, 'reauthentication_required', REAUTHENTICATION));
    fireEvent.change(await screen.findByLabelText(/Phone number/), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect((await screen.findByRole('alert')).textContent).toBe(REAUTHENTICATION);
    const password = screen.getByLabelText('Current password');
    expect(document.activeElement).toBe(password);
    expect(screen.queryByText(PROFILE_SAVED)).toBeNull();

    identity.on('PATCH /api/identity/me', savedAsPending);
    fireEvent.change(password, { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
    expect(identity.callsTo('PATCH /api/identity/me')[1]!.body).toEqual({ fullName: 'Ada Lovelace', phone: PHONE, currentPassword: 'correct horse' });
    expect(await screen.findByText(awaitingCode(PHONE))).toBeTruthy();
  });

  it('puts a wrong current password beside its field', async () => {
    const identity = signedInDashboard();
    identity.on('PATCH /api/identity/me', errorResponse(403, 'reauthentication_required', REAUTHENTICATION));
    fireEvent.change(await screen.findByLabelText(/Phone number/), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'a guess' } });

    identity.on('PATCH /api/identity/me', errorResponse(400, 'invalid_current_password', 'Your current password is not correct.'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findAllByText('Your current password is not correct.')).not.toHaveLength(0);
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it('proves a pending number with the texted code, then shows it as the one that signs in', async () => {
    const identity = signedInDashboard({ pendingPhone: PHONE });
    identity.on('POST /api/identity/me/phone/verify', jsonResponse(200, userFixture({ fullName: 'Ada Lovelace', phone: PHONE, pendingPhone: null })));
    const verification = await screen.findByRole('region', { name: 'Verify your phone number' });
    expect(within(verification).getByText(awaitingCode(PHONE))).toBeTruthy();

    fireEvent.click(within(verification).getByRole('button', { name: 'Verify Number' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/me/phone/verify')).toHaveLength(0);

    fireEvent.change(within(verification).getByLabelText('Code from the text message'), { target: { value: '123 456' } });
    fireEvent.click(within(verification).getByRole('button', { name: 'Verify Number' }));
    expect(await screen.findByText(PHONE_VERIFIED)).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/me/phone/verify')[0]!.body).toEqual({ code: '123456' });
    expect(screen.queryByRole('region', { name: 'Verify your phone number' })).toBeNull();
    expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe(PHONE);
  });

  it('says so when the code is wrong, and sends a new one on request', async () => {
    const identity = signedInDashboard({ pendingPhone: PHONE });
    const wrong = 'The code is invalid or has expired. Please check it or request a new code.';
    identity.on('POST /api/identity/me/phone/verify', errorResponse(400, 'invalid_otp', wrong));
    identity.on('POST /api/identity/me/phone/code', jsonResponse(202, { status: 'code_sent' }));
    const verification = await screen.findByRole('region', { name: 'Verify your phone number' });
    fireEvent.change(within(verification).getByLabelText('Code from the text message'), { target: { value: '000000' } });
    fireEvent.click(within(verification).getByRole('button', { name: 'Verify Number' }));
    expect((await within(verification).findByRole('alert')).textContent).toBe(wrong);

    fireEvent.click(within(verification).getByRole('button', { name: 'Send a New Code' }));
    expect(await within(verification).findByText(newCodeSentTo(PHONE))).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/me/phone/code')[0]!.body).toEqual({});
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
    identity.on('PATCH /api/identity/me', errorResponse(503, 'service_unavailable', 'The service is temporarily unavailable. Please try again shortly.'));
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The service is temporarily unavailable. Please try again shortly.');
    expect(identity.callsTo('PATCH /api/identity/me')[0]!.body).toEqual({ fullName: null, phone: null });
    expect(screen.queryByText(PROFILE_SAVED)).toBeNull();
  });
});
