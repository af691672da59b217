import { matchPath } from 'react-router-dom';
import type { RemoteName } from '../remotes';

/** A page as the browser routes it; its meta description is in route-descriptions.ts (route-table.ts joins them). */
export interface PageRoute {
  /** React Router path pattern. */
  path: string;
  remote: RemoteName;
  /** Key in the remote's exposed './pages' map. */
  page: string;
  /** Document title; the site name is appended. */
  title: string;
  /** Public: served with its content in the HTML (the anonymous view, rendered on the server). */
  prerender?: true;
  /**
   * The query parameters the page reads. The server renders it with these alone and caches it
   * under them, so `/?x=1`, `/?x=2`… are one render rather than one each.
   */
  query?: readonly string[];
  /** A signed-in working area (dashboard, chat, console): a compact footer, not the marketing FAQ and columns. */
  area?: 'app';
}

/** Every page of the product and the micro-frontend that renders it. Anything else is a 404. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    remote: 'marketing',
    page: 'Home',
    title: 'AI agents for your business',
    prerender: true,
  },
  {
    path: '/pricing',
    remote: 'marketing',
    page: 'Pricing',
    title: 'Pricing',
    prerender: true,
    query: ['subscription'],
  },
  {
    path: '/courses',
    remote: 'marketing',
    page: 'Courses',
    title: 'Courses',
    prerender: true,
  },
  {
    path: '/courses/:courseId',
    remote: 'marketing',
    page: 'CourseDetail',
    title: 'Course',
    prerender: true,
    query: ['subscription'],
  },
  {
    path: '/courses/:courseId/discussion',
    remote: 'marketing',
    page: 'CourseDiscussion',
    title: 'Course Discussion',
  },
  {
    path: '/courses/:courseId/lessons/:lessonId',
    remote: 'marketing',
    page: 'Lesson',
    title: 'Lesson',
  },
  {
    path: '/certificates/:code',
    remote: 'marketing',
    page: 'Certificate',
    title: 'Certificate Verification',
  },
  {
    path: '/models',
    remote: 'marketing',
    page: 'Models',
    title: 'Our AI Agents',
    prerender: true,
  },
  {
    path: '/about',
    remote: 'marketing',
    page: 'About',
    title: 'About',
    prerender: true,
  },
  {
    path: '/our-story',
    remote: 'marketing',
    page: 'OurStory',
    title: 'Our Story',
    prerender: true,
  },
  { path: '/terms', remote: 'marketing', page: 'Terms', title: 'Terms of Service', prerender: true },
  {
    path: '/privacy',
    remote: 'marketing',
    page: 'Privacy',
    title: 'Privacy Policy',
    prerender: true,
  },
  {
    path: '/contact',
    remote: 'marketing',
    page: 'Contact',
    title: 'Contact',
    prerender: true,
  },
  { path: '/signin', remote: 'account', page: 'SignIn', title: 'Sign In', prerender: true, query: ['returnUrl', 'view'] },
  { path: '/signup', remote: 'account', page: 'SignUp', title: 'Sign Up', prerender: true, query: ['returnUrl', 'view'] },
  { path: '/forgot-password', remote: 'account', page: 'ForgotPassword', title: 'Reset Password' },
  { path: '/reset-password', remote: 'account', page: 'ResetPassword', title: 'Choose a New Password' },
  { path: '/auth/callback', remote: 'account', page: 'AuthCallback', title: 'Completing Authentication' },
  { path: '/dashboard', remote: 'account', page: 'Dashboard', title: 'Dashboard', area: 'app' },
  {
    path: '/manage-subscription',
    remote: 'account',
    page: 'ManageSubscription',
    title: 'Manage Subscription',
    area: 'app',
  },
  {
    path: '/dashboard/api-keys',
    remote: 'account',
    page: 'ApiKeys',
    title: 'API Keys',
    area: 'app',
  },
  {
    path: '/dashboard/team',
    remote: 'account',
    page: 'Team',
    title: 'Team',
    area: 'app',
  },
  { path: '/team/join', remote: 'account', page: 'TeamInvitation', title: 'Team Invitation', query: ['token'] },
  // '/chat/{conversationId}' names the open conversation (a reload or a shared link lands on it).
  { path: '/chat/*', remote: 'chat', page: 'Chat', title: 'Chat', area: 'app' },
  { path: '/admin', remote: 'admin', page: 'Admin', title: 'Admin', area: 'app' },
];

/** The route a path is served by, if any. */
export function pageRouteForPath(pathname: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}
