import { hrefWithReturnUrl, signInHref } from './sign-in-href';

describe('signInHref', () => {
  it('is the plain sign-in page without a page to return to', () => {
    expect(signInHref()).toBe('/signin');
    expect(signInHref(null)).toBe('/signin');
    expect(signInHref('')).toBe('/signin');
  });

  it('encodes the return path, query and hash included, as one parameter', () => {
    expect(signInHref('/chat')).toBe('/signin?returnUrl=%2Fchat');
    expect(signInHref('/courses/ai-fundamentals?tab=a&b=c#top')).toBe('/signin?returnUrl=%2Fcourses%2Fai-fundamentals%3Ftab%3Da%26b%3Dc%23top');
    expect(new URLSearchParams(signInHref('/x?y=1&z=2').split('?')[1]).get('returnUrl')).toBe('/x?y=1&z=2');
  });

  it('carries the return path to any page', () => {
    expect(hrefWithReturnUrl('/signup', '/pricing')).toBe('/signup?returnUrl=%2Fpricing');
  });
});
