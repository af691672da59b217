import { isKnownPage, matchPublicRoute, renderedUrl } from './public-routes';

describe('matchPublicRoute', () => {
  it('matches the public pages, with their parameters', () => {
    for (const path of ['/', '/pricing', '/courses', '/models', '/about', '/our-story', '/terms', '/privacy', '/contact', '/signin', '/signup']) {
      expect(matchPublicRoute(path)?.route.path).toBe(path);
    }
    expect(matchPublicRoute('/courses/build-ai-agents')).toEqual({ route: expect.objectContaining({ page: 'CourseDetail' }), params: { courseId: 'build-ai-agents' } });
  });

  it('leaves members-only pages and unknown paths to the browser', () => {
    for (const path of ['/dashboard', '/chat', '/admin', '/courses/build-ai-agents/discussion', '/manage-subscription', '/no-such-page', '/pricing/extra']) {
      expect(matchPublicRoute(path)).toBeNull();
    }
  });
});

describe('renderedUrl (what a public page is rendered and cached for)', () => {
  const rendered = (path: string) => {
    const url = new URL(path, 'http://site.invalid');
    const match = matchPublicRoute(url.pathname);
    if (!match) throw new Error(`${path} is not public`);
    const { pathname, search } = renderedUrl(url, match.route);
    return `${pathname}${search}`;
  };

  it('drops the query parameters the page does not read, so a flood of /?x=N is one render', () => {
    expect(new Set(Array.from({ length: 50 }, (_, n) => rendered(`/?x=${n}`)))).toEqual(new Set(['/']));
    expect(rendered('/about?utm_source=mail&fbclid=abc')).toBe('/about');
  });

  it('keeps those it reads, in one order whatever order they came in', () => {
    expect(rendered('/pricing?x=1&subscription=cancelled')).toBe('/pricing?subscription=cancelled');
    expect(rendered('/signin?view=magic_link&junk=1&returnUrl=%2Fchat')).toBe(rendered('/signin?returnUrl=%2Fchat&view=magic_link'));
    expect(rendered('/signin?view=magic_link&junk=1&returnUrl=%2Fchat')).toBe('/signin?returnUrl=%2Fchat&view=magic_link');
  });
});

describe('isKnownPage', () => {
  it('knows every page of the route table, members-only ones included, and nothing else', () => {
    for (const path of ['/', '/dashboard', '/chat', '/admin', '/courses/x/discussion', '/auth/callback']) expect(isKnownPage(path)).toBe(true);
    for (const path of ['/no-such-page', '/pricing/extra', '/admin/users']) expect(isKnownPage(path)).toBe(false);
  });
});
