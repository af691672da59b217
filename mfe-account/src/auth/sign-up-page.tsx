import { AuthScreen } from './auth-screen';

export default function SignUpPage() {
  return <AuthScreen home="sign_up" title="Create your account" lead="Start on the Free plan and upgrade whenever you are ready." />;
}
