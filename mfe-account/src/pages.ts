import type { RemotePages } from '@agentdock/ui';

/**
 * A sign-in or sign-up page, once the view its address names has loaded too (in the browser; the
 * server's render waits for lazy views itself). A view that fails to load here loads when shown.
 */
async function withItsView<TPage extends { viewReady(): Promise<unknown> }>(page: Promise<TPage>): Promise<TPage> {
  const loaded = await page;
  if (typeof window !== 'undefined') await loaded.viewReady().catch(() => undefined);
  return loaded;
}

/** Exposed as './pages'; the shell's route table refers to these names. */
export const pages = {
  SignIn: () => withItsView(import('./auth/sign-in-page')),
  SignUp: () => withItsView(import('./auth/sign-up-page')),
  ForgotPassword: () => import('./auth/forgot-password-page'),
  ResetPassword: () => import('./auth/reset-password-page'),
  AuthCallback: () => import('./auth/auth-callback-page'),
  Dashboard: () => import('./dashboard/dashboard-page'),
  ManageSubscription: () => import('./subscription/manage-subscription-page'),
  ApiKeys: () => import('./api-keys/api-keys-page'),
  Team: () => import('./team/team-page'),
  TeamInvitation: () => import('./team/invitation-page'),
} satisfies RemotePages;
