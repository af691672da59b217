import { RateLimitedError } from '@agentdock/service-kit';
import { openDomainDb, type DomainDb } from '../../test/domain-db';
import { DEFAULT_RATE_LIMITS, rateLimitOverrides, type RateLimitSettings } from './rate-limit-settings';
import { createRateLimits } from './rate-limits';

const tight: RateLimitSettings = {
  ...DEFAULT_RATE_LIMITS,
  signin: { ip: { points: 5, durationSeconds: 60 }, account: { points: 2, durationSeconds: 900 } },
  signup: { ip: { points: 2, durationSeconds: 30 }, account: { points: 100, durationSeconds: 60 } },
};

describe(`auth rate limits (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let domain: DomainDb;
  beforeAll(async () => {
    domain = await openDomainDb();
  });
  afterAll(() => domain.close());

  it('refuses the account past its budget with 429, Retry-After and when to retry', async () => {
    const limits = createRateLimits(domain.database.db, tight);
    await limits.consume('signin', { ip: '10.0.0.1', account: 'ada@example.com' });
    await limits.consume('signin', { ip: '10.0.0.2', account: 'ADA@example.com' });
    const refused = limits.consume('signin', { ip: '10.0.0.3', account: 'ada@example.com' });
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    const error = (await refused.catch((caught: unknown) => caught)) as RateLimitedError;
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(error.message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    expect(Number(error.headers['Retry-After'])).toBeGreaterThan(800);
    // Another account from the same addresses is unaffected.
    await limits.consume('signin', { ip: '10.0.0.1', account: 'grace@example.com' });
  });

  it('refuses an IP past its budget whatever the account, and says so in seconds', async () => {
    const limits = createRateLimits(domain.database.db, tight);
    await limits.consume('signup', { ip: '10.0.1.1', account: 'a@example.com' });
    await limits.consume('signup', { ip: '10.0.1.1', account: 'b@example.com' });
    await expect(limits.consume('signup', { ip: '10.0.1.1', account: 'c@example.com' })).rejects.toMatchObject({
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?\.$/),
    });
    await limits.consume('signup', { ip: '10.0.1.2', account: 'c@example.com' });
  });

  it('counts in the database, so another replica (another limiter) sees the same budget', async () => {
    const first = createRateLimits(domain.database.db, tight);
    const second = createRateLimits(domain.database.db, tight);
    await first.consume('signin', { ip: '10.0.2.1', account: 'shared@example.com' });
    await second.consume('signin', { ip: '10.0.2.1', account: 'shared@example.com' });
    await expect(first.consume('signin', { ip: '10.0.2.1', account: 'shared@example.com' })).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('forgives an account’s earlier failures after a success', async () => {
    const limits = createRateLimits(domain.database.db, tight);
    await limits.consume('signin', { ip: '10.0.3.1', account: 'typo@example.com' });
    await limits.reset('signin', 'typo@example.com');
    await limits.consume('signin', { ip: '10.0.3.1', account: 'typo@example.com' });
    await limits.consume('signin', { ip: '10.0.3.1', account: 'typo@example.com' });
  });

  it('counts each action apart, so exhausting one leaves the others', async () => {
    const limits = createRateLimits(domain.database.db, tight);
    await limits.consume('signup', { ip: '10.0.5.1', account: 'apart@example.com' });
    await limits.consume('signup', { ip: '10.0.5.1', account: 'apart@example.com' });
    await expect(limits.consume('signup', { ip: '10.0.5.1', account: 'apart@example.com' })).rejects.toBeInstanceOf(RateLimitedError);
    await limits.consume('signin', { ip: '10.0.5.1', account: 'apart@example.com' });
  });

  it('says "1 minute" for a one-minute wait, not "60 seconds"', async () => {
    const limits = createRateLimits(domain.database.db, { ...tight, otp: { ip: { points: 1, durationSeconds: 60 }, account: { points: 100, durationSeconds: 60 } } });
    await limits.consume('otp', { ip: '10.0.6.1', account: 'minute@example.com' });
    const error = (await limits.consume('otp', { ip: '10.0.6.1', account: 'minute@example.com' }).catch((caught: unknown) => caught)) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    // Rounded up from the milliseconds left: 60 when the refusal came within a second, else fewer.
    const retryAfter = Number(error.headers['Retry-After']);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.message).toBe(retryAfter === 60 ? 'Too many attempts. Please try again in 1 minute.' : `Too many attempts. Please try again in ${retryAfter} seconds.`);
  });

  it('lets a failure of the store through instead of calling it a rate limit', async () => {
    const limits = createRateLimits(domain.database.db, tight);
    // PostgreSQL text cannot hold a NUL character, so the store refuses the key.
    const failure = (await limits.consume('signin', { ip: '10.0.7.1\u0000', account: 'store@example.com' }).catch((caught: unknown) => caught)) as Error;
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(RateLimitedError);
  });

  it('has the defaults svc-identity/README.md documents', () => {
    const QUARTER_HOUR = 15 * 60;
    const HOUR = 60 * 60;
    const limit = (ip: number, account: number, durationSeconds: number) => ({ ip: { points: ip, durationSeconds }, account: { points: account, durationSeconds } });
    expect(DEFAULT_RATE_LIMITS).toEqual({
      signin: limit(50, 10, QUARTER_HOUR),
      verify: limit(50, 10, QUARTER_HOUR),
      mfa: limit(50, 10, QUARTER_HOUR),
      signup: limit(20, 5, HOUR),
      resend: limit(20, 5, HOUR),
      recover: limit(20, 5, HOUR),
      magiclink: limit(20, 5, HOUR),
      otp: limit(20, 5, HOUR),
    });
  });

  it('reads overrides as <action>.<scope>=<count> and rejects anything else', () => {
    expect(rateLimitOverrides.parse('signup.ip=500, signin.account=20')).toEqual({
      'signup.ip': { action: 'signup', scope: 'ip', points: 500 },
      'signin.account': { action: 'signin', scope: 'account', points: 20 },
    });
    // Empty parts (a trailing comma, an empty variable) are skipped.
    expect(rateLimitOverrides.parse(' otp.account=3 ,, ')).toEqual({ 'otp.account': { action: 'otp', scope: 'account', points: 3 } });
    expect(rateLimitOverrides.parse('')).toEqual({});
    for (const wrong of ['signup.everyone=5', 'nobody.ip=5', 'signup.ip=0', 'signup.ip=5x', 'x-signup.ip=5', 'signup.ip=', 'signup:ip=5', 'garbage']) {
      expect([wrong, rateLimitOverrides.safeParse(wrong).success]).toEqual([wrong, false]);
    }
    const refused = rateLimitOverrides.safeParse('signup.ip=1,signup.everyone=5');
    expect(refused.error?.issues.map((issue) => issue.code)).toEqual(['custom']);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      '"signup.everyone=5" is not <action>.<scope>=<count> with action one of signin, signup, resend, recover, magiclink, otp, verify, mfa and scope ip or account',
    ]);
  });
});
