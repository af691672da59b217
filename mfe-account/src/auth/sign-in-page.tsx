import { AuthScreen, loadViewOf } from './auth-screen';
import { SignInView } from './views/sign-in-view';

export default function SignInPage() {
  return <AuthScreen home="sign_in" HomeView={SignInView} title="Welcome back!" lead="Sign in to chat with your AI agents and manage your subscription." />;
}

/** The view this address names (a reset, a magic link…), loaded before the page first renders. */
export const viewReady = () => loadViewOf(window.location.search, 'sign_in');
