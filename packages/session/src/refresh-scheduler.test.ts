import { createRefreshScheduler } from './refresh-scheduler';
import { sessionFixture } from './testing/fake-identity';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const heldFor = (expiresInS: number, nowMs: number) => ({ session: sessionFixture({ expiresIn: expiresInS }), expiresAtMs: nowMs + expiresInS * 1000 });

describe('createRefreshScheduler', () => {
  it('refreshes a minute before a 15-minute token expires', () => {
    const refresh = jest.fn();
    const scheduler = createRefreshScheduler(refresh);
    scheduler.beforeExpiry(heldFor(900, 0), 0);
    jest.advanceTimersByTime(839_999);
    expect(refresh).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps one timer: a new plan replaces the one before it', () => {
    const refresh = jest.fn();
    const scheduler = createRefreshScheduler(refresh);
    scheduler.beforeExpiry(heldFor(120, 0), 0);
    scheduler.beforeExpiry(heldFor(900, 0), 0);
    jest.advanceTimersByTime(839_999);
    expect(refresh).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('backs off 5 s, 10 s, 20 s while the server cannot be reached, and from 5 s again once a session is held', () => {
    const refresh = jest.fn();
    const scheduler = createRefreshScheduler(refresh);
    const firesAfter = (ms: number) => {
      refresh.mockClear();
      jest.advanceTimersByTime(ms - 1);
      expect(refresh).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(refresh).toHaveBeenCalledTimes(1);
    };
    scheduler.retryLater();
    firesAfter(5_000);
    scheduler.retryLater();
    firesAfter(10_000);
    scheduler.retryLater();
    firesAfter(20_000);

    scheduler.beforeExpiry(heldFor(900, 0), 0);
    scheduler.retryLater();
    firesAfter(5_000);
  });

  it('cancel stops the planned refresh', () => {
    const refresh = jest.fn();
    const scheduler = createRefreshScheduler(refresh);
    scheduler.beforeExpiry(heldFor(900, 0), 0);
    scheduler.cancel();
    jest.advanceTimersByTime(3_600_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
