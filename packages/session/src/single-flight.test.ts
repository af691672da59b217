import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('joins calls made while a run is under way, and starts anew once it has settled', async () => {
    let runs = 0;
    const run = singleFlight(async () => ++runs);
    expect(await Promise.all([run(), run(), run()])).toEqual([1, 1, 1]);
    expect(await run()).toBe(2);
  });

  it('starts anew after a failed run', async () => {
    let runs = 0;
    const run = singleFlight(async () => {
      runs += 1;
      if (runs === 1) throw new Error('offline');
      return runs;
    });
    await expect(Promise.all([run(), run()])).rejects.toThrow('offline');
    expect(await run()).toBe(2);
  });
});
