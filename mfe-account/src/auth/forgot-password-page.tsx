import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSessionClient } from '@agentdock/session';
import { AuthCard } from './auth-card';
import { EmailRequestForm } from './email-request-form';

/** /forgot-password: asks for the address, sends the recovery email, then says to check it. */
export default function ForgotPasswordPage() {
  const client = useSessionClient();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthCard title="Check Your Email" lead={`If an account exists for ${sentTo}, we have sent it instructions to reset your password.`}>
        <ul className="acc-auth__links">
          <li>
            <Link to="/signin">Back to Sign In</Link>
          </li>
        </ul>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" lead="Enter your email address and we will send you instructions to choose a new password.">
      <EmailRequestForm
        submitLabel="Send Reset Instructions"
        pendingLabel="Sending…"
        send={(email) => client.resetPasswordForEmail({ email })}
        onSent={setSentTo}
      />
      <ul className="acc-auth__links">
        <li>
          <Link to="/signin">Back to Sign In</Link>
        </li>
      </ul>
    </AuthCard>
  );
}
