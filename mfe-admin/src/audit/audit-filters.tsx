import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@agentdock/ui';
import { AUDIT_AREAS, type AuditedService, type AuditFilter } from '../api/audit-api';
import { useAdminApi } from '../api/use-admin-api';
import { SelectField } from '../console/fields';
import { resolveUserId, UNKNOWN_USER } from '../console/resolve-user';
import { AUDIT_ACTIONS } from './merge-audit';

const ACTION_OPTIONS = [{ value: '', label: 'All actions' }, ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))];
const AREA_OPTIONS = [{ value: '', label: 'All areas' }, ...Object.entries(AUDIT_AREAS).map(([value, label]) => ({ value, label }))];
/** Target kinds as the services write them (`plan:<id>`), named as the console names them. */
const TARGET_OPTIONS = [
  { value: '', label: 'Everything' },
  { value: 'plan', label: 'Plans' },
  { value: 'agent', label: 'Agents' },
  { value: 'course', label: 'Courses' },
  { value: 'lesson', label: 'Lessons' },
  { value: 'content', label: 'Page sections' },
  { value: 'user', label: 'Customers' },
  { value: 'wallet', label: 'Credit balances' },
  { value: 'connection', label: 'Model connections' },
  { value: 'api-key', label: 'API keys' },
];

const EMPTY = { admin: '', user: '', action: '', target: '', area: '', from: '', to: '' };

export interface AuditFiltersProps {
  onApply: (filter: AuditFilter) => void;
  onError: (error: unknown) => void;
}

/** The audit trail's filters; the admin and user are typed as an email or id and resolved to the id the server filters on. */
export function AuditFilters({ onApply, onError }: AuditFiltersProps) {
  const api = useAdminApi();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<{ admin?: string; user?: string; to?: string }>({});
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const [admin, user] = await Promise.all([draft.admin, draft.user].map((typed) => (typed.trim() ? resolveUserId(api.identity, typed) : Promise.resolve(undefined))));
      const found = {
        admin: admin === null ? UNKNOWN_USER : undefined,
        user: user === null ? UNKNOWN_USER : undefined,
        to: draft.from && draft.to && draft.to < draft.from ? 'The end of the range must not be before its start.' : undefined,
      };
      setErrors(found);
      if (found.admin || found.user || found.to) return;
      onApply({
        admin: admin ?? undefined,
        user: user ?? undefined,
        action: draft.action || undefined,
        target: draft.target || undefined,
        area: (draft.area || undefined) as AuditedService | undefined,
        from: draft.from || undefined,
        to: draft.to || undefined,
      });
    } catch (error) {
      onError(error);
    }
  }

  return (
    <form className="adm-form adm-filters" onSubmit={apply} aria-label="Filter the audit trail">
      <TextField label="Admin (email or ID)" value={draft.admin} error={errors.admin} onChange={set('admin')} />
      <TextField label="Customer (email or ID)" value={draft.user} error={errors.user} onChange={set('user')} />
      <SelectField label="Action" options={ACTION_OPTIONS} value={draft.action} onChange={set('action')} />
      <SelectField label="Target" options={TARGET_OPTIONS} value={draft.target} onChange={set('target')} />
      <SelectField label="Area" options={AREA_OPTIONS} value={draft.area} onChange={set('area')} />
      <TextField label="From" type="date" value={draft.from} onChange={set('from')} />
      <TextField label="To" type="date" value={draft.to} error={errors.to} onChange={set('to')} />
      <div className="adm-actions">
        <Button type="submit" variant="secondary">
          Apply Filters
        </Button>
      </div>
    </form>
  );
}
