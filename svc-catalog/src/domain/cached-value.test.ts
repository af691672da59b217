import { CachedValue } from './cached-value';

describe('CachedValue', () => {
  let clock = 0;
  let loads = 0;
  const counter = () =>
    new CachedValue(
      async () => ++loads,
      1_000,
      () => clock,
    );
  beforeEach(() => {
    clock = 0;
    loads = 0;
  });

  it('loads once while fresh, and again once it is older than its maximum age', async () => {
    const cache = counter();
    expect(await cache.get()).toBe(1);
    clock = 999;
    expect(await cache.get()).toBe(1);
    clock = 1_000;
    expect(await cache.get()).toBe(2);
  });

  it('reloads right after an invalidation', async () => {
    const cache = counter();
    await cache.get();
    cache.invalidate();
    expect(await cache.get()).toBe(2);
  });

  it('shares one load between concurrent readers', async () => {
    const cache = counter();
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = new CachedValue(async () => {
      if (fail) throw new Error('database unavailable');
      return 'plans';
    }, 60_000);
    await expect(cache.get()).rejects.toThrow('database unavailable');
    fail = false;
    expect(await cache.get()).toBe('plans');
  });

  it('measures its age from when it loaded, not from the epoch', async () => {
    clock = 10_000;
    const cache = counter();
    expect(await cache.get()).toBe(1);
    clock = 10_999;
    expect(await cache.get()).toBe(1);
    clock = 11_000;
    expect(await cache.get()).toBe(2);
  });

  it('keeps a newer load when an older one that was invalidated meanwhile fails', async () => {
    let rejectFirst: (error: Error) => void = () => undefined;
    let calls = 0;
    const cache = new CachedValue<string>(() => {
      calls += 1;
      if (calls === 1) return new Promise((_resolve, reject) => (rejectFirst = reject));
      return Promise.resolve(`plans v${calls}`);
    }, 60_000);
    const first = cache.get();
    cache.invalidate();
    expect(await cache.get()).toBe('plans v2');
    rejectFirst(new Error('database unavailable'));
    await expect(first).rejects.toThrow('database unavailable');
    expect(await cache.get()).toBe('plans v2');
    expect(calls).toBe(2);
  });
});
