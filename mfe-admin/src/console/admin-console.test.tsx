/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, within } from '@testing-library/react';
import { errorResponse } from '@agentdock/session/testing';
import { adminServices, location, renderConsole } from '../testing';
import { installResizeObserver } from '../testing-chart';
import { ADMIN_ERRORS } from './admin-errors';

jest.mock('uplot', () => jest.requireActual('../testing-chart'));

beforeEach(() => {
  installResizeObserver();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('admin console', () => {
  it('opens on Overview and keeps the chosen tab in the URL, so a reload stays on it', async () => {
    renderConsole();
    const tabs = within(await screen.findByRole('tablist', { name: 'Admin sections' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Users',
      'Organisations',
      'Plans',
      'Trials & Codes',
      'AI Agents',
      'Content',
      'Courses',
      'Audit',
      'Exports',
    ]);
    expect(tabs.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(tabs.getByRole('tab', { name: 'AI Agents' }));
    expect(location()).toBe('/admin?tab=agents');
    expect(await screen.findByRole('heading', { level: 2, name: 'AI Agents' })).toBeTruthy();
    fireEvent.keyDown(tabs.getByRole('tab', { name: 'AI Agents' }), { key: 'ArrowRight' });
    expect(location()).toBe('/admin?tab=content');
    expect(tabs.getByRole('tab', { name: 'Content' })).toBe(document.activeElement);
  });

  it('opens the tab the URL names, and Overview for an unknown one', async () => {
    const first = renderConsole('/admin?tab=audit');
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit' })).toBeTruthy();
    first.unmount();
    renderConsole('/admin?tab=nope');
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeTruthy();
  });

  it('says access is denied in the banner when a service refuses the session', async () => {
    const services = adminServices();
    services.on('GET /api/catalog/admin/plans', errorResponse(403, 'forbidden', 'Access denied. Admin privileges required.'));
    renderConsole('/admin?tab=plans', services);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${ADMIN_ERRORS.accessDenied}×`);
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Plans could not be loaded.')).toBeTruthy();
  });

  it('tells an admin without a second factor to set one up instead of offering to try again', async () => {
    const services = adminServices();
    const message = 'Admin actions need two-factor authentication. Set it up on your dashboard, then sign in again.';
    services.on('GET /api/catalog/admin/plans', errorResponse(403, 'mfa_required', message));
    renderConsole('/admin?tab=plans', services);
    expect(await screen.findByRole('heading', { level: 2, name: 'Two-factor authentication required' })).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Set Up Two-Factor Authentication' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('uses the exact banner texts of the product', () => {
    expect(Object.values(ADMIN_ERRORS).slice(0, 9)).toEqual([
      'Access denied. Admin privileges required.',
      'Failed to load admin data',
      'Failed to update user status',
      'Failed to update user plan',
      'Failed to save plan',
      'Failed to delete plan',
      'Failed to save agent',
      'Failed to delete agent',
      'Failed to save content',
    ]);
  });
});
