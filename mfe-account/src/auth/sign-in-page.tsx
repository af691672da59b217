import { AuthScreen } from './auth-screen';
import { SignInView } from './views/sign-in-view';

export default function SignInPage() {
  return <AuthScreen home="sign_in" HomeView={SignInView} title="Welcome back!" lead="Sign in to chat with your AI agents and manage your subscription." />;
}
