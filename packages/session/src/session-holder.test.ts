import { createChallengeSlot } from './challenge-slot';
import { createSessionHolder } from './session-holder';
import { createStateStore, SIGNED_OUT } from './state-store';
import type { TabMessage } from './tab-sync';
import { sessionFixture, userFixture } from './testing/fake-identity';
import type { AuthChangeEvent, SessionState } from './types';

function setup(initial: SessionState = SIGNED_OUT) {
  const store = createStateStore(initial);
  const heard: Array<[AuthChangeEvent, SessionState]> = [];
  store.onAuthStateChange((event, state) => heard.push([event, state]));
  const hint = { present: false, set: () => void (hint.present = true), clear: () => void (hint.present = false) };
  const posted: TabMessage[] = [];
  const channel = { post: (message: TabMessage) => void posted.push(message), listen: () => undefined };
  const scheduler = { beforeExpiry: jest.fn(), retryLater: jest.fn(), cancel: jest.fn() };
  const challenge = createChallengeSlot();
  let nowMs = 1_000_000;
  const holder = createSessionHolder({ store, hint, channel, scheduler, challenge, now: () => nowMs });
  return { store, heard, hint, posted, scheduler, challenge, holder, advance: (ms: number) => void (nowMs += ms) };
}

describe('createSessionHolder', () => {
  it('received: the expiry in this browser clock, so a skewed server clock does not matter', () => {
    const { holder } = setup();
    const session = sessionFixture({ expiresIn: 900, expiresAt: 1 });
    expect(holder.received(session)).toEqual({ session, expiresAtMs: 1_000_000 + 900_000 });
  });

  it('expiresSoon: within ten seconds of the expiry', () => {
    const { holder, advance } = setup();
    const held = holder.received(sessionFixture({ expiresIn: 60 }));
    advance(50_000);
    expect(holder.expiresSoon(held)).toBe(false);
    advance(1);
    expect(holder.expiresSoon(held)).toBe(true);
  });

  it('hold: the state, the hint, the refresh plan, the other tabs; any second step under way ends', () => {
    const { holder, heard, hint, posted, scheduler, challenge } = setup();
    challenge.set({ token: 'challenge', expiresAt: 1 });
    const session = sessionFixture({ mfaVerified: true });
    const held = holder.received(session);
    holder.hold(held, 'SIGNED_IN');

    expect(holder.current()).toBe(held);
    expect(heard).toEqual([['SIGNED_IN', { status: 'signed-in', session, user: session.user, recovery: false, mfaVerified: true }]]);
    expect(hint.present).toBe(true);
    expect(scheduler.beforeExpiry).toHaveBeenCalledWith(held, 1_000_000);
    expect(posted).toEqual([{ type: 'signed-in', held }]);
    expect(challenge.get()).toBeNull();
  });

  it('hold from another tab is not sent back, and keeps a recovery', () => {
    const { holder, heard, posted } = setup();
    holder.hold(holder.received(sessionFixture({ kind: 'recovery' })), 'PASSWORD_RECOVERY', { recovery: true, broadcast: false });
    expect(posted).toEqual([]);
    expect(heard[0]![1]).toMatchObject({ status: 'signed-in', recovery: true, mfaVerified: false });
  });

  it('drop: signed out everywhere, the hint, the timer and the second step gone', () => {
    const { holder, heard, hint, posted, scheduler, challenge } = setup();
    holder.hold(holder.received(sessionFixture()), 'SIGNED_IN', { broadcast: false });
    challenge.set({ token: 'challenge', expiresAt: 1 });
    holder.drop('SIGNED_OUT', { broadcast: true });

    expect(holder.current()).toBeNull();
    expect(heard.map(([event, state]) => [event, state.status])).toEqual([
      ['SIGNED_IN', 'signed-in'],
      ['SIGNED_OUT', 'signed-out'],
    ]);
    expect(hint.present).toBe(false);
    expect(scheduler.cancel).toHaveBeenCalled();
    expect(challenge.get()).toBeNull();
    expect(posted).toEqual([{ type: 'signed-out' }]);
  });

  it('drop tells nobody of a SIGNED_OUT that changes nothing, but does end a first check', () => {
    const signedOut = setup();
    signedOut.holder.drop('SIGNED_OUT', { broadcast: false });
    expect(signedOut.heard).toEqual([]);

    const loading = setup({ ...SIGNED_OUT, status: 'loading' });
    loading.holder.drop('INITIAL_SESSION', { broadcast: false });
    expect(loading.heard).toEqual([['INITIAL_SESSION', SIGNED_OUT]]);
  });

  it('userUpdated: the held session carries the new profile, a recovery ends, the other tabs hear of it', () => {
    const { holder, heard, posted } = setup();
    holder.hold(holder.received(sessionFixture({ kind: 'recovery' })), 'PASSWORD_RECOVERY', { recovery: true, broadcast: false });
    const user = userFixture({ fullName: 'Ada King' });
    holder.userUpdated(user);

    expect(holder.current()!.session.user).toEqual(user);
    expect(heard.at(-1)).toEqual(['USER_UPDATED', expect.objectContaining({ user, session: holder.current()!.session, recovery: false })]);
    expect(posted).toEqual([{ type: 'user-updated', user }]);
  });

  it('userUpdatedElsewhere: only with a session held, keeps a recovery here, is not sent back', () => {
    const { holder, heard, posted } = setup();
    holder.userUpdatedElsewhere(userFixture());
    expect(heard).toEqual([]);

    holder.hold(holder.received(sessionFixture({ kind: 'recovery' })), 'PASSWORD_RECOVERY', { recovery: true, broadcast: false });
    const user = userFixture({ fullName: 'Grace Hopper' });
    holder.userUpdatedElsewhere(user);
    expect(heard.at(-1)).toEqual(['USER_UPDATED', expect.objectContaining({ user, recovery: true })]);
    expect(posted).toEqual([]);
  });

  it('userUpdated with no session held and no other tabs to tell still tells this page', () => {
    const store = createStateStore(SIGNED_OUT);
    const scheduler = { beforeExpiry: jest.fn(), retryLater: jest.fn(), cancel: jest.fn() };
    const holder = createSessionHolder({ store, hint: { set: jest.fn(), clear: jest.fn() }, channel: null, scheduler, challenge: createChallengeSlot(), now: () => 0 });
    const user = userFixture();
    holder.userUpdated(user);
    expect(store.get()).toMatchObject({ session: null, user, recovery: false });
  });
});
