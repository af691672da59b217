import { Link } from 'react-router-dom';
import { AuthCard } from './auth-card';

export default function ResetPasswordPage() {
  return (
    <AuthCard title="Choose a new password" lead="Open this page from the link in your password-reset email.">
      <ul className="acc-auth__links">
        <li>
          <Link to="/forgot-password">Request a new reset link</Link>
        </li>
      </ul>
    </AuthCard>
  );
}
