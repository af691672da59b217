import type { Request, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { RateLimitedError } from '@agentdock/service-kit';
import { apiRateLimit, rateLimitKey } from './rate-limit';

function call(limit: ReturnType<typeof apiRateLimit>, ip: string) {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (headers[name] = value) } as unknown as Response;
  let outcome: unknown = 'not called';
  limit({ ip, socket: {} } as Request, res, (err?: unknown) => void (outcome = err));
  return { headers, error: outcome };
}

describe('api rate limit', () => {
  it('lets a client make its allowance per minute, refuses the next with Retry-After, and starts over a minute later', () => {
    let now = 1_000_000;
    const limit = apiRateLimit(2, () => now);
    expect(call(limit, '203.0.113.7').headers).toEqual({ 'RateLimit-Policy': '2;w=60', RateLimit: 'limit=2, remaining=1, reset=60' });
    now += 30_000;
    expect(call(limit, '203.0.113.7').error).toBeUndefined();
    const refused = call(limit, '203.0.113.7');
    expect(refused.error).toBeInstanceOf(RateLimitedError);
    expect((refused.error as RateLimitedError).headers).toEqual({ 'Retry-After': '30' });
    expect(call(limit, '198.51.100.1').error).toBeUndefined();
    now += 30_000;
    expect(call(limit, '203.0.113.7')).toEqual({ headers: { 'RateLimit-Policy': '2;w=60', RateLimit: 'limit=2, remaining=1, reset=60' }, error: undefined });
  });

  it('counts IPv6 clients per /56, which one household or server usually holds whole', () => {
    const limit = apiRateLimit(1, () => 0);
    expect(call(limit, '2001:db8:1:100::1').error).toBeUndefined();
    expect(call(limit, '2001:db8:1:1ff::2').error).toBeInstanceOf(RateLimitedError);
    expect(call(limit, '2001:db8:1:200::1').error).toBeUndefined();
  });

  it.each(['203.0.113.7', '2001:db8:1:1ff::2', '::ffff:203.0.113.7', '::1'])('keys %s as express-rate-limit does', (ip) => {
    expect(rateLimitKey(ip)).toBe(ipKeyGenerator(ip));
  });
});
