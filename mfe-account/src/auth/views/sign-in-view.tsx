import { lazy, Suspense, useState } from 'react';
import type { IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import { useSessionClientLoader } from '@agentdock/session/visitor';
import { Spinner, TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../../form/form-frame';
import { loadAuthSchemas, parseAuth } from '../../form/load-auth-schemas';
import { useViewNav, ViewLink, ViewLinks } from '../view-nav';
import { ViewSection } from '../view-section';

// Shown only after a sign-in with an unconfirmed address: loaded then, not with the page.
const ResendConfirmation = lazy(() => import('../resend-confirmation').then((module) => ({ default: module.ResendConfirmation })));

// The one code this page tells apart, checked against the contract's: the contract's object of every
// identity code (~0.2 KB gzipped) would otherwise ride along on the sign-in and sign-up pages' first view.
const EMAIL_NOT_CONFIRMED: (typeof IDENTITY_ERROR_CODES)['emailNotConfirmed'] = 'email_not_confirmed';

// Server and schema messages about either identifier belong next to the one field.
function fieldOf(path: string) {
  const head = path.split('.')[0] ?? path;
  return head === 'email' || head === 'phone' ? 'identifier' : head;
}

/** Email addresses have an @; anything else is taken as a phone number. */
function credentials(identifier: string, password: string) {
  const value = identifier.trim();
  return value.includes('@') ? { email: value, password } : { phone: value, password };
}

export function SignInView({ initialEmail = '' }: { initialEmail?: string }) {
  const loadClient = useSessionClientLoader();
  const { returnUrl } = useViewNav();
  // Set when the password was right but the address is unconfirmed: the account needs a way out.
  const [unconfirmed, setUnconfirmed] = useState<{ email?: string } | null>(null);
  const form = useForm({
    initial: { identifier: initialEmail, password: '' },
    // The session client loads with the schemas: an anonymous visitor reading the page never needs it.
    preload: () => Promise.all([loadAuthSchemas(), loadClient()]),
    parse: (values) =>
      validateForm(values, { identifier: 'Enter your email address or phone number', password: 'Enter your password' }, async () =>
        parseAuth((schemas) => schemas.passwordSignIn, credentials(values.identifier, values.password), fieldOf),
      ),
    submit: async (body) => {
      setUnconfirmed(null);
      try {
        await (await loadClient()).signInWithPassword(body);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === EMAIL_NOT_CONFIRMED) setUnconfirmed({ email: body.email });
        throw error;
      }
    },
    fieldOf,
  });
  // A typed address goes along to the other views; a phone number is no use to them.
  const typed = form.values.identifier.trim();
  const email = typed.includes('@') ? typed : undefined;

  return (
    <ViewSection>
      <FormFrame {...form} error={form.formError} submitLabel="Sign In" pendingLabel="Signing in…">
        <TextField
          label="Email or phone number"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.field('identifier')}
        />
        <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
      </FormFrame>
      {unconfirmed && (
        <Suspense fallback={<Spinner label="Loading…" />}>
          <ResendConfirmation initialEmail={unconfirmed.email} redirectTo={returnUrl ?? undefined} />
        </Suspense>
      )}
      <ViewLinks>
        <li>
          <ViewLink view="forgotten_password" email={email}>
            Forgot your password?
          </ViewLink>
        </li>
        <li>
          <ViewLink view="magic_link" email={email}>
            Send a magic link email
          </ViewLink>
        </li>
        <li>
          <ViewLink view="verify_otp" email={email}>
            Sign in with a one-time code
          </ViewLink>
        </li>
        <li>
          Don't have an account?{' '}
          <ViewLink view="sign_up" email={email}>
            Sign up
          </ViewLink>
        </li>
      </ViewLinks>
    </ViewSection>
  );
}
