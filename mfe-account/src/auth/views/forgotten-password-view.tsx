import { useState } from 'react';
import { useSessionClient } from '@agentdock/session';
import { Alert } from '@agentdock/ui';
import { EmailRequestForm } from '../email-request-form';
import { BackToSignIn } from '../view-nav';
import { ViewSection } from '../view-section';

export function ForgottenPasswordView({ focusOnMount }: { focusOnMount?: boolean }) {
  const client = useSessionClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <ViewSection title="Reset your password" lead="We will email you a link to choose a new password." focusOnMount={focusOnMount}>
      {sentTo ? (
        <Alert variant="success">Check your email for the password reset link</Alert>
      ) : (
        <EmailRequestForm
          submitLabel="Send Reset Instructions"
          pendingLabel="Sending…"
          send={(email) => client.resetPasswordForEmail({ email })}
          onSent={setSentTo}
        />
      )}
      <BackToSignIn />
    </ViewSection>
  );
}
