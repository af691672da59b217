import { useEffect, useRef, useState } from 'react';
import { IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import { useSessionClientLoader } from '@agentdock/session/visitor';
import { Alert, Button, describeFailure, TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../form/form-frame';
import { loadAuthSchemas, parseAuth } from '../form/load-auth-schemas';

type Method = 'app' | 'recovery';

/**
 * Sign-in's second step, after any first factor of an account with two-factor authentication:
 * the authenticator's code, or one of the recovery codes.
 */
export function MfaStepView() {
  const loadClient = useSessionClientLoader();
  const [method, setMethod] = useState<Method>('app');
  // The challenge is over (too old, too many wrong codes): only a new first factor helps.
  const [expired, setExpired] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const app = method === 'app';
  const form = useForm({
    initial: { code: '' },
    preload: loadAuthSchemas,
    parse: (values) =>
      validateForm(values, { code: app ? 'Enter the 6-digit code from your authenticator app' : 'Enter one of your recovery codes' }, async () =>
        parseAuth((schemas) => schemas.mfaCode, { code: app ? values.code.replace(/\s/g, '') : values.code }),
      ),
    submit: async ({ code }) => {
      try {
        await (await loadClient()).verifyMfa(code);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== IDENTITY_ERROR_CODES.invalidMfaChallenge) throw error;
        setExpired(describeFailure(error).message);
      }
    },
  });

  function switchTo(next: Method) {
    setMethod(next);
    form.setValues({ code: '' });
  }

  return (
    <section className="acc-auth__view" aria-labelledby="acc-mfa-title">
      <h2 id="acc-mfa-title" ref={heading} tabIndex={-1} className="acc-auth__view-title">
        Two-factor authentication
      </h2>
      {expired ? (
        <>
          <Alert variant="error">{expired}</Alert>
          <div>
            <Button onClick={() => void loadClient().then((client) => client.cancelMfa())}>Sign In Again</Button>
          </div>
        </>
      ) : (
        <>
          <p className="ad-muted">
            {app
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.'}
          </p>
          <FormFrame {...form} error={form.formError} submitLabel="Verify" pendingLabel="Verifying…">
            {app ? (
              <TextField key="app" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required {...form.field('code')} />
            ) : (
              <TextField key="recovery" label="Recovery code" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} required {...form.field('code')} />
            )}
          </FormFrame>
          <div className="ad-row">
            <Button variant="ghost" size="sm" onClick={() => switchTo(app ? 'recovery' : 'app')}>
              {app ? 'Use a recovery code' : 'Use your authenticator app'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void loadClient().then((client) => client.cancelMfa())}>
              Back to sign in
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
