/** @jest-environment jsdom */
import { returnPath, sameSitePath, withReturnUrl } from './return-url';

describe('returnUrl', () => {
  it.each([
    ['?returnUrl=%2Fpricing', '/pricing'],
    ['?returnUrl=%252Fcourses%252Fai-fundamentals', '/courses/ai-fundamentals'],
    ['?returnUrl=/dashboard?tab=subscription', '/dashboard?tab=subscription'],
    ['?returnUrl=%2Fchat%23latest', '/chat#latest'],
    ['', null],
    ['?returnUrl=https%3A%2F%2Fevil.example', null],
    ['?returnUrl=%2F%2Fevil.example', null],
    ['?returnUrl=%2F%5Cevil.example', null],
    ['?returnUrl=javascript%3Aalert(1)', null],
    ['?returnUrl=pricing', null],
    // Normalised before the check: each of these is //evil.example to a browser.
    ['?returnUrl=%2F.%2F%2Fevil.example', null],
    ['?returnUrl=%2F..%2F%2Fevil.example', null],
    ['?returnUrl=%2Fa%2F..%2F%2Fevil.example', null],
    ['?returnUrl=%2F%252e%2F%2Fevil.example', null],
    ['?returnUrl=%2F.%2F%5Cevil.example', null],
    ['?returnUrl=/.//evil.example', null],
    ['?returnUrl=/..//evil.example', null],
    ['?returnUrl=/a/..//evil.example', null],
    ['?returnUrl=/%252e//evil.example', null],
    ['?returnUrl=/./%5Cevil.example', null],
  ])('%s → %s', (search, expected) => {
    expect(returnPath(search)).toBe(expected);
  });

  it('accepts only paths of this site', () => {
    expect(sameSitePath(`${window.location.origin}/pricing`)).toBeNull();
    expect(sameSitePath('/a/../pricing')).toBe('/pricing');
  });

  it('carries the returnUrl across the sign-in and sign-up links', () => {
    expect(withReturnUrl('/signup', '?returnUrl=%2Fpricing')).toBe('/signup?returnUrl=%2Fpricing');
    expect(withReturnUrl('/signup', '?returnUrl=https%3A%2F%2Fevil.example')).toBe('/signup');
    expect(withReturnUrl('/signup', '')).toBe('/signup');
  });
});
