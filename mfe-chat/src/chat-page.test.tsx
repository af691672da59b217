/** @jest-environment @agentdock/session/jsdom-environment */
import { webcrypto } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createSessionClient, SESSION_HINT_KEY, SessionProvider } from '@agentdock/session';
import { fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from '@agentdock/session/testing';
import ChatPage from './chat-page';

function renderChat(signedIn: boolean) {
  const identity = fakeIdentity();
  const storage = memoryStorage();
  if (signedIn) {
    storage.setItem(SESSION_HINT_KEY, '1');
    identity.on('POST /api/identity/token/refresh', jsonResponse(200, sessionFixture({ user: { subscriptionTier: 'starter' } })));
  }
  const client = createSessionClient({ fetch: identity.fetch, storage, crypto: webcrypto as unknown as Crypto, channel: null, lock: null, watchVisibility: false });
  render(
    <SessionProvider client={client}>
      <MemoryRouter>
        <ChatPage />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('chat page before the chat opens', () => {
  it('asks a visitor to sign in, coming back to /chat', async () => {
    renderChat(false);
    expect(await screen.findByText('Please sign in to chat with your AI agents.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin?returnUrl=%2Fchat');
  });

  it('does not ask a signed-in customer to sign in again', async () => {
    renderChat(true);
    expect(await screen.findByText(/see which agents your Starter plan includes/)).toBeTruthy();
    expect(screen.queryByText('Please sign in to chat with your AI agents.')).toBeNull();
  });
});
