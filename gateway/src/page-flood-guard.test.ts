import http from 'node:http';
import request from 'supertest';
import type { Logger } from '@agentdock/service-kit';
import { pageFloodGuard } from './page-flood-guard';

/** A server whose requests pass the guard first; what it lets through answers 200 "page". */
function guarded(perMinute: number, logger: Pick<Logger, 'warn'>) {
  const guard = pageFloodGuard({
    perMinute,
    addressOf: (req) => req.socket.remoteAddress ?? '',
    headers: [['X-Content-Type-Options', 'nosniff']],
    exempt: new Set(['/healthz']),
    logger: logger as Logger,
  });
  const server = http.createServer((req, res) => {
    if (!guard.refuse(req, res)) res.end('page');
  });
  return { server, guard };
}

describe('page flood guard', () => {
  it('refuses pages over the budget with 429 and Retry-After, and lets files, other methods and exempt paths through', async () => {
    const warn = jest.fn();
    const { server, guard } = guarded(2, { warn });
    try {
      await request(server).get('/?x=1').expect(200);
      await request(server).get('/pricing').expect(200);
      const refused = await request(server).get('/?x=2').expect(429);
      expect(refused.body).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect(refused.headers.ratelimit).toMatch(/remaining=0/);
      await request(server).head('/about').expect(429);
      for (const path of ['/main.js', '/healthz', '/healthz?full=1']) await request(server).get(path).expect(200);
      await request(server).post('/contact').expect(200);
    } finally {
      guard.close();
    }
  });

  it('logs one summary line with the count instead of a line per refusal', async () => {
    const warn = jest.fn();
    const { server, guard } = guarded(1, { warn });
    await request(server).get('/').expect(200);
    for (let n = 0; n < 5; n += 1) await request(server).get(`/?x=${n}`).expect(429);
    expect(warn).not.toHaveBeenCalled();
    guard.close();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ refused: 5 });
    // Nothing refused since: no further line.
    guard.close();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
