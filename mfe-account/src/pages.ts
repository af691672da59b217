import type { RemotePages } from '@agentdock/ui';

/** Exposed as './pages'; the shell's route table refers to these names. */
export const pages = {
  SignIn: () => import('./auth/sign-in-page'),
  SignUp: () => import('./auth/sign-up-page'),
  ForgotPassword: () => import('./auth/forgot-password-page'),
  ResetPassword: () => import('./auth/reset-password-page'),
  AuthCallback: () => import('./auth/auth-callback-page'),
  Dashboard: () => import('./dashboard/dashboard-page'),
  ManageSubscription: () => import('./subscription/manage-subscription-page'),
  ApiKeys: () => import('./api-keys/api-keys-page'),
  Team: () => import('./team/team-page'),
  TeamInvitation: () => import('./team/invitation-page'),
} satisfies RemotePages;
