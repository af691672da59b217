import { matchPath } from 'react-router-dom';
import type { RemoteName } from '../remotes';

export interface RemoteRoute {
  /** React Router path pattern. */
  path: string;
  remote: RemoteName;
  /** Key in the remote's exposed './pages' map. */
  page: string;
  /** Document title; the site name is appended. */
  title: string;
  /** The page's meta description (search results, link previews). */
  description: string;
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
export const ROUTES: readonly RemoteRoute[] = [
  {
    path: '/',
    remote: 'marketing',
    page: 'Home',
    title: 'AI agents for your business',
    description:
      'Subscription access to AI agents for business: meeting prep, startup brainstorming, a founder thought partner and image generation, plus an AI course and community.',
    prerender: true,
  },
  {
    path: '/pricing',
    remote: 'marketing',
    page: 'Pricing',
    title: 'Pricing',
    description: 'Compare Agentdock plans: Free, Starter, Pro and Enterprise, billed monthly or annually (save up to 15%).',
    prerender: true,
    query: ['subscription'],
  },
  {
    path: '/courses',
    remote: 'marketing',
    page: 'Courses',
    title: 'Courses',
    description: 'Learn to use and build AI agents for your business: courses, a $50/month community course and a Discord community.',
    prerender: true,
  },
  {
    path: '/courses/:courseId',
    remote: 'marketing',
    page: 'CourseDetail',
    title: 'Course',
    description: 'Course details: modules and lessons, instructor, duration, level and what you get.',
    prerender: true,
    query: ['subscription'],
  },
  {
    path: '/courses/:courseId/discussion',
    remote: 'marketing',
    page: 'CourseDiscussion',
    title: 'Course Discussion',
    description: 'Members-only discussion for enrolled course members.',
  },
  {
    path: '/courses/:courseId/lessons/:lessonId',
    remote: 'marketing',
    page: 'Lesson',
    title: 'Lesson',
    description: 'A lesson of an Agentdock course: text, video and exercise.',
  },
  {
    path: '/certificates/:code',
    remote: 'marketing',
    page: 'Certificate',
    title: 'Certificate Verification',
    description: 'Check that an Agentdock certificate of completion is genuine.',
  },
  {
    path: '/models',
    remote: 'marketing',
    page: 'Models',
    title: 'Our AI Agents',
    description: 'The Agentdock AI agent catalogue: what each agent does, its features and use cases, and the plan it comes with.',
    prerender: true,
  },
  {
    path: '/about',
    remote: 'marketing',
    page: 'About',
    title: 'About',
    description: 'About Agentdock: our mission and our core values of innovation, excellence and collaboration.',
    prerender: true,
  },
  {
    path: '/our-story',
    remote: 'marketing',
    page: 'OurStory',
    title: 'Our Story',
    description: 'How Agentdock began in 2024 and where we are going: our timeline and goals.',
    prerender: true,
  },
  { path: '/terms', remote: 'marketing', page: 'Terms', title: 'Terms of Service', description: 'The Agentdock Terms of Service.', prerender: true },
  {
    path: '/privacy',
    remote: 'marketing',
    page: 'Privacy',
    title: 'Privacy Policy',
    description: 'The Agentdock Privacy Policy: what we collect, why, and your rights.',
    prerender: true,
  },
  {
    path: '/contact',
    remote: 'marketing',
    page: 'Contact',
    title: 'Contact',
    description: 'Contact Agentdock: email support, our community chat, or send us a message.',
    prerender: true,
  },
  { path: '/signin', remote: 'account', page: 'SignIn', title: 'Sign In', description: 'Sign in to your Agentdock account.', prerender: true, query: ['returnUrl', 'view'] },
  { path: '/signup', remote: 'account', page: 'SignUp', title: 'Sign Up', description: 'Create your Agentdock account.', prerender: true, query: ['returnUrl', 'view'] },
  { path: '/forgot-password', remote: 'account', page: 'ForgotPassword', title: 'Reset Password', description: 'Reset the password of your Agentdock account.' },
  { path: '/reset-password', remote: 'account', page: 'ResetPassword', title: 'Choose a New Password', description: 'Choose a new password for your Agentdock account.' },
  { path: '/auth/callback', remote: 'account', page: 'AuthCallback', title: 'Completing Authentication', description: 'Completing authentication.' },
  { path: '/dashboard', remote: 'account', page: 'Dashboard', title: 'Dashboard', description: 'Your Agentdock dashboard: credits, usage, account and subscription.', area: 'app' },
  {
    path: '/manage-subscription',
    remote: 'account',
    page: 'ManageSubscription',
    title: 'Manage Subscription',
    description: 'Manage your Agentdock subscription and billing.',
    area: 'app',
  },
  {
    path: '/dashboard/api-keys',
    remote: 'account',
    page: 'ApiKeys',
    title: 'API Keys',
    description: 'Create and revoke API keys and call your Agentdock agents from code with any OpenAI-compatible client.',
    area: 'app',
  },
  {
    path: '/dashboard/team',
    remote: 'account',
    page: 'Team',
    title: 'Team',
    description: 'Your team on Agentdock: members, roles, invitations and activity.',
    area: 'app',
  },
  { path: '/team/join', remote: 'account', page: 'TeamInvitation', title: 'Team Invitation', description: 'Join a team on Agentdock.', query: ['token'] },
  // '/chat/{conversationId}' names the open conversation (a reload or a shared link lands on it).
  { path: '/chat/*', remote: 'chat', page: 'Chat', title: 'Chat', description: 'Chat with your Agentdock AI agents.', area: 'app' },
  { path: '/admin', remote: 'admin', page: 'Admin', title: 'Admin', description: 'The Agentdock admin console.', area: 'app' },
];

/** The route a path is served by, if any. */
export function routeForPath(pathname: string): RemoteRoute | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}
