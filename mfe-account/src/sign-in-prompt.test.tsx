/** @jest-environment @agentdock/session/jsdom-environment */
import { screen } from '@testing-library/react';
import { fakeIdentity, jsonResponse, sessionFixture } from '@agentdock/session/testing';
import { renderAuthPage } from './auth/testing';
import DashboardPage from './dashboard/dashboard-page';
import ManageSubscriptionPage from './subscription/manage-subscription-page';

describe('pages that need an account', () => {
  it('ask a signed-out visitor to sign in', () => {
    renderAuthPage('/dashboard', { '/dashboard': <DashboardPage /> });
    expect(screen.getByText('Please sign in to access your dashboard')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
  });

  it('show the signed-in user their page, after a loading state, never the prompt', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/token/refresh', jsonResponse(200, sessionFixture({ user: { fullName: null, email: 'ada@example.com' } })));
    renderAuthPage('/dashboard', { '/dashboard': <DashboardPage /> }, { identity, signedIn: true });
    expect(screen.getByText('Loading your account…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada@example.com' })).toBeTruthy();
    expect(screen.queryByText('Please sign in to access your dashboard')).toBeNull();
  });

  it('show a signed-in customer their subscriptions page, not a sign-in prompt', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/token/refresh', jsonResponse(200, sessionFixture({ user: { subscriptionTier: 'free' } })));
    identity.on('GET /api/billing/subscriptions', jsonResponse(200, { subscriptions: [] }));
    renderAuthPage('/manage-subscription', { '/manage-subscription': <ManageSubscriptionPage /> }, { identity, signedIn: true });
    expect(await screen.findByText(/No Active Subscriptions/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText('Please sign in to manage your subscription.')).toBeNull();
  });
});
