import { sharedByKey } from './shared-by-key';

describe('sharedByKey', () => {
  it('starts the work once per key and gives every caller its answer, even after it settled', async () => {
    const shared = sharedByKey<string>(4);
    const start = jest.fn(async () => 'session');
    const [first, second] = await Promise.all([shared.get('abc', start), shared.get('abc', start)]);
    expect(await shared.get('abc', start)).toBe('session');
    expect([first, second]).toEqual(['session', 'session']);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('shares a failure too (a used code stays used)', async () => {
    const shared = sharedByKey<string>(4);
    const start = jest.fn(async () => Promise.reject(new Error('invalid_code')));
    await expect(shared.get('abc', start)).rejects.toThrow('invalid_code');
    await expect(shared.get('abc', start)).rejects.toThrow('invalid_code');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('keeps at most `capacity` keys, forgetting the oldest', async () => {
    const shared = sharedByKey<number>(3);
    for (let index = 0; index < 50; index += 1) await shared.get(`code-${index}`, async () => index);
    expect(shared.size).toBe(3);
    const again = jest.fn(async () => -1);
    expect(await shared.get('code-49', again)).toBe(49);
    expect(await shared.get('code-0', again)).toBe(-1);
    expect(again).toHaveBeenCalledTimes(1);
  });
});
