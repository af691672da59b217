import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from './auth-card';
import { withReturnUrl } from './return-url';

export default function SignUpPage() {
  const { search } = useLocation();
  return (
    <AuthCard title="Create your account" lead="Start on the Free plan and upgrade whenever you are ready.">
      <ul className="acc-auth__links">
        <li>
          Already have an account? <Link to={withReturnUrl('/signin', search)}>Sign in</Link>
        </li>
      </ul>
    </AuthCard>
  );
}
