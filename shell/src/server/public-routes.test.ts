import { matchPublicRoute } from './public-routes';

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
