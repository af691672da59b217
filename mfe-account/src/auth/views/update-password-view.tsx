import { useState } from 'react';
import { IDENTITY_ERROR_CODES } from '@agentdock/contracts';
import { useSessionClientLoader, useVisitorSession } from '@agentdock/session/visitor';
import { TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../../form/form-frame';
import { loadAuthSchemas, parseAuth } from '../../form/load-auth-schemas';
import { ViewSection } from '../view-section';

/**
 * A new password for the signed-in account. A recovery session (a reset link just opened) has
 * proved the address, so it needs no current password; any other session does, and so does a
 * recovery session the server finds too old. Success is the USER_UPDATED event.
 */
export function UpdatePasswordView({ title }: { title?: string }) {
  const loadClient = useSessionClientLoader();
  const { recovery } = useVisitorSession();
  const [askCurrent, setAskCurrent] = useState(!recovery);
  const form = useForm({
    initial: { currentPassword: '', password: '', confirm: '' },
    preload: loadAuthSchemas,
    parse: (values) =>
      validateForm(
        values,
        { ...(askCurrent ? { currentPassword: 'Enter your current password' } : {}), password: 'Enter a new password', confirm: 'Enter the new password again' },
        async () =>
          values.password === values.confirm
            ? parseAuth((schemas) => schemas.passwordChange, { password: values.password, ...(askCurrent ? { currentPassword: values.currentPassword } : {}) })
            : { errors: { confirm: 'The passwords do not match' } },
      ),
    submit: async ({ password, currentPassword }) => {
      try {
        await (await loadClient()).updatePassword(password, currentPassword);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === IDENTITY_ERROR_CODES.reauthenticationRequired) setAskCurrent(true);
        throw error;
      }
    },
  });
  return (
    <ViewSection title={title} lead="Enter a new password for your account.">
      <FormFrame {...form} error={form.formError} submitLabel="Update Password" pendingLabel="Updating…">
        {askCurrent && <TextField label="Current password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} />}
        <TextField label="New password (at least 8 characters)" type="password" autoComplete="new-password" required {...form.field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...form.field('confirm')} />
      </FormFrame>
    </ViewSection>
  );
}
