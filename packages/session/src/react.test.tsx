/** @jest-environment @agentdock/session/jsdom-environment */
import { webcrypto } from 'node:crypto';
import { act, render, screen } from '@testing-library/react';
import { SessionProvider, useAuthEvent, useSession } from './react';
import { createSessionClient } from './session-client';
import { fakeIdentity, jsonResponse, memoryStorage, sessionFixture } from './testing/fake-identity';
import type { AuthChangeEvent } from './types';

function Probe({ onEvent }: { onEvent: (event: AuthChangeEvent) => void }) {
  const { status, user } = useSession();
  useAuthEvent((event) => onEvent(event));
  return <p>{status === 'signed-in' ? `Signed in as ${user?.email}` : status}</p>;
}

describe('React bindings', () => {
  it('render the shared state and deliver auth events to every subscriber', async () => {
    const identity = fakeIdentity();
    identity.on('POST /api/identity/signin/password', jsonResponse(200, sessionFixture()));
    const client = createSessionClient({
      fetch: identity.fetch,
      storage: memoryStorage(),
      crypto: webcrypto as unknown as Crypto,
      channel: null,
      lock: null,
    });
    const first: AuthChangeEvent[] = [];
    const second: AuthChangeEvent[] = [];
    render(
      <SessionProvider client={client}>
        <Probe onEvent={(event) => first.push(event)} />
        <Probe onEvent={(event) => second.push(event)} />
      </SessionProvider>,
    );
    expect(screen.getAllByText('signed-out')).toHaveLength(2);

    await act(() => client.signInWithPassword({ email: 'ada@example.com', password: 'correct horse' }));
    expect(screen.getAllByText('Signed in as ada@example.com')).toHaveLength(2);
    expect(first).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    expect(second).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
  });
});
