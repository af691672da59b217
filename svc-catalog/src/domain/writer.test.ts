import { type PendingInsert, insertPublishing } from './writer';

/** An insert that returns `rows`, recording whether it was asked to skip conflicts. */
function pendingInsert(rows: Array<{ id: number }>, calls: string[]): PendingInsert<{ id: number }> {
  return {
    returning: async () => {
      calls.push('insert');
      return rows;
    },
    onConflictDoNothing: () => ({
      returning: async () => {
        calls.push('insert, skipping conflicts');
        return rows;
      },
    }),
  };
}

describe('insertPublishing', () => {
  it('inserts, serves the row, publishes what it serves, and returns it', async () => {
    const calls: string[] = [];
    const created = await insertPublishing(pendingInsert([{ id: 7 }], calls), {
      skipExisting: false,
      serve: (row) => ({ served: row.id }),
      publish: async (served) => void calls.push(`publish ${served.served}`),
    });
    expect(created).toEqual({ served: 7 });
    expect(calls).toEqual(['insert', 'publish 7']);
  });

  it('when seeding, skips a row that exists: nothing returned, nothing published', async () => {
    const calls: string[] = [];
    const publish = jest.fn(async () => undefined);
    expect(await insertPublishing(pendingInsert([], calls), { skipExisting: true, serve: (row) => row, publish })).toBeUndefined();
    expect(calls).toEqual(['insert, skipping conflicts']);
    expect(publish).not.toHaveBeenCalled();
  });
});
