import { hashPassword, verifyPassword } from './passwords';
import { pkceChallengeMatches, randomSixDigits, randomToken, sha256 } from './secrets';

describe('password hashing', () => {
  it('stores argon2id with a salt of its own and verifies only the right password', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    await expect(verifyPassword(first, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(first, 'Correct horse battery')).resolves.toBe(false);
  });

  it('runs a full argon2 verification when there is no user, so the answer takes as long', async () => {
    // The module object itself (a namespace import would be a copy the code under test never calls).
    const verify = jest.spyOn(jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2'), 'verify');
    try {
      await expect(verifyPassword(undefined, 'not the password of anyone')).resolves.toBe(false);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$/);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('secrets', () => {
  it('makes 256-bit url-safe tokens and six-digit codes', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(randomToken());
    for (let i = 0; i < 50; i += 1) expect(randomSixDigits()).toMatch(/^\d{6}$/);
  });

  it('checks a PKCE verifier against its S256 challenge (RFC 7636 appendix B)', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(pkceChallengeMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(pkceChallengeMatches(`${verifier}x`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    expect(pkceChallengeMatches(verifier, 'short')).toBe(false);
    expect(sha256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });
});
