import { createUpstreamPool } from './upstream-pool';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('upstream pool', () => {
  it('sends requests round robin over the replicas', () => {
    const pool = createUpstreamPool(['http://a', 'http://b'], { probeIntervalMs: 60_000, downForMs: 1_000, probe: async () => true });
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual(['http://a', 'http://b', 'http://a', 'http://b']);
    pool.close();
  });

  it('leaves out a replica whose readiness probe fails until it passes again', async () => {
    const ready = new Map([
      ['http://a', true],
      ['http://b', false],
    ]);
    let probes = 0;
    const pool = createUpstreamPool(['http://a', 'http://b'], {
      probeIntervalMs: 60_000,
      downForMs: 1_000,
      probe: async (target) => {
        probes += 1;
        return ready.get(target)!;
      },
    });
    await flush();
    expect(probes).toBe(2);
    expect(new Set([pool.pick(), pool.pick(), pool.pick()])).toEqual(new Set(['http://a']));
    pool.close();
  });

  it('skips a replica that refused a connection for a while, then tries it again', () => {
    let now = 0;
    const pool = createUpstreamPool(['http://a', 'http://b'], { probeIntervalMs: 60_000, downForMs: 1_000, probe: async () => true, now: () => now });
    pool.markDown('http://a');
    expect([pool.pick(), pool.pick()]).toEqual(['http://b', 'http://b']);
    now = 1_001;
    expect(new Set([pool.pick(), pool.pick()])).toEqual(new Set(['http://a', 'http://b']));
    pool.close();
  });

  it('still tries a replica when none looks ready, and offers each untried one once for a retry', () => {
    const pool = createUpstreamPool(['http://a', 'http://b'], { probeIntervalMs: 60_000, downForMs: 1_000, probe: async () => true });
    pool.markDown('http://a');
    pool.markDown('http://b');
    expect(['http://a', 'http://b']).toContain(pool.pick());
    expect(pool.pickOtherThan(new Set(['http://a']))).toBe('http://b');
    expect(pool.pickOtherThan(new Set(['http://a', 'http://b']))).toBeUndefined();
    pool.close();
  });

  it('probes nothing for a single replica', async () => {
    let probes = 0;
    const pool = createUpstreamPool(['http://a'], { probeIntervalMs: 60_000, downForMs: 1_000, probe: async () => ((probes += 1), true) });
    await flush();
    expect(probes).toBe(0);
    pool.markDown('http://a');
    expect(pool.pick()).toBe('http://a');
    pool.close();
  });
});
