import { useState } from 'react';
import { useSessionClientLoader } from '@agentdock/session/visitor';
import { Alert } from '@agentdock/ui';
import { EmailRequestForm } from '../email-request-form';
import { BackToSignIn, useViewNav } from '../view-nav';
import { ViewSection } from '../view-section';

export function MagicLinkView({ initialEmail }: { initialEmail?: string }) {
  const loadClient = useSessionClientLoader();
  const { returnUrl } = useViewNav();
  const [sent, setSent] = useState(false);
  return (
    <ViewSection title="Sign in with a magic link" lead="We will email you a link that signs you in, no password needed.">
      {sent ? (
        <Alert variant="success">Check your email for the magic link</Alert>
      ) : (
        <EmailRequestForm
          submitLabel="Send Magic Link"
          pendingLabel="Sending…"
          send={async (email) => (await loadClient()).signInWithMagicLink({ email, redirectTo: returnUrl ?? undefined })}
          onSent={() => setSent(true)}
          initialEmail={initialEmail}
        />
      )}
      <BackToSignIn />
    </ViewSection>
  );
}
