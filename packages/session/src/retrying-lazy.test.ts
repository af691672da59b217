import { retryingLazy } from './retrying-lazy';

describe('retryingLazy', () => {
  it('loads once and hands every caller the same value', async () => {
    const load = jest.fn(async () => ({ loaded: true }));
    const get = retryingLazy(load);
    const [first, second] = await Promise.all([get(), get()]);
    expect(first).toBe(second);
    expect(await get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed load', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue('transport');
    const get = retryingLazy(load);
    await expect(get()).rejects.toThrow('ChunkLoadError');
    await expect(get()).resolves.toBe('transport');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
