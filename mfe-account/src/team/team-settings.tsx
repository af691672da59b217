import { organisationRenameRequest } from '@agentdock/contracts';
import { type Parsed, parseWith, TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../form/form-frame';
import type { OrganisationSummary, TeamApi } from './team-api';

interface TeamSettingsProps {
  api: TeamApi;
  team: OrganisationSummary;
  /** Whether the team still pays for seats: then it cannot be deleted. */
  hasActiveSubscription: boolean;
  onRenamed: () => void;
  onDeleted: () => void;
}

/** Rename (owner and admins) and delete (owner, with the name typed again, once no subscription is active). */
export function TeamSettings({ api, team, hasActiveSubscription, onRenamed, onDeleted }: TeamSettingsProps) {
  const rename = useForm({
    initial: { name: team.name },
    parse: (values) => validateForm(values, { name: 'Give the team a name of at least 2 characters' }, () => parseWith(organisationRenameRequest, { name: values.name })),
    submit: async ({ name }) => {
      await api.rename(team.id, name);
      onRenamed();
    },
  });
  const remove = useForm({
    initial: { confirmName: '' },
    parse: (values): Parsed<{ confirmName: string }> =>
      values.confirmName.trim() === team.name ? { data: { confirmName: values.confirmName } } : { errors: { confirmName: `Type ${team.name} to confirm` } },
    submit: async ({ confirmName }) => {
      await api.remove(team.id, confirmName);
      onDeleted();
    },
  });
  return (
    <>
      <FormFrame {...rename} error={rename.formError} submitLabel="Rename Team" pendingLabel="Saving…">
        <TextField label="Team name" maxLength={80} required {...rename.field('name')} />
      </FormFrame>
      {team.role === 'owner' && (
        <div className="acc-team__danger">
          <h3 className="acc-team__subtitle">Delete the team</h3>
          {hasActiveSubscription ? (
            <p className="ad-muted">This team still has an active subscription. Cancel it before deleting the team.</p>
          ) : (
            <FormFrame {...remove} error={remove.formError} submitLabel="Delete Team" pendingLabel="Deleting…">
              <p className="ad-muted">Every member loses access to the team at once. Type the team’s name, {team.name}, to confirm.</p>
              <TextField label="Team name to confirm" autoComplete="off" {...remove.field('confirmName')} />
            </FormFrame>
          )}
        </div>
      )}
    </>
  );
}
