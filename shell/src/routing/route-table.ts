import type { RemoteName } from '../remotes';

export interface RemoteRoute {
  /** React Router path pattern. */
  path: string;
  remote: RemoteName;
  /** Key in the remote's exposed './pages' map. */
  page: string;
  /** Document title; the site name is appended. */
  title: string;
}

/** Every page of the product and the micro-frontend that renders it. Anything else is a 404. */
export const ROUTES: readonly RemoteRoute[] = [
  { path: '/', remote: 'marketing', page: 'Home', title: 'AI agents for your business' },
  { path: '/pricing', remote: 'marketing', page: 'Pricing', title: 'Pricing' },
  { path: '/courses', remote: 'marketing', page: 'Courses', title: 'Courses' },
  { path: '/courses/:courseId', remote: 'marketing', page: 'CourseDetail', title: 'Course' },
  { path: '/courses/:courseId/discussion', remote: 'marketing', page: 'CourseDiscussion', title: 'Course Discussion' },
  { path: '/models', remote: 'marketing', page: 'Models', title: 'Our AI Agents' },
  { path: '/about', remote: 'marketing', page: 'About', title: 'About' },
  { path: '/our-story', remote: 'marketing', page: 'OurStory', title: 'Our Story' },
  { path: '/terms', remote: 'marketing', page: 'Terms', title: 'Terms of Service' },
  { path: '/privacy', remote: 'marketing', page: 'Privacy', title: 'Privacy Policy' },
  { path: '/contact', remote: 'marketing', page: 'Contact', title: 'Contact' },
  { path: '/signin', remote: 'account', page: 'SignIn', title: 'Sign In' },
  { path: '/signup', remote: 'account', page: 'SignUp', title: 'Sign Up' },
  { path: '/forgot-password', remote: 'account', page: 'ForgotPassword', title: 'Reset Password' },
  { path: '/reset-password', remote: 'account', page: 'ResetPassword', title: 'Choose a New Password' },
  { path: '/auth/callback', remote: 'account', page: 'AuthCallback', title: 'Completing Authentication' },
  { path: '/dashboard', remote: 'account', page: 'Dashboard', title: 'Dashboard' },
  { path: '/manage-subscription', remote: 'account', page: 'ManageSubscription', title: 'Manage Subscription' },
  { path: '/chat', remote: 'chat', page: 'Chat', title: 'Chat' },
  { path: '/admin', remote: 'admin', page: 'Admin', title: 'Admin' },
];

export const SITE_TITLE = 'Agentdock';

export function documentTitle(title: string): string {
  return `${title} · ${SITE_TITLE}`;
}
