import type { Tx } from '@agentdock/service-data';
import type { CatalogSchema } from '../db/schema';
import { invalidatingAfterCommit } from './plan-cache';
import type { CatalogWriter } from './writer';

describe('invalidatingAfterCommit', () => {
  const tx = {} as Tx<CatalogSchema>;
  let invalidations: number;
  const cache = { invalidate: () => void (invalidations += 1) };
  beforeEach(() => {
    invalidations = 0;
  });
  const writerRunning = (commit: () => Promise<void>): CatalogWriter => ({
    enqueue: jest.fn(),
    transaction: async (work) => {
      const result = await work(tx);
      await commit();
      return result;
    },
  });

  it('drops the cache once the transaction has committed, and returns its result', async () => {
    let invalidationsSeenInside = -1;
    const writer = invalidatingAfterCommit(
      writerRunning(async () => undefined),
      cache,
    );
    const result = await writer.transaction(async (handle) => {
      expect(handle).toBe(tx);
      invalidationsSeenInside = invalidations;
      return 'saved';
    });
    expect(result).toBe('saved');
    // Not during the work: a read in between would cache the old list again.
    expect(invalidationsSeenInside).toBe(0);
    expect(invalidations).toBe(1);
  });

  it('keeps the cache when the transaction fails (nothing changed)', async () => {
    const writer = invalidatingAfterCommit(
      writerRunning(async () => Promise.reject(new Error('serialization failure'))),
      cache,
    );
    await expect(writer.transaction(async () => 'saved')).rejects.toThrow('serialization failure');
    expect(invalidations).toBe(0);
  });

  it('drops the cache once per committed write', async () => {
    const writer = invalidatingAfterCommit(
      writerRunning(async () => undefined),
      cache,
    );
    await writer.transaction(async () => undefined);
    await writer.transaction(async () => undefined);
    expect(invalidations).toBe(2);
  });

  it('enqueues events through the writer it wraps', () => {
    const inner = writerRunning(async () => undefined);
    expect(invalidatingAfterCommit(inner, cache).enqueue).toBe(inner.enqueue);
  });
});
