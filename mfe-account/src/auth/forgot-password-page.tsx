import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSessionClient } from '@agentdock/session';
import { AuthCard } from './auth-card';
import { EmailRequestForm } from './email-request-form';
import { ViewLinks } from './view-nav';

/** /forgot-password: asks for the address, sends the recovery email, then says to check it. */
export default function ForgotPasswordPage() {
  const client = useSessionClient();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthCard
      title={sentTo ? 'Check Your Email' : 'Reset your password'}
      lead={
        sentTo
          ? `If an account exists for ${sentTo}, we have sent it instructions to reset your password.`
          : 'Enter your email address and we will send you instructions to choose a new password.'
      }
    >
      {!sentTo && (
        <EmailRequestForm
          submitLabel="Send Reset Instructions"
          pendingLabel="Sending…"
          send={(email) => client.resetPasswordForEmail({ email })}
          onSent={setSentTo}
        />
      )}
      <ViewLinks>
        <li>
          <Link to="/signin">Back to Sign In</Link>
        </li>
      </ViewLinks>
    </AuthCard>
  );
}
