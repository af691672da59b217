import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { withReturnUrl } from './return-url';

export default function SignInPage() {
  const { search } = useLocation();
  return (
    <AuthCard title="Welcome back!" lead="Sign in to chat with your AI agents and manage your subscription.">
      <ul className="acc-auth__links">
        <li>
          New to Agentdock? <Link to={withReturnUrl('/signup', search)}>Create your account</Link>
        </li>
        <li>
          <Link to="/forgot-password">Forgot your password?</Link>
        </li>
      </ul>
    </AuthCard>
  );
}
