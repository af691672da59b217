import { useState } from 'react';
import { IDENTITY_ENDPOINTS, phoneVerifyRequest, profilePatch, type UserProfile } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, describeFailure, parseWith, TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../form/form-frame';
import { useReauthentication } from '../form/use-reauthentication';

export const PROFILE_SAVED = 'Profile saved.';
export const PHONE_VERIFIED = 'Phone number verified. You can now sign in with it and your password.';
export const CODE_REQUIRED = 'Enter the 6-digit code';
export const awaitingCode = (phone: string) => `${phone} is not verified yet: enter the 6-digit code texted to it to sign in with it and your password.`;
export const newCodeSentTo = (phone: string) => `We sent a new code to ${phone}.`;

/**
 * The name and phone number a customer can change themselves. The phone number is what lets
 * them sign in with phone and password, so changing it is a credential change: when the sign-in
 * is not recent the server answers 403 reauthentication_required and the form asks for the
 * current password. A new number signs in only once the code texted to it is entered, below the
 * form; an emptied field removes the value.
 */
export function ProfileForm({ user, onProfile }: { user: UserProfile; onProfile: (profile: UserProfile) => void }) {
  const client = useSessionClient();
  const { askPassword, passwordRef, guard } = useReauthentication();
  const [notice, setNotice] = useState<string | null>(null);
  const pendingPhone = user.pendingPhone ?? null;
  const form = useForm({
    initial: { fullName: user.fullName ?? '', phone: pendingPhone ?? user.phone ?? '', currentPassword: '' },
    parse: (values) =>
      validateForm(values, askPassword ? { currentPassword: 'Enter your current password' } : {}, () =>
        parseWith(profilePatch, {
          fullName: values.fullName.trim() || null,
          phone: values.phone.trim() || null,
          ...(askPassword ? { currentPassword: values.currentPassword } : {}),
        }),
      ),
    submit: async (patch) => {
      setNotice(null);
      await guard(() => client.updateProfile(patch));
      form.setValues((values) => ({ ...values, currentPassword: '' }));
      setNotice(PROFILE_SAVED);
    },
  });
  return (
    <Card>
      <h2 className="acc-card__title">Your profile</h2>
      <p>Your email address is {user.email}. Add a phone number to sign in with it and your password; we text it a code to check it is yours.</p>
      {notice && !form.formError && <Alert variant="success">{notice}</Alert>}
      <FormFrame {...form} error={form.formError} submitLabel="Save Profile" pendingLabel="Saving…">
        <TextField label="Full name" autoComplete="name" {...form.field('fullName')} />
        <TextField label="Phone number (international format, e.g. +14155550100)" type="tel" autoComplete="tel" {...form.field('phone')} />
        {askPassword && (
          <div ref={passwordRef}>
            <TextField label="Current password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
          </div>
        )}
      </FormFrame>
      {pendingPhone && (
        <PhoneVerification
          key={pendingPhone}
          phone={pendingPhone}
          onVerified={(profile) => {
            setNotice(PHONE_VERIFIED);
            onProfile(profile);
          }}
        />
      )}
    </Card>
  );
}

/** The code texted to a new number: entered here, it makes the number one that signs in. */
function PhoneVerification({ phone, onVerified }: { phone: string; onVerified: (profile: UserProfile) => void }) {
  const client = useSessionClient();
  const [resent, setResent] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm({
    initial: { code: '' },
    parse: (values) => validateForm(values, { code: CODE_REQUIRED }, () => parseWith(phoneVerifyRequest, { code: values.code.replace(/\s/g, '') })),
    submit: async (body) => onVerified(await client.api.call(IDENTITY_ENDPOINTS.verifyPhone, { body })),
  });

  async function sendNewCode() {
    setResent(null);
    try {
      await client.api.call(IDENTITY_ENDPOINTS.sendPhoneCode, { body: {} });
      setResent({ ok: true, message: newCodeSentTo(phone) });
    } catch (error) {
      setResent({ ok: false, message: describeFailure(error).message });
    }
  }

  return (
    <section aria-label="Verify your phone number">
      <p>{awaitingCode(phone)}</p>
      {resent && <Alert variant={resent.ok ? 'success' : 'error'}>{resent.message}</Alert>}
      <FormFrame {...form} error={form.formError} submitLabel="Verify Number" pendingLabel="Checking…">
        <TextField label="Code from the text message" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required {...form.field('code')} />
      </FormFrame>
      <Button variant="ghost" onClick={() => void sendNewCode()}>
        Send a New Code
      </Button>
    </section>
  );
}
