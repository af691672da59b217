/** @jest-environment @agentdock/session/jsdom-environment */
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import { act, render, screen, waitFor } from '@testing-library/react';
import { SESSION_CLIENT_CREATED_EVENT, SESSION_HINT_KEY } from './session-hint';
import { SIGNED_OUT } from './state-store';
import { userFixture } from './testing/fake-identity';
import type { AuthChangeEvent, AuthStateListener, SessionState } from './types';

type Visitor = typeof import('./visitor');
type Context = typeof import('./context');

/** A stand-in for the page's session client: its state, its listeners and its gateway calls. */
function fakeClient(initial: SessionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const authListeners = new Set<AuthStateListener>();
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAuthStateChange: (listener: AuthStateListener) => {
      authListeners.add(listener);
      listener('INITIAL_SESSION', state);
      return () => authListeners.delete(listener);
    },
    set(next: SessionState) {
      state = next;
      for (const listener of listeners) listener();
    },
    emit(event: AuthChangeEvent) {
      for (const listener of authListeners) listener(event, state);
    },
    api: { call: jest.fn(async () => ({ answered: true })), download: jest.fn() },
  };
}

const signedIn = (): SessionState => ({ status: 'signed-in', session: null, user: userFixture({ email: 'ada@example.com' }), recovery: false, mfaVerified: false });

/**
 * The light entry as a fresh page loads it (its state is read once, as it loads), with the
 * package's main entry replaced by `client`; `loads` counts how often that entry was asked for.
 */
function loadEntry(client: ReturnType<typeof fakeClient>) {
  const loads = { count: 0 };
  // A fresh registry, so the entry reads the browser's state anew; the test's own React is kept,
  // and the main entry asked for later (asynchronously) is this test's stand-in.
  jest.resetModules();
  jest.doMock('react', () => React);
  jest.doMock('react/jsx-runtime', () => JsxRuntime);
  jest.doMock('@agentdock/session', () => {
    loads.count += 1;
    return { getSessionClient: () => client };
  });
  const visitor = jest.requireActual<Visitor>('./visitor');
  const context = jest.requireActual<Context>('./context');
  return { visitor, context, loads };
}

function Probe({ useVisitorSession }: { useVisitorSession: Visitor['useVisitorSession'] }) {
  const { status, user } = useVisitorSession();
  return <p>{status === 'signed-in' ? `Signed in as ${user?.email}` : status}</p>;
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.dontMock('@agentdock/session');
  jest.dontMock('react');
  jest.dontMock('react/jsx-runtime');
});

describe('the light session entry', () => {
  it('shows an anonymous visitor as signed out without loading the session client', async () => {
    const { visitor, loads } = loadEntry(fakeClient(signedIn()));
    render(<Probe useVisitorSession={visitor.useVisitorSession} />);
    await flush();
    expect(screen.getByText('signed-out')).toBeTruthy();
    expect(loads.count).toBe(0);
  });

  it('loads the client at once when this browser may hold a session, and follows its state', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    const client = fakeClient({ ...SIGNED_OUT, status: 'loading' });
    const { visitor, loads } = loadEntry(client);
    render(<Probe useVisitorSession={visitor.useVisitorSession} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await flush();
    expect(loads.count).toBe(1);
    act(() => client.set(signedIn()));
    expect(screen.getByText('Signed in as ada@example.com')).toBeTruthy();
  });

  it('follows the client once another app on the page creates it', async () => {
    const client = fakeClient(SIGNED_OUT);
    const { visitor } = loadEntry(client);
    render(<Probe useVisitorSession={visitor.useVisitorSession} />);
    window.dispatchEvent(new Event(SESSION_CLIENT_CREATED_EVENT));
    await flush();
    act(() => client.set(signedIn()));
    expect(screen.getByText('Signed in as ada@example.com')).toBeTruthy();
  });

  it('loads the client when another tab signs in, and not for other storage changes', async () => {
    const client = fakeClient(signedIn());
    const { visitor, loads } = loadEntry(client);
    render(<Probe useVisitorSession={visitor.useVisitorSession} />);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something.else', newValue: '1' }));
    await flush();
    expect(loads.count).toBe(0);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_HINT_KEY, newValue: '1' }));
    await flush();
    expect(screen.getByText('Signed in as ada@example.com')).toBeTruthy();
  });

  it("gives a SessionProvider's client precedence over the page's", async () => {
    const provided = fakeClient(signedIn());
    const { visitor, context, loads } = loadEntry(fakeClient(SIGNED_OUT));
    let loaded: unknown;
    function Loader() {
      const load = visitor.useSessionClientLoader();
      return <button onClick={() => void load().then((client) => (loaded = client))}>load</button>;
    }
    render(
      <context.SessionProvider client={provided as never}>
        <Probe useVisitorSession={visitor.useVisitorSession} />
        <Loader />
      </context.SessionProvider>,
    );
    expect(screen.getByText('Signed in as ada@example.com')).toBeTruthy();
    act(() => screen.getByText('load').click());
    await waitFor(() => expect(loaded).toBe(provided));
    expect(loads.count).toBe(0);
  });

  it("passes on the page's auth events once the client has loaded, without loading it", async () => {
    const client = fakeClient(SIGNED_OUT);
    const { visitor, loads } = loadEntry(client);
    const seen: AuthChangeEvent[] = [];
    function Listener() {
      visitor.useVisitorAuthEvent((event) => seen.push(event));
      return null;
    }
    const { unmount } = render(<Listener />);
    await flush();
    expect(loads.count).toBe(0);
    await act(async () => {
      await visitor.loadSessionClient();
    });
    act(() => client.emit('USER_UPDATED'));
    expect(seen).toEqual(['INITIAL_SESSION', 'USER_UPDATED']);
    unmount();
    client.emit('SIGNED_OUT');
    expect(seen).toEqual(['INITIAL_SESSION', 'USER_UPDATED']);
  });

  it("passes on a SessionProvider's client's auth events", () => {
    const provided = fakeClient(signedIn());
    const { visitor, context } = loadEntry(fakeClient(SIGNED_OUT));
    const seen: AuthChangeEvent[] = [];
    function Listener() {
      visitor.useVisitorAuthEvent((event) => seen.push(event));
      return null;
    }
    render(
      <context.SessionProvider client={provided as never}>
        <Listener />
      </context.SessionProvider>,
    );
    act(() => provided.emit('USER_UPDATED'));
    expect(seen).toEqual(['INITIAL_SESSION', 'USER_UPDATED']);
  });

  it("sends the visitor's gateway calls through the client, loaded on the first call", async () => {
    const client = fakeClient(signedIn());
    const { visitor, loads } = loadEntry(client);
    const endpoint = { method: 'GET', route: '/x' } as never;
    await expect(visitor.visitorApi.call(endpoint, { signal: undefined } as never)).resolves.toEqual({ answered: true });
    expect(client.api.call).toHaveBeenCalledWith(endpoint, { signal: undefined });
    expect(loads.count).toBe(1);
  });
});
