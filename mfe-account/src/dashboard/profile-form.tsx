import { useState } from 'react';
import { profilePatch, type UserProfile } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Alert, Card, TextField } from '@agentdock/ui';
import { parseWith } from '../form/form';
import { FormFrame } from '../form/form-frame';
import { useForm } from '../form/use-form';

export const PROFILE_SAVED = 'Profile saved.';

/**
 * The name and phone number a customer can change themselves. The phone number is what lets
 * them sign in with phone and password; an emptied field removes the value.
 */
export function ProfileForm({ user }: { user: UserProfile }) {
  const client = useSessionClient();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initial: { fullName: user.fullName ?? '', phone: user.phone ?? '' },
    parse: (values) => parseWith(profilePatch, { fullName: values.fullName.trim() || null, phone: values.phone.trim() || null }),
    submit: async (patch) => {
      setSaved(false);
      await client.updateProfile(patch);
      setSaved(true);
    },
  });
  return (
    <Card>
      <h2 className="acc-card__title">Your profile</h2>
      <p>Your email address is {user.email}. Add a phone number to sign in with it and your password.</p>
      {saved && !form.formError && <Alert variant="success">{PROFILE_SAVED}</Alert>}
      <FormFrame {...form} error={form.formError} submitLabel="Save Profile" pendingLabel="Saving…">
        <TextField label="Full name" autoComplete="name" {...form.field('fullName')} />
        <TextField label="Phone number (international format, e.g. +14155550100)" type="tel" autoComplete="tel" {...form.field('phone')} />
      </FormFrame>
    </Card>
  );
}
