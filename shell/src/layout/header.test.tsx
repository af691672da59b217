/** @jest-environment @agentdock/session/jsdom-environment */
import { webcrypto } from 'node:crypto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider, type SessionClient } from '@agentdock/session';
import { fakeIdentity, jsonResponse, memoryStorage, sessionFixture, type FakeIdentity } from '@agentdock/session/testing';
import { walletFixture } from '@agentdock/contracts/testing';
import { Header, OPAQUE_AFTER_PX } from './header';

/** A session client against a fake identity service; `signedIn` makes the first check find a session. */
function sessionClient(identity: FakeIdentity, { signedIn = false } = {}): SessionClient {
  return createSessionClient({
    fetch: identity.fetch,
    storage: memoryStorage(signedIn ? { [SESSION_HINT_KEY]: '1' } : {}),
    crypto: webcrypto as unknown as Crypto,
    channel: null,
    lock: null,
    watchVisibility: false,
  });
}

function renderHeader(client: SessionClient = sessionClient(fakeIdentity())) {
  return render(
    <SessionProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/signin" element={<p>Sign-in page</p>} />
          <Route path="*" element={null} />
        </Routes>
        <Header />
      </MemoryRouter>
    </SessionProvider>,
  );
}

async function signedInClient(user: { email: string; isAdmin: boolean }) {
  const identity = fakeIdentity();
  identity.on('POST /api/identity/token/refresh', jsonResponse(200, sessionFixture({ user })));
  identity.on('POST /api/identity/token/revoke', jsonResponse(204));
  const client = sessionClient(identity, { signedIn: true });
  await client.ready;
  return { client, identity };
}

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    fireEvent.scroll(window);
  });
}

afterEach(() => scrollTo(0));

const header = () => screen.getByRole('banner');
const isOpaque = () => header().classList.contains('shell-header--opaque');

describe('Header', () => {
  it(`turns opaque only after ${OPAQUE_AFTER_PX}px of scroll`, () => {
    renderHeader();
    expect(isOpaque()).toBe(false);
    scrollTo(20);
    expect(isOpaque()).toBe(false);
    scrollTo(21);
    expect(isOpaque()).toBe(true);
    scrollTo(0);
    expect(isOpaque()).toBe(false);
  });

  it('links the main pages and Sign In', () => {
    renderHeader();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(nav.getByRole('link', { name: 'Course' }).getAttribute('href')).toBe('/courses');
    expect(nav.getByRole('link', { name: 'Our AI Agents' }).getAttribute('href')).toBe('/models');
    expect(nav.getByRole('link', { name: 'Begin Chatting' }).getAttribute('href')).toBe('/chat');
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]!.getAttribute('href')).toBe('/signin');
  });

  it('opens the mobile menu from the keyboard, closes it on Escape and on navigation', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Pricing' }));

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Course' }));
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the signed-in links; Admin only for admins and never in the mobile menu', async () => {
    const user = userEvent.setup();
    const { client } = await signedInClient({ email: 'ada@example.com', isAdmin: true });
    renderHeader(client);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getAllByText('ada@example.com').length).toBeGreaterThan(0);
    const main = within(screen.getByRole('banner'));
    expect(main.getAllByRole('link', { name: 'Dashboard' })[0]!.getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(menu.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows no Admin link to a signed-in user who is not an admin', async () => {
    const { client } = await signedInClient({ email: 'bob@example.com', isAdmin: false });
    renderHeader(client);
    expect(screen.getAllByText('bob@example.com').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Dashboard' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows neither Sign In nor the account links while the first session check runs', async () => {
    const identity = fakeIdentity();
    let answer: (response: Response) => void = () => undefined;
    identity.on('POST /api/identity/token/refresh', () => new Promise<Response>((resolve) => (answer = resolve)));
    const client = sessionClient(identity, { signedIn: true });
    renderHeader(client);
    expect(screen.getByRole('banner').querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();

    await waitFor(() => expect(identity.calls).toHaveLength(1));
    await act(async () => {
      answer(jsonResponse(200, sessionFixture({ user: { email: 'ada@example.com' } })));
      await client.ready;
    });
    expect(screen.getAllByText('ada@example.com').length).toBeGreaterThan(0);
    expect(screen.getByRole('banner').querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('signs out with the button and goes to /signin', async () => {
    const user = userEvent.setup();
    const { client, identity } = await signedInClient({ email: 'ada@example.com', isAdmin: false });
    renderHeader(client);
    const header = within(screen.getByRole('banner'));
    await user.click(header.getAllByRole('button', { name: 'Sign Out' })[0]!);

    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(identity.callsTo('POST /api/identity/token/revoke')).toHaveLength(1);
    expect(client.getState().status).toBe('signed-out');
    expect(header.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('ada@example.com')).toBeNull();
  });

  it('shows the signed-in customer the one balance: plan plus purchased credits (the dashboard once showed the plan credits alone)', async () => {
    const { client, identity } = await signedInClient({ email: 'bob@example.com', isAdmin: false });
    identity.on('GET /api/chat/wallet', jsonResponse(200, walletFixture({ creditsRemaining: 911_300, creditsLimit: 1_000_000, purchasedCredits: 500_000 })));
    renderHeader(client);
    const balance = await screen.findByTestId('header-balance');
    expect(balance.textContent).toBe('1,411,300 credits');
    expect(balance.getAttribute('href')).toBe('/dashboard?tab=usage');
    expect(balance.getAttribute('title')).toMatch(/^911,300 plan credits \(refill on .+\) \+ 500,000 purchased credits \(never expire\)$/);
  });

  it('shows no balance to a visitor', async () => {
    renderHeader();
    await screen.findAllByRole('link', { name: 'Sign In' });
    expect(screen.queryByTestId('header-balance')).toBeNull();
  });
});
