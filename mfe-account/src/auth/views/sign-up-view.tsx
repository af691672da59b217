import { useState } from 'react';
import { useSessionClientLoader } from '@agentdock/session/visitor';
import { Alert, TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../../form/form-frame';
import { loadAuthSchemas, parseAuth } from '../../form/load-auth-schemas';
import { useViewNav, ViewLink, ViewLinks } from '../view-nav';
import { ViewSection } from '../view-section';

export function SignUpView({ initialEmail = '' }: { initialEmail?: string }) {
  const loadClient = useSessionClientLoader();
  const { returnUrl } = useViewNav();
  const [sent, setSent] = useState(false);
  const form = useForm({
    initial: { fullName: '', email: initialEmail, password: '' },
    // The session client loads with the schemas: an anonymous visitor reading the page never needs it.
    preload: () => Promise.all([loadAuthSchemas(), loadClient()]),
    parse: (values) =>
      validateForm(values, { email: 'Enter your email address', password: 'Choose a password' }, async () =>
        parseAuth((schemas) => schemas.signUpFields, { ...values, fullName: values.fullName.trim() || undefined }),
      ),
    submit: async (body) => {
      await (await loadClient()).signUp({ ...body, redirectTo: returnUrl ?? undefined });
      setSent(true);
    },
  });

  return (
    <ViewSection>
      {sent ? (
        <Alert variant="success">Check your email for the confirmation link</Alert>
      ) : (
        <FormFrame {...form} error={form.formError} submitLabel="Sign Up" pendingLabel="Creating your account…">
          <TextField label="Full name (optional)" autoComplete="name" {...form.field('fullName')} />
          <TextField label="Email address" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required {...form.field('email')} />
          <TextField label="Password (at least 8 characters)" type="password" autoComplete="new-password" required {...form.field('password')} />
        </FormFrame>
      )}
      <ViewLinks>
        <li>
          Already have an account?{' '}
          <ViewLink view="sign_in" email={form.values.email.trim() || undefined}>
            Sign in
          </ViewLink>
        </li>
      </ViewLinks>
    </ViewSection>
  );
}
