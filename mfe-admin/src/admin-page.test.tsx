/** @jest-environment @agentdock/session/jsdom-environment */
import { webcrypto } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from '@agentdock/session/testing';
import AdminPage from './admin-page';

function renderAdmin(user?: { isAdmin: boolean }) {
  const identity = fakeIdentity();
  const storage = memoryStorage();
  if (user) {
    storage.setItem(SESSION_HINT_KEY, '1');
    identity.on('POST /api/identity/token/refresh', jsonResponse(200, sessionFixture({ user: { ...user, email: 'ops@example.com' } })));
    identity.on('GET /api/identity/admin/users', jsonResponse(200, { users: [], total: 0 }));
  }
  const client = createSessionClient({ fetch: identity.fetch, storage, crypto: webcrypto as unknown as Crypto, channel: null, lock: null, watchVisibility: false });
  render(
    <SessionProvider client={client}>
      <MemoryRouter initialEntries={['/admin?tab=users']}>
        <AdminPage />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('admin console gate', () => {
  it('denies a visitor who is not signed in', async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Access denied. Admin privileges required.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin?returnUrl=%2Fadmin');
  });

  it('denies a signed-in user without the admin flag', async () => {
    renderAdmin({ isAdmin: false });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByText('Admin Dashboard')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('opens the dashboard with the Admin Access marker for an admin', async () => {
    renderAdmin({ isAdmin: true });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Admin Access')).toBeTruthy();
    expect(screen.queryByText('Access Denied')).toBeNull();
    expect(await screen.findByText('No users yet.')).toBeTruthy();
  });
});
