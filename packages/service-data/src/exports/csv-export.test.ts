import { inPages, minorAsDecimal } from './csv-export';

describe('CSV export helpers', () => {
  it('writes minor units as the decimal amount, negatives included', () => {
    expect([4_500, 5_499, 5, 0, -1_250, -7].map(minorAsDecimal)).toEqual(['45.00', '54.99', '0.05', '0.00', '-12.50', '-0.07']);
  });

  it('reads page after page from the last row of the previous one, and stops on a short page', async () => {
    const rows = Array.from({ length: 5 }, (_unused, index) => ({ cursor: { at: `t${index}`, id: String(index) } }));
    const asked: Array<string | undefined> = [];
    const read: string[] = [];
    for await (const row of inPages(async (after, limit) => {
      asked.push(after?.id);
      const start = after ? Number(after.id) + 1 : 0;
      return rows.slice(start, start + limit);
    }, 2)) {
      read.push(row.cursor.id);
    }
    expect(read).toEqual(['0', '1', '2', '3', '4']);
    expect(asked).toEqual([undefined, '1', '3']);
  });
});
