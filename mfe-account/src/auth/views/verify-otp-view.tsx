import { useState } from 'react';
import { useSessionClientLoader } from '@agentdock/session/visitor';
import { Alert, Button, describeFailure, TextField, useForm, validateForm } from '@agentdock/ui';
import { EmailRequestForm } from '../email-request-form';
import { FormFrame } from '../../form/form-frame';
import { loadAuthSchemas, parseAuth } from '../../form/load-auth-schemas';
import { BackToSignIn } from '../view-nav';
import { ViewSection } from '../view-section';

/** Signing in with a 6-digit code: first the address the code goes to, then the code. */
export function VerifyOtpView({ initialEmail }: { initialEmail?: string }) {
  const loadClient = useSessionClientLoader();
  const [sent, setSent] = useState<{ email: string; expiresInMinutes: number } | null>(null);
  return (
    <ViewSection
      title="Sign in with a one-time code"
      lead={sent ? `We emailed a 6-digit code to ${sent.email}. It expires in ${minutes(sent.expiresInMinutes)}.` : 'We will email you a 6-digit code to sign in with.'}
    >
      {sent ? (
        <CodeForm email={sent.email} onResent={(expiresInMinutes) => setSent({ email: sent.email, expiresInMinutes })} onChangeEmail={() => setSent(null)} />
      ) : (
        <EmailRequestForm
          submitLabel="Send Code"
          pendingLabel="Sending…"
          send={async (address) => (await loadClient()).signInWithOtp({ email: address })}
          onSent={(address, { expiresInMinutes }) => setSent({ email: address, expiresInMinutes })}
          initialEmail={initialEmail}
        />
      )}
      <BackToSignIn />
    </ViewSection>
  );
}

/** "1 minute", "10 minutes": the figure the server's configuration gives, worded as in the email. */
const minutes = (count: number) => `${count} ${count === 1 ? 'minute' : 'minutes'}`;

function CodeForm({ email, onResent, onChangeEmail }: { email: string; onResent: (expiresInMinutes: number) => void; onChangeEmail: () => void }) {
  const loadClient = useSessionClientLoader();
  const [resend, setResend] = useState<{ status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; message: string }>({ status: 'idle' });
  const form = useForm({
    initial: { code: '' },
    preload: loadAuthSchemas,
    parse: (values) =>
      validateForm(values, { code: 'Enter the 6-digit code' }, async () => parseAuth((schemas) => schemas.otpVerify, { email, code: values.code.replace(/\s/g, '') })),
    submit: async (body) => {
      await (await loadClient()).verifyOtp(body);
    },
  });

  async function sendAgain() {
    setResend({ status: 'sending' });
    try {
      const { expiresInMinutes } = await (await loadClient()).signInWithOtp({ email });
      setResend({ status: 'sent' });
      onResent(expiresInMinutes);
    } catch (error) {
      setResend({ status: 'failed', message: describeFailure(error).message });
    }
  }

  return (
    <>
      <FormFrame {...form} error={form.formError} submitLabel="Verify Code" pendingLabel="Verifying…">
        <TextField label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required {...form.field('code')} />
      </FormFrame>
      {resend.status === 'sent' && <Alert variant="success">We sent you a new code.</Alert>}
      {resend.status === 'failed' && <Alert variant="error">{resend.message}</Alert>}
      <div className="ad-row">
        <Button variant="ghost" size="sm" onClick={sendAgain} disabled={resend.status === 'sending'}>
          {resend.status === 'sending' ? 'Sending…' : 'Send a new code'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onChangeEmail}>
          Use a different email
        </Button>
      </div>
    </>
  );
}
