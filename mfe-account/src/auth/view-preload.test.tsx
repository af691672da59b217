/** @jest-environment @agentdock/session/jsdom-environment */
import { screen } from '@testing-library/react';
import { loadViewOf } from './auth-screen';
import SignInPage from './sign-in-page';
import SignUpPage from './sign-up-page';
import { renderAuthPage } from './testing';

// One file of its own: a view, once loaded, stays loaded for the module's life.
const pages = { '/signin': <SignInPage />, '/signup': <SignUpPage /> };

describe("an auth page's linked views", () => {
  it('load when shown: the first render of a view nobody loaded is its loading state', async () => {
    renderAuthPage('/signin?view=magic_link', pages);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in with a magic link' })).toBeTruthy();
  });

  it("the view the address names, loaded first, is drawn in the page's first render (a served page hydrates it with the card)", async () => {
    await loadViewOf('?view=forgotten_password', 'sign_in');
    renderAuthPage('/signin?view=forgotten_password', pages);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Reset Instructions' })).toBeTruthy();
  });

  it('the page’s own form needs nothing loaded first', async () => {
    await expect(loadViewOf('', 'sign_up')).resolves.toBeUndefined();
    renderAuthPage('/signup', pages);
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
  });
});
