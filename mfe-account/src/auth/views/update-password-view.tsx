import { useSessionClient } from '@agentdock/session';
import { TextField } from '@agentdock/ui';
import { loadAuthSchemas, parseWith, validateForm } from '../../form/form';
import { FormFrame } from '../../form/form-frame';
import { useForm } from '../../form/use-form';
import { ViewSection } from '../view-section';

/** A new password for the signed-in account (after a recovery link). Success is the USER_UPDATED event. */
export function UpdatePasswordView({ title }: { title?: string }) {
  const client = useSessionClient();
  const form = useForm({
    initial: { password: '', confirm: '' },
    preload: loadAuthSchemas,
    parse: (values) =>
      validateForm(values, { password: 'Enter a new password', confirm: 'Enter the new password again' }, async () =>
        values.password === values.confirm
          ? parseWith((await loadAuthSchemas()).passwordChange, { password: values.password })
          : { errors: { confirm: 'The passwords do not match' } },
      ),
    submit: async ({ password }) => {
      await client.updatePassword(password);
    },
  });
  return (
    <ViewSection title={title} lead="Enter a new password for your account.">
      <FormFrame {...form} error={form.formError} submitLabel="Update Password" pendingLabel="Updating…">
        <TextField label="New password (at least 8 characters)" type="password" autoComplete="new-password" required {...form.field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...form.field('confirm')} />
      </FormFrame>
    </ViewSection>
  );
}
