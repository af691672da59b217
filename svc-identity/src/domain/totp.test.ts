import { Secret, TOTP } from 'otpauth';
import { matchingTotpStep, newTotpSecret, totpAt, totpUri } from './totp';

// RFC 6238 appendix B, SHA-1: the key is the ASCII string "12345678901234567890".
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const RFC_VECTORS: Array<[seconds: number, eightDigits: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('matches the SHA-1 test vector at T=%i', (seconds, eightDigits) => {
    const rfc = new TOTP({ secret: RFC_SECRET, algorithm: 'SHA1', digits: 8, period: 30 });
    expect(rfc.generate({ timestamp: seconds * 1000 })).toBe(eightDigits);
    // Six digits are the same value modulo 10^6: what authenticator apps show.
    expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(eightDigits.slice(2));
  });

  it('accepts a code one step early or late and refuses two steps off', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    const codeAt = (offsetSteps: number) => totpAt(RFC_SECRET, now + offsetSteps * 30_000);
    expect(matchingTotpStep(RFC_SECRET, codeAt(0), now)).toBe(step);
    expect(matchingTotpStep(RFC_SECRET, codeAt(-1), now)).toBe(step - 1);
    expect(matchingTotpStep(RFC_SECRET, codeAt(1), now)).toBe(step + 1);
    expect(matchingTotpStep(RFC_SECRET, codeAt(-2), now)).toBeNull();
    expect(matchingTotpStep(RFC_SECRET, codeAt(2), now)).toBeNull();
  });

  it('makes a fresh 160-bit secret each time, and a URI apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Agentdock');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(uri.pathname)).toContain('ada@example.com');
  });
});
