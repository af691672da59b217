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

async function signedInClient(user: { email: string; isAdmin: boolean; id?: string }) {
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

describe('Workspace switch', () => {
  const TEAM = { id: '7f3c2a10-4b5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Acme Robotics', slug: 'acme', role: 'member', createdAt: '2026-11-01T00:00:00.000Z' };
  const pool = {
    organisationId: TEAM.id,
    tier: 'starter',
    seats: 2,
    creditsRemaining: 2_000_000,
    creditsLimit: 2_000_000,
    purchasedCredits: 0,
    periodStart: '2026-11-01T00:00:00.000Z',
    refillsAt: '2026-12-01T00:00:00.000Z',
    members: [],
  };

  async function member(id: string, organisations: unknown[]) {
    const signedIn = await signedInClient({ email: `${id.slice(0, 4)}@example.com`, isAdmin: false, id });
    signedIn.identity.on('GET /api/identity/organisations', jsonResponse(200, { organisations }));
    signedIn.identity.on('GET /api/chat/wallet', jsonResponse(200, walletFixture({ creditsRemaining: 1_000, creditsLimit: 1_000, purchasedCredits: 0 })));
    signedIn.identity.on(`GET /api/chat/organisations/${TEAM.id}/pool`, jsonResponse(200, pool));
    return signedIn;
  }

  it('is not shown to someone in no team', async () => {
    const { client } = await member('0b6f5e4d-3c2b-4a19-8f7e-6d5c4b3a2910', []);
    renderHeader(client);
    await screen.findByTestId('header-balance');
    expect(screen.queryByRole('combobox', { name: 'Workspace' })).toBeNull();
  });

  it('takes the header balance to the team’s pool, remembers the choice for this user, and comes back to Personal', async () => {
    const userId = '1c7e9d2b-5a4f-4e3d-9c8b-7a6f5e4d3c2b';
    const { client } = await member(userId, [TEAM]);
    const view = renderHeader(client);
    const [select] = await within(header()).findAllByRole('combobox', { name: 'Workspace' });
    expect(
      within(select!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Personal', 'Acme Robotics']);
    expect((await screen.findByTestId('header-balance')).textContent).toBe('1,000 credits');

    await userEvent.selectOptions(select!, TEAM.id);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('2,000,000 credits'));
    expect(JSON.parse(window.localStorage.getItem(`agentdock.workspace.${userId}`)!)).toEqual({ id: TEAM.id, name: TEAM.name });

    // Another page of the same tab (a remote, the shell after navigation) sees the same choice.
    view.unmount();
    renderHeader(client);
    const [again] = await within(header()).findAllByRole('combobox', { name: 'Workspace' });
    expect((again as HTMLSelectElement).value).toBe(TEAM.id);
    await userEvent.selectOptions(again!, '');
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('1,000 credits'));
    expect(window.localStorage.getItem(`agentdock.workspace.${userId}`)).toBeNull();
  });

  it('falls back to Personal when the remembered team is no longer listed', async () => {
    const userId = '2d8f0e3c-6b5a-4f4e-8d9c-8b7a6f5e4d3c';
    window.localStorage.setItem(`agentdock.workspace.${userId}`, JSON.stringify({ id: TEAM.id, name: TEAM.name }));
    const { client } = await member(userId, [{ ...TEAM, id: '3e9a1f4d-7c6b-4a5f-9e0d-9c8b7a6f5e4d', name: 'Other team' }]);
    renderHeader(client);
    const [select] = await within(header()).findAllByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe(''));
    expect(window.localStorage.getItem(`agentdock.workspace.${userId}`)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('1,000 credits'));
  });
});
