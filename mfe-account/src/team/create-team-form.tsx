import { useState } from 'react';
import { organisationCreateRequest } from '@agentdock/contracts';
import { parseWith, TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../form/form-frame';
import type { OrganisationSummary, TeamApi } from './team-api';

/** A URL name from a team name: lowercase words joined by single hyphens, e.g. "Acme Robotics" → "acme-robotics". */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** Name and URL name (suggested from the name until edited); the creator becomes the owner. */
export function CreateTeamForm({ api, onCreated }: { api: TeamApi; onCreated: (team: OrganisationSummary) => void }) {
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm({
    initial: { name: '', slug: '' },
    parse: (values) =>
      validateForm(values, { name: 'Give the team a name of at least 2 characters', slug: 'Choose a URL name' }, () =>
        parseWith(organisationCreateRequest, { name: values.name, slug: values.slug }),
      ),
    submit: async (body) => onCreated(await api.create(body)),
  });
  const name = form.field('name');
  const slug = form.field('slug');
  return (
    <FormFrame {...form} error={form.formError} submitLabel="Create Team" pendingLabel="Creating…">
      <TextField
        label="Team name"
        autoComplete="organization"
        maxLength={80}
        required
        {...name}
        onChange={(event) => {
          name.onChange(event);
          if (!slugEdited) form.setValues((values) => ({ ...values, name: event.target.value, slug: slugFrom(event.target.value) }));
        }}
      />
      <TextField
        label="URL name"
        autoComplete="off"
        maxLength={40}
        required
        {...slug}
        onChange={(event) => {
          setSlugEdited(true);
          slug.onChange(event);
        }}
      />
      <p className="ad-muted acc-team__hint">Lowercase letters, digits and hyphens; it identifies the team and cannot be taken by another.</p>
    </FormFrame>
  );
}
