import { emailLinkRequest } from '../identity/auth';
import { DEFAULT_RETURN_PATH, returnPathOrDefault, sitePath } from './site-path';

// Paths that look local but that a browser (or a router) resolves to another host.
const LEAVING = [
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/./\\evil.example',
  '/\\evil.example',
  '//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  'pricing',
  '',
];

describe('sitePath', () => {
  it.each(LEAVING)('refuses %j, and the fallback is the dashboard', (value) => {
    expect(sitePath(value)).toBeNull();
    expect(returnPathOrDefault(value)).toBe(DEFAULT_RETURN_PATH);
    expect(DEFAULT_RETURN_PATH).toBe('/dashboard');
  });

  it.each([
    ['/pricing', '/pricing'],
    ['/dashboard?tab=subscription', '/dashboard?tab=subscription'],
    ['/chat#latest', '/chat#latest'],
    ['/a/../pricing', '/pricing'],
    ['/courses/./ai', '/courses/ai'],
  ])('normalises %j to %j', (value, expected) => {
    expect(sitePath(value)).toBe(expected);
    expect(returnPathOrDefault(value)).toBe(expected);
  });

  it('is what the server accepts as an emailed link’s landing page, in its normalised form only', () => {
    const body = (redirectTo: string) => ({ email: 'ada@example.com', codeChallenge: 'c'.repeat(43), redirectTo });
    for (const value of LEAVING.filter(Boolean)) expect(emailLinkRequest.safeParse(body(value)).success).toBe(false);
    expect(emailLinkRequest.safeParse(body('/a/../pricing')).success).toBe(false);
    expect(emailLinkRequest.parse(body('/chat?agent=x')).redirectTo).toBe('/chat?agent=x');
  });
});
