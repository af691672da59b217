import { AuthScreen } from './auth-screen';

export default function SignInPage() {
  return <AuthScreen home="sign_in" title="Welcome back!" lead="Sign in to chat with your AI agents and manage your subscription." />;
}
