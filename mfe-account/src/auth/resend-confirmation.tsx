import { useState } from 'react';
import { useSessionClientLoader } from '@agentdock/session/visitor';
import { Alert } from '@agentdock/ui';
import { EmailRequestForm } from './email-request-form';

interface ResendConfirmationProps {
  /** The address the visitor already typed, if any. */
  initialEmail?: string;
  /** Where the new link should land once it has confirmed the account. */
  redirectTo?: string;
}

/**
 * The way out for an account that is still unconfirmed, e.g. because its link was opened in
 * another browser: a fresh link, bound to this browser. The server answers alike for any address.
 */
export function ResendConfirmation({ initialEmail, redirectTo }: ResendConfirmationProps) {
  const loadClient = useSessionClientLoader();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <section className="acc-auth__view" aria-label="Resend confirmation email">
      {sentTo ? (
        <Alert variant="success">{`If ${sentTo} still needs confirming, a new confirmation link is on its way. Open it in this browser.`}</Alert>
      ) : (
        <>
          <p className="ad-muted">Confirmation links work in the browser that asked for them. Ask for a new one here, then open it in this browser.</p>
          <EmailRequestForm
            submitLabel="Resend confirmation email"
            pendingLabel="Sending…"
            send={async (email) => (await loadClient()).resendConfirmation({ email, redirectTo })}
            onSent={(email) => setSentTo(email)}
            initialEmail={initialEmail}
          />
        </>
      )}
    </section>
  );
}
