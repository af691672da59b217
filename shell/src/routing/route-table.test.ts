import * as appPaths from '../../../packages/contracts/src/http/app-paths';
import { matchPath } from 'react-router-dom';
import { pages as accountPages } from '../../../mfe-account/src/pages';
import { pages as adminPages } from '../../../mfe-admin/src/pages';
import { pages as chatPages } from '../../../mfe-chat/src/pages';
import { pages as marketingPages } from '../../../mfe-marketing/src/pages';
import type { RemoteName } from '../remotes';
import { ROUTES } from './route-table';

/** Every route of the product spec (§2) and of the lessons added since, with a concrete URL and the area that owns it. */
const SPEC_ROUTES: Array<[url: string, remote: RemoteName]> = [
  ['/', 'marketing'],
  ['/pricing', 'marketing'],
  ['/courses', 'marketing'],
  ['/courses/ai-fundamentals', 'marketing'],
  ['/courses/ai-fundamentals/discussion', 'marketing'],
  // Lessons and certificate verification (the course's lessons, issue 31).
  ['/courses/ai-fundamentals/lessons/0b7f3c1e-0000-4000-8000-000000000001', 'marketing'],
  ['/certificates/K7PD-3XQM-9TBA', 'marketing'],
  ['/models', 'marketing'],
  ['/about', 'marketing'],
  ['/our-story', 'marketing'],
  ['/terms', 'marketing'],
  ['/privacy', 'marketing'],
  ['/contact', 'marketing'],
  ['/signin', 'account'],
  ['/signup', 'account'],
  ['/forgot-password', 'account'],
  ['/reset-password', 'account'],
  ['/auth/callback', 'account'],
  ['/dashboard', 'account'],
  ['/manage-subscription', 'account'],
  // API keys and the docs for calling the agents from code (issue 29).
  ['/dashboard/api-keys', 'account'],
  // The team page and an emailed invitation's landing page (issue 45).
  ['/dashboard/team', 'account'],
  ['/team/join', 'account'],
  ['/chat', 'chat'],
  ['/admin', 'admin'],
];

const REMOTE_PAGES: Record<RemoteName, Record<string, unknown>> = {
  marketing: marketingPages,
  account: accountPages,
  chat: chatPages,
  admin: adminPages,
};

function routeFor(url: string) {
  return ROUTES.filter((route) => matchPath(route.path, url));
}

describe('route table', () => {
  it.each(SPEC_ROUTES)('sends %s to the %s micro-frontend', (url, remote) => {
    const matches = routeFor(url);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.remote).toBe(remote);
  });

  it('has no route the spec does not list', () => {
    expect(ROUTES).toHaveLength(SPEC_ROUTES.length);
  });

  it("opens a conversation's own URL on the chat page", () => {
    expect(routeFor('/chat/3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11').map((route) => route.remote)).toEqual(['chat']);
  });

  it.each(['/nope', '/pricing/extra', '/courses/a/b', '/admin/users'])('leaves %s to the 404 page', (url) => {
    expect(routeFor(url)).toHaveLength(0);
  });

  it.each(ROUTES.map((route) => [route.path, route.remote, route.page] as const))('%s names a page %s exposes (%s)', (_path, remote, page) => {
    expect(typeof REMOTE_PAGES[remote][page]).toBe('function');
  });

  // Emails already sent and checkouts in flight link to these: renaming a route must fail here.
  it.each(Object.entries(appPaths))('serves %s (%s), a page server code links to', (_name, path) => {
    expect(routeFor(path)).toHaveLength(1);
  });

  it('gives every route a title and a description', () => {
    for (const route of ROUTES) {
      expect(route.title.trim()).not.toBe('');
      expect(route.description.trim()).not.toBe('');
    }
  });
});
