/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { isMfaRequired, MfaRequiredNotice } from './mfa-required-notice';

describe('the console’s two-factor notice', () => {
  it('recognises only the mfa_required refusal', () => {
    expect(isMfaRequired({ status: 403, code: 'mfa_required' })).toBe(true);
    expect(isMfaRequired({ status: 403, code: 'forbidden' })).toBe(false);
    expect(isMfaRequired(null)).toBe(false);
    expect(isMfaRequired(new Error('offline'))).toBe(false);
  });

  it('shows the server’s message and the way to set up the authenticator', () => {
    render(
      <MemoryRouter>
        <MfaRequiredNotice message="Admin access requires two-factor authentication." />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Admin access requires two-factor authentication.');
    expect(screen.getByRole('link', { name: 'Set Up Two-Factor Authentication' }).getAttribute('href')).toBe('/dashboard');
  });
});
