import { ApiError } from '@agentdock/api-client';
import { createChallengeSlot } from './challenge-slot';
import { createSessionHolder } from './session-holder';
import { createRefresher } from './session-refresher';
import { SIGNED_OUT } from './state-store';
import type { TabLock, TabMessage } from './tab-sync';
import { createRecordingStore } from './testing/recording-store';
import { sessionFixture } from './testing/fake-identity';
import type { Session, SessionState } from './types';

function setup({ initial = SIGNED_OUT, lock = null }: { initial?: SessionState; lock?: TabLock | null } = {}) {
  const { store, events } = createRecordingStore(initial);
  const scheduler = { beforeExpiry: jest.fn(), retryLater: jest.fn(), cancel: jest.fn() };
  const hint = { set: jest.fn(), clear: jest.fn() };
  const posted: TabMessage[] = [];
  const channel = { post: (message: TabMessage) => void posted.push(message), listen: () => undefined };
  const holder = createSessionHolder({ store, hint, channel, scheduler, challenge: createChallengeSlot(), now: Date.now });
  const refreshCall = jest.fn<Promise<Session>, []>();
  const refresh = createRefresher({ holder, store, scheduler, refreshCall, lock });
  return { store, events, scheduler, hint, holder, refreshCall, refresh, posted };
}

const refused = () => new ApiError(401, 'invalid_refresh_token', 'Your session has ended.');
const unreachable = () => new ApiError(503, 'upstream_unavailable', 'Identity is unavailable');

describe('createRefresher', () => {
  it('holds the new session: INITIAL_SESSION on the first check, TOKEN_REFRESHED for the same user after', async () => {
    const { refresh, refreshCall, store, events } = setup({ initial: { ...SIGNED_OUT, status: 'loading' } });
    const first = sessionFixture();
    refreshCall.mockResolvedValueOnce(first);
    expect(await refresh()).toBe(first);
    expect(store.get()).toMatchObject({ status: 'signed-in', session: first });

    refreshCall.mockResolvedValueOnce(sessionFixture());
    await refresh();
    expect(events).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });

  it('one call for refreshes asked for while one is under way', async () => {
    const { refresh, refreshCall } = setup();
    refreshCall.mockResolvedValue(sessionFixture());
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect(a).toBe(b);
    expect(refreshCall).toHaveBeenCalledTimes(1);
  });

  it('a refusal ends the session: INITIAL_SESSION on the first check, SIGNED_OUT later', async () => {
    const loading = setup({ initial: { ...SIGNED_OUT, status: 'loading' } });
    loading.refreshCall.mockRejectedValue(refused());
    expect(await loading.refresh()).toBeNull();
    expect(loading.events).toEqual(['INITIAL_SESSION']);
    expect(loading.hint.clear).toHaveBeenCalled();

    const signedIn = setup();
    signedIn.holder.hold(signedIn.holder.received(sessionFixture()), 'SIGNED_IN');
    signedIn.refreshCall.mockRejectedValue(refused());
    expect(await signedIn.refresh()).toBeNull();
    expect(signedIn.events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    // The refresh token is gone for every tab, so they all hear of it.
    expect(signedIn.posted).toContainEqual({ type: 'signed-out' });
  });

  it('a refreshed session keeps a password recovery under way', async () => {
    const { refresh, refreshCall, holder, store } = setup();
    holder.hold(holder.received(sessionFixture()), 'PASSWORD_RECOVERY', { recovery: true });
    refreshCall.mockResolvedValueOnce(sessionFixture());
    await refresh();
    expect(store.get()).toMatchObject({ status: 'signed-in', recovery: true });
  });

  it('an unreachable server: a still-valid token is kept, the next attempt is planned, a first check ends signed out', async () => {
    const signedIn = setup();
    const session = sessionFixture();
    signedIn.holder.hold(signedIn.holder.received(session), 'SIGNED_IN');
    signedIn.refreshCall.mockRejectedValue(unreachable());
    expect(await signedIn.refresh()).toBe(session);
    expect(signedIn.scheduler.retryLater).toHaveBeenCalledTimes(1);
    expect(signedIn.store.get().status).toBe('signed-in');

    const loading = setup({ initial: { ...SIGNED_OUT, status: 'loading' } });
    loading.refreshCall.mockRejectedValue(unreachable());
    expect(await loading.refresh()).toBeNull();
    expect(loading.events).toEqual(['INITIAL_SESSION']);
    expect(loading.hint.clear).not.toHaveBeenCalled();
  });

  it('uses the session another tab got while this one waited for the lock, without a call', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const lock: TabLock = { run: async (task) => gate.then(task) };
    const { refresh, refreshCall, holder } = setup({ lock });
    const pending = refresh();
    const fromOtherTab = sessionFixture();
    holder.hold(holder.received(fromOtherTab), 'SIGNED_IN', { broadcast: false });
    release();
    expect(await pending).toBe(fromOtherTab);
    expect(refreshCall).not.toHaveBeenCalled();
  });
});
