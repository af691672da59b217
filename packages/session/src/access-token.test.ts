import { accessTokenSource } from './access-token';
import { createChallengeSlot } from './challenge-slot';
import { createSessionHolder } from './session-holder';
import { createStateStore, SIGNED_OUT } from './state-store';
import { sessionFixture } from './testing/fake-identity';
import type { Session } from './types';

function setup(ready: Promise<void> = Promise.resolve()) {
  let nowMs = 0;
  const scheduler = { beforeExpiry: jest.fn(), retryLater: jest.fn(), cancel: jest.fn() };
  const holder = createSessionHolder({
    store: createStateStore(SIGNED_OUT),
    hint: { set: jest.fn(), clear: jest.fn() },
    channel: null,
    scheduler,
    challenge: createChallengeSlot(),
    now: () => nowMs,
  });
  const refresh = jest.fn(async (): Promise<Session | null> => sessionFixture({ accessToken: 'refreshed' }));
  return { holder, refresh, token: accessTokenSource(ready, holder, refresh), advance: (ms: number) => void (nowMs += ms) };
}

describe('accessTokenSource', () => {
  it('null when nobody is signed in', async () => {
    const { token, refresh } = setup();
    expect(await token()).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('the held token while it is valid for more than ten seconds, a refreshed one after', async () => {
    const { token, holder, refresh, advance } = setup();
    holder.hold(holder.received(sessionFixture({ accessToken: 'held', expiresIn: 60 })), 'SIGNED_IN');
    advance(50_000);
    expect(await token()).toBe('held');
    advance(1);
    expect(await token()).toBe('refreshed');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('waits for the first check of the page', async () => {
    let checked!: () => void;
    const { token, holder } = setup(new Promise<void>((resolve) => (checked = resolve)));
    const answer = token();
    holder.hold(holder.received(sessionFixture({ accessToken: 'from the first check' })), 'INITIAL_SESSION');
    checked();
    expect(await answer).toBe('from the first check');
  });

  it('null when the refresh finds the session ended', async () => {
    const { holder, refresh, token, advance } = setup();
    holder.hold(holder.received(sessionFixture({ expiresIn: 60 })), 'SIGNED_IN');
    advance(55_000);
    refresh.mockResolvedValueOnce(null);
    expect(await token()).toBeNull();
  });
});
