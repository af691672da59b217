import type { AccessTokenClaims } from '@agentdock/contracts';
import { InvalidTokenError } from './auth-errors';
import type { TokenVerifier } from './jwt';
import { cachingVerifier } from './token-cache';

const claims: AccessTokenClaims = { sub: 'u1', email: 'ada@example.com', admin: false, tier: 'free' };

/** A token whose payload says it expires at `exp` (seconds); the counting verifier below trusts anything but "bad". */
const tokenWith = (payload: object) => `header.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;
const tokenExpiringAt = (exp: number, id = 'a') => tokenWith({ sub: 'u1', exp, jti: id });

function countingVerifier() {
  const calls: string[] = [];
  const verifier: TokenVerifier = {
    verify: async (token) => {
      calls.push(token);
      if (token.startsWith('bad')) throw new InvalidTokenError(new Error('bad signature'));
      return claims;
    },
  };
  return { verifier, calls };
}

describe('caching token verifier', () => {
  it('verifies a token once and answers from memory until the token expires', async () => {
    let now = 1_000_000;
    const { verifier, calls } = countingVerifier();
    const cached = cachingVerifier(verifier, { now: () => now });
    const token = tokenExpiringAt(1_060);
    expect(await cached.verify(token)).toBe(claims);
    expect(await cached.verify(token)).toBe(claims);
    expect(calls).toHaveLength(1);
    now = 1_060_000;
    await cached.verify(token);
    expect(calls).toHaveLength(2);
  });

  it('with a maximum age, verifies again once it has passed, though the token still lives', async () => {
    let now = 1_000_000;
    const { verifier, calls } = countingVerifier();
    const cached = cachingVerifier(verifier, { maxAgeMs: 60_000, now: () => now });
    const token = tokenExpiringAt(1_600);
    await cached.verify(token);
    now = 1_059_999;
    await cached.verify(token);
    expect(calls).toHaveLength(1);
    now = 1_060_000;
    await cached.verify(token);
    await cached.verify(token);
    expect(calls).toHaveLength(2);
  });

  it('does not remember a token without an expiry', async () => {
    const { verifier, calls } = countingVerifier();
    const cached = cachingVerifier(verifier, { now: () => 0 });
    const forever = tokenWith({ sub: 'u1' });
    for (const token of [forever, forever]) await cached.verify(token);
    expect(calls).toEqual([forever, forever]);
  });

  it('never remembers a failure', async () => {
    const { verifier, calls } = countingVerifier();
    const cached = cachingVerifier(verifier, { now: () => 0 });
    await expect(cached.verify('bad.token')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(cached.verify('bad.token')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toHaveLength(2);
  });

  it('holds at most the configured number of tokens, dropping the oldest', async () => {
    const { verifier, calls } = countingVerifier();
    const cached = cachingVerifier(verifier, { maxTokens: 2, now: () => 0 });
    const [first, second, third] = ['1', '2', '3'].map((id) => tokenExpiringAt(60, id));
    for (const token of [first, second, third, third, second, first]) await cached.verify(token!);
    expect(calls).toEqual([first, second, third, first]);
  });
});
