import { eventForRefresh, tabMessageEffect } from './session-events';
import { SIGNED_OUT } from './state-store';
import type { HeldSession } from './tab-sync';
import { sessionFixture } from './testing/fake-identity';
import type { SessionState } from './types';

const held = (overrides: Parameters<typeof sessionFixture>[0] = {}): HeldSession => ({ session: sessionFixture(overrides), expiresAtMs: Date.now() + 900_000 });
const signedIn = (current: HeldSession, recovery = false): SessionState => ({
  status: 'signed-in',
  session: current.session,
  user: current.session.user,
  recovery,
  mfaVerified: false,
});
const loading: SessionState = { ...SIGNED_OUT, status: 'loading' };

describe('eventForRefresh', () => {
  const mine = held({ user: { id: 'u-1' } });
  it('answers the first check with INITIAL_SESSION', () => {
    expect(eventForRefresh(loading, mine.session)).toBe('INITIAL_SESSION');
  });
  it('is TOKEN_REFRESHED for the same user and SIGNED_IN for another', () => {
    expect(eventForRefresh(signedIn(mine), held({ user: { id: 'u-1' } }).session)).toBe('TOKEN_REFRESHED');
    expect(eventForRefresh(signedIn(mine), held({ user: { id: 'u-2' } }).session)).toBe('SIGNED_IN');
    expect(eventForRefresh(SIGNED_OUT, mine.session)).toBe('SIGNED_IN');
  });
});

describe('tabMessageEffect', () => {
  const mine = held({ user: { id: 'u-1' } });

  it('signs out on another tab’s sign-out, unless already signed out', () => {
    expect(tabMessageEffect({ type: 'signed-out' }, signedIn(mine), mine)).toEqual({ kind: 'sign-out' });
    expect(tabMessageEffect({ type: 'signed-out' }, SIGNED_OUT, null)).toEqual({ kind: 'ignore' });
  });

  it('takes a profile change for this tab’s user only', () => {
    const user = { ...mine.session.user, fullName: 'Ada L.' };
    expect(tabMessageEffect({ type: 'user-updated', user }, signedIn(mine), mine)).toEqual({ kind: 'update-user', user });
    expect(tabMessageEffect({ type: 'user-updated', user: { ...user, id: 'u-2' } }, signedIn(mine), mine)).toEqual({ kind: 'ignore' });
    expect(tabMessageEffect({ type: 'user-updated', user }, SIGNED_OUT, null)).toEqual({ kind: 'ignore' });
  });

  it('ignores the session this tab already holds', () => {
    expect(tabMessageEffect({ type: 'signed-in', held: mine }, signedIn(mine), mine)).toEqual({ kind: 'ignore' });
  });

  it('holds another tab’s session: a refresh for the same user, a sign-in for another, the first check while loading', () => {
    const refreshed = held({ user: { id: 'u-1' } });
    const other = held({ user: { id: 'u-2' } });
    expect(tabMessageEffect({ type: 'signed-in', held: refreshed }, signedIn(mine), mine)).toEqual({ kind: 'hold', held: refreshed, event: 'TOKEN_REFRESHED', recovery: false });
    expect(tabMessageEffect({ type: 'signed-in', held: other }, signedIn(mine), mine)).toEqual({ kind: 'hold', held: other, event: 'SIGNED_IN', recovery: false });
    expect(tabMessageEffect({ type: 'signed-in', held: other }, loading, null)).toEqual({ kind: 'hold', held: other, event: 'INITIAL_SESSION', recovery: false });
  });

  it('keeps this tab’s recovery flow across a refreshed token, and never starts one from another tab', () => {
    const refreshed = held({ user: { id: 'u-1' } });
    expect(tabMessageEffect({ type: 'signed-in', held: refreshed }, signedIn(mine, true), mine)).toMatchObject({ event: 'TOKEN_REFRESHED', recovery: true });
    expect(tabMessageEffect({ type: 'signed-in', held: held({ kind: 'recovery', user: { id: 'u-2' } }) }, signedIn(mine), mine)).toMatchObject({
      event: 'SIGNED_IN',
      recovery: false,
    });
  });
});
