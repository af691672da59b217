import { TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../form/form-frame';
import { loadAuthSchemas, parseAuth } from '../form/load-auth-schemas';

interface EmailRequestFormProps<T> {
  submitLabel: string;
  pendingLabel: string;
  /** Sends the email (reset instructions, a magic link, a code); resolves once the server took it. */
  send: (email: string) => Promise<T>;
  /** The address, and what the server said about the email it sends (e.g. how long a code lasts). */
  onSent: (email: string, sent: T) => void;
  initialEmail?: string;
}

/** One required email field and a button: every "email me something" step of the auth flows. */
export function EmailRequestForm<T>({ submitLabel, pendingLabel, send, onSent, initialEmail = '' }: EmailRequestFormProps<T>) {
  const form = useForm({
    initial: { email: initialEmail },
    preload: loadAuthSchemas,
    parse: (values) => validateForm(values, { email: 'Enter your email address' }, async () => parseAuth((schemas) => schemas.emailOnly, values)),
    submit: async ({ email }) => {
      onSent(email, await send(email));
    },
  });
  return (
    <FormFrame {...form} error={form.formError} submitLabel={submitLabel} pendingLabel={pendingLabel}>
      <TextField label="Email address" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required {...form.field('email')} />
    </FormFrame>
  );
}
