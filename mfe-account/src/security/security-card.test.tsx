/** @jest-environment @agentdock/session/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse } from '@agentdock/session/testing';
import { dashboardServices, renderDashboard } from '../dashboard/testing';
import { MFA_OFF, MFA_ON } from './security-card';

const MFA = '/api/identity/me/mfa';
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Agentdock:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Agentdock',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = [...'KMNPQRSTUV'].map((last) => `ABCD${last}-EFGHJ`);
const enabledStatus = (usedAt: Array<string | null>) => ({
  enabled: true,
  enabledAt: '2026-11-20T10:00:00.000Z',
  recoveryCodes: usedAt.map((used, index) => ({ number: index + 1, usedAt: used })),
});

const card = async () => within(await screen.findByRole('region', { name: 'Two-factor authentication' }));

describe('the dashboard’s two-factor authentication card', () => {
  it('sets up the app: QR code and key, a code to confirm, then the recovery codes once', async () => {
    const services = dashboardServices();
    services.on(`POST ${MFA}/enrolment`, jsonResponse(201, ENROLMENT));
    services.on(`POST ${MFA}/enrolment/confirm`, (call) =>
      (call.body as { code: string }).code === '123456' ? jsonResponse(200, { recoveryCodes: CODES }) : errorResponse(400, 'invalid_mfa_code', 'That code is not valid.'),
    );
    renderDashboard('/dashboard', services);
    const user = userEvent.setup();
    const security = await card();

    expect(await security.findByText(new RegExp(MFA_OFF))).toBeTruthy();
    await user.click(security.getByRole('button', { name: 'Set Up Two-Factor Authentication' }));
    expect((await security.findByRole('img', { name: /QR code/ })).getAttribute('src')).toBe(ENROLMENT.qrCode);
    expect(security.getByTestId('mfa-secret').textContent).toBe(ENROLMENT.secret);

    await user.click(security.getByRole('button', { name: 'Turn On' }));
    expect(security.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    await user.type(security.getByLabelText('6-digit code from the app'), '654321');
    await user.click(security.getByRole('button', { name: 'Turn On' }));
    expect((await security.findByRole('alert')).textContent).toBe('That code is not valid.');

    await user.clear(security.getByLabelText('6-digit code from the app'));
    await user.type(security.getByLabelText('6-digit code from the app'), '123 456');
    await user.click(security.getByRole('button', { name: 'Turn On' }));
    const list = await security.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    // The session refreshes, so this tab's token carries the multi-factor claim at once.
    expect(services.callsTo('POST /api/identity/token/refresh').length).toBeGreaterThanOrEqual(2);
    const download = security.getByRole('link', { name: 'Download as .txt' });
    expect(download.getAttribute('download')).toBe('agentdock-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(CODES.join('\n'));

    services.on(`GET ${MFA}`, jsonResponse(200, enabledStatus(CODES.map(() => null))));
    await user.click(security.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await security.findByTestId('recovery-codes-left')).toBeTruthy();
    expect(security.getByTestId('recovery-codes-left').textContent).toBe('10 of 10 recovery codes unused.');
    expect(security.queryByTestId('recovery-codes')).toBeNull();
    expect(security.getByRole('status').textContent).toBe(MFA_ON);
  });

  it('asks for the current password when the server wants it, and turns on with it and the same code', async () => {
    const services = dashboardServices();
    services.on(`POST ${MFA}/enrolment`, jsonResponse(201, ENROLMENT));
    const REAUTHENTICATE = 'For your security, enter your current password to make this change.';
    services.on(`POST ${MFA}/enrolment/confirm`, (call) => {
      const { currentPassword } = call.body as { code: string; currentPassword?: string };
      if (currentPassword === undefined) return errorResponse(403, 'reauthentication_required', REAUTHENTICATE);
      if (currentPassword !== 'correct horse') return errorResponse(400, 'invalid_current_password', 'Your current password is not correct.');
      return jsonResponse(200, { recoveryCodes: CODES });
    });
    renderDashboard('/dashboard', services);
    const user = userEvent.setup();
    const security = await card();

    await user.click(await security.findByRole('button', { name: 'Set Up Two-Factor Authentication' }));
    expect(security.queryByLabelText('Current password')).toBeNull();
    await user.type(await security.findByLabelText('6-digit code from the app'), '123456');
    await user.click(security.getByRole('button', { name: 'Turn On' }));
    expect((await security.findByRole('alert')).textContent).toBe(REAUTHENTICATE);
    const password = await security.findByLabelText('Current password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.click(security.getByRole('button', { name: 'Turn On' }));
    expect(security.getByText('Enter your current password')).toBeTruthy();
    expect(services.callsTo(`POST ${MFA}/enrolment/confirm`)).toHaveLength(1);

    await user.type(password, 'a guess');
    await user.click(security.getByRole('button', { name: 'Turn On' }));
    // Beside its field.
    await waitFor(() => expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Your current password is not correct.'));

    await user.clear(security.getByLabelText('Current password'));
    await user.type(security.getByLabelText('Current password'), 'correct horse');
    await user.click(security.getByRole('button', { name: 'Turn On' }));
    expect(await security.findByTestId('recovery-codes')).toBeTruthy();
    expect(services.callsTo(`POST ${MFA}/enrolment/confirm`).map((call) => call.body)).toEqual([
      { code: '123456' },
      { code: '123456', currentPassword: 'a guess' },
      { code: '123456', currentPassword: 'correct horse' },
    ]);
  });

  it('shows when recovery codes were used, and turns off with the password and a code', async () => {
    const services = dashboardServices();
    services.on(`GET ${MFA}`, jsonResponse(200, enabledStatus([null, '2026-11-21T09:00:00.000Z', ...Array(8).fill(null)])));
    services.on(`POST ${MFA}/disable`, jsonResponse(200, { enabled: false, enabledAt: null, recoveryCodes: [] }));
    renderDashboard('/dashboard', services);
    const user = userEvent.setup();
    const security = await card();

    expect((await security.findByTestId('recovery-codes-left')).textContent).toBe('9 of 10 recovery codes unused.');
    expect(security.getByRole('list', { name: 'Used recovery codes' }).textContent).toMatch(/^Code 2 used on /);

    await user.click(security.getByText('Turn off two-factor authentication'));
    await user.click(security.getByRole('button', { name: 'Turn Off' }));
    expect(security.getByText('Enter your password')).toBeTruthy();
    expect(services.callsTo(`POST ${MFA}/disable`)).toHaveLength(0);
    await user.type(security.getByLabelText('Password'), 'correct horse');
    await user.type(security.getAllByLabelText('Authenticator or recovery code').at(-1)!, 'abcde-fghjk');
    await user.click(security.getByRole('button', { name: 'Turn Off' }));
    expect((await security.findByRole('status')).textContent).toBe(MFA_OFF);
    expect(services.callsTo(`POST ${MFA}/disable`)[0]!.body).toEqual({ password: 'correct horse', code: 'abcde-fghjk' });
    expect(security.getByRole('button', { name: 'Set Up Two-Factor Authentication' })).toBeTruthy();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    const services = dashboardServices();
    services.on(`GET ${MFA}`, errorResponse(503, 'unavailable', 'Service unavailable'));
    renderDashboard('/dashboard', services);
    const security = await card();
    expect((await security.findByRole('alert')).textContent).toBe('Service unavailable');
    services.on(`GET ${MFA}`, jsonResponse(200, { enabled: false, enabledAt: null, recoveryCodes: [] }));
    await userEvent.setup().click(security.getByRole('button', { name: 'Try Again' }));
    expect(await security.findByRole('button', { name: 'Set Up Two-Factor Authentication' })).toBeTruthy();
  });
});
