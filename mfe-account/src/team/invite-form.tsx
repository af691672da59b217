import { useId } from 'react';
import { invitationCreateRequest, INVITATION_TTL_DAYS, type InvitableRole } from '@agentdock/contracts';
import { parseWith, TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../form/form-frame';
import type { InvitationSummary, TeamApi } from './team-api';

interface InviteFormProps {
  api: TeamApi;
  orgId: string;
  onInvited: (invitation: InvitationSummary) => void;
}

/** An address and a role; the invitee gets an email with a link that works for 7 days on any device. */
export function InviteForm({ api, orgId, onInvited }: InviteFormProps) {
  const roleId = useId();
  const form = useForm({
    initial: { email: '', role: 'member' },
    parse: (values) => validateForm(values, { email: 'Enter the address to invite' }, () => parseWith(invitationCreateRequest, { email: values.email, role: values.role })),
    submit: async (body) => {
      const invitation = await api.invite(orgId, body);
      form.setValues({ email: '', role: body.role });
      onInvited(invitation);
    },
  });
  const role = form.field('role');
  return (
    <FormFrame {...form} error={form.formError} submitLabel="Send Invitation" pendingLabel="Sending…">
      <TextField label="Email address" type="email" autoComplete="off" required {...form.field('email')} />
      <div className="ad-field">
        <label htmlFor={roleId} className="ad-field__label">
          Role
        </label>
        <select id={roleId} className="ad-input" name={role.name} value={role.value} onChange={(event) => role.onChange(event)}>
          {(['member', 'admin'] as InvitableRole[]).map((value) => (
            <option key={value} value={value}>
              {value === 'admin' ? 'Admin (manages members and invitations)' : 'Member'}
            </option>
          ))}
        </select>
      </div>
      <p className="ad-muted acc-team__hint">The invitation expires after {INVITATION_TTL_DAYS} days. Each pending invitation holds a seat.</p>
    </FormFrame>
  );
}
