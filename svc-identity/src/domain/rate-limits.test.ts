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

  it('reads overrides as <action>.<scope>=<count> and rejects anything else', () => {
    expect(rateLimitOverrides.parse('signup.ip=500, signin.account=20')).toEqual({
      'signup.ip': { action: 'signup', scope: 'ip', points: 500 },
      'signin.account': { action: 'signin', scope: 'account', points: 20 },
    });
    expect(rateLimitOverrides.safeParse('signup.everyone=5').success).toBe(false);
    expect(rateLimitOverrides.safeParse('signup.ip=0').success).toBe(false);
  });
});
