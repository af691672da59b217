import { useRef, useState } from 'react';
import { useSessionClientLoader } from '@agentdock/session/visitor';
import { EmailRequestForm } from './email-request-form';
import { useFocusHeadingOnChange } from './focus-heading';
import { BackToSignIn } from './view-nav';
import { ViewSection } from './view-section';

/**
 * Asking for a password reset, the same on /forgot-password and in the sign-in page's
 * forgotten_password view: one email field and 'Send Reset Instructions', then 'Check Your Email'.
 */
export function ResetRequest({ initialEmail }: { initialEmail?: string }) {
  const loadClient = useSessionClientLoader();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useFocusHeadingOnChange(box, sentTo !== null);
  return (
    <div ref={box}>
      <ViewSection
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
            send={async (email) => (await loadClient()).resetPasswordForEmail({ email })}
            onSent={(email) => setSentTo(email)}
            initialEmail={initialEmail}
          />
        )}
        <BackToSignIn />
      </ViewSection>
    </div>
  );
}
