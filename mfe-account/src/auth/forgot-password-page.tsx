import { Link } from 'react-router-dom';
import { AuthCard } from './auth-card';

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Reset your password" lead="We will email you instructions to choose a new password.">
      <ul className="acc-auth__links">
        <li>
          <Link to="/signin">Back to Sign In</Link>
        </li>
      </ul>
    </AuthCard>
  );
}
