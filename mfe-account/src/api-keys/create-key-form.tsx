import { useId, useState } from 'react';
import { apiKeyCreateRequest, MAX_API_KEYS_PER_ACCOUNT } from '@agentdock/contracts';
import { Button, type FieldErrors, parseWith, Spinner, TextField, useForm, validateForm } from '@agentdock/ui';
import { FormFrame } from '../form/form-frame';
import { useReauthentication } from '../form/use-reauthentication';
import type { ApiKeyCreated, ApiKeysApi, ChatAgent } from './api-keys-api';

export type AgentChoices = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; agents: ChatAgent[] };

export const NAME_REQUIRED = 'Give the key a name';
export const PAST_EXPIRY = 'Choose a date from today on, or leave it empty';
export const LIMIT_REACHED = `You have ${MAX_API_KEYS_PER_ACCOUNT} keys, the most an account can hold. Revoke one to create another.`;

/** Today as YYYY-MM-DD in the reader's time zone (what a date input holds). */
export function localDay(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The key works through the chosen day: it expires at that day's last second, in the reader's time zone. */
export function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

interface CreateKeyFormProps {
  api: ApiKeysApi;
  agents: AgentChoices;
  onRetryAgents: () => void;
  /** How many keys the account holds now: at the limit the form says so before the server does. */
  keyCount: number | null;
  onCreated: (created: ApiKeyCreated) => void;
}

/**
 * Name, optional monthly credit cap, optional agents and expiry. Creating a key is a credential
 * change: when the sign-in is not recent the server answers 403 reauthentication_required, and
 * the form asks for the current password and sends it with the next try.
 */
export function CreateKeyForm({ api, agents, onRetryAgents, keyCount, onCreated }: CreateKeyFormProps) {
  const { askPassword, passwordRef, guard } = useReauthentication();
  const [scope, setScope] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const ids = useId();

  const form = useForm({
    initial: { name: '', monthlyCreditCap: '', expiresAt: '', currentPassword: '' },
    parse: (values) =>
      validateForm(values, { name: NAME_REQUIRED, ...(askPassword ? { currentPassword: 'Enter your current password' } : {}) }, () => {
        const errors: FieldErrors = {};
        const cap = values.monthlyCreditCap.trim();
        if (values.expiresAt && values.expiresAt < localDay()) errors.expiresAt = PAST_EXPIRY;
        const parsed = parseWith(apiKeyCreateRequest, {
          name: values.name,
          ...(cap ? { monthlyCreditCap: Number(cap) } : {}),
          ...(scope === 'chosen' ? { allowedAgents: [...chosen] } : {}),
          ...(values.expiresAt ? { expiresAt: endOfDay(values.expiresAt) } : {}),
          ...(askPassword ? { currentPassword: values.currentPassword } : {}),
        });
        return Object.keys(errors).length > 0 ? { errors: { ...parsed.errors, ...errors } } : parsed;
      }),
    submit: async (body) => {
      const created = await guard(() => api.create(body));
      form.setValues({ name: '', monthlyCreditCap: '', expiresAt: '', currentPassword: '' });
      setScope('all');
      setChosen(new Set());
      onCreated(created);
    },
  });

  const agentsError = form.fieldErrors.allowedAgents;
  const toggle = (key: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <>
      {keyCount !== null && keyCount >= MAX_API_KEYS_PER_ACCOUNT && <p className="acc-keys__note">{LIMIT_REACHED}</p>}
      <FormFrame {...form} error={form.formError} submitLabel="Create Key" pendingLabel="Creating…">
        <TextField label="Name" autoComplete="off" maxLength={80} required {...form.field('name')} />
        <TextField
          label="Monthly credit cap (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          aria-describedby={form.fieldErrors.monthlyCreditCap ? undefined : `${ids}-cap-hint`}
          {...form.field('monthlyCreditCap')}
        />
        <p id={`${ids}-cap-hint`} className="ad-muted acc-keys__hint">
          Credits this key may spend per calendar month. Leave it empty to let it spend what your wallet holds.
        </p>
        <fieldset className="acc-keys__agents">
          <legend className="ad-field__label">Agents this key may use</legend>
          <label className="acc-keys__choice">
            <input type="radio" name={`${ids}-scope`} checked={scope === 'all'} onChange={() => setScope('all')} />
            All agents of my plan
          </label>
          <label className="acc-keys__choice">
            <input type="radio" name={`${ids}-scope`} checked={scope === 'chosen'} onChange={() => setScope('chosen')} />
            Only the agents I choose
          </label>
          {scope === 'chosen' && <AgentCheckboxes agents={agents} chosen={chosen} onToggle={toggle} onRetry={onRetryAgents} error={agentsError} errorId={`${ids}-agents-error`} />}
        </fieldset>
        <TextField label="Expires on (optional)" type="date" min={localDay()} {...form.field('expiresAt')} />
        {askPassword && (
          <div ref={passwordRef}>
            <TextField label="Current password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
          </div>
        )}
      </FormFrame>
    </>
  );
}

interface AgentCheckboxesProps {
  agents: AgentChoices;
  chosen: ReadonlySet<string>;
  onToggle: (key: string, on: boolean) => void;
  onRetry: () => void;
  error: string | undefined;
  errorId: string;
}

function AgentCheckboxes({ agents, chosen, onToggle, onRetry, error, errorId }: AgentCheckboxesProps) {
  if (agents.state === 'loading') return <Spinner label="Loading your agents…" />;
  if (agents.state === 'failed') {
    return (
      <div className="acc-keys__agent-error">
        <p className="ad-field__error">Your agents could not be loaded.</p>
        <div>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  if (agents.agents.length === 0) return <p className="ad-muted">Your plan includes no agents yet.</p>;
  return (
    <>
      <ul className="ad-plain-list acc-keys__agent-list">
        {agents.agents.map((agent) => (
          <li key={agent.id}>
            <label className="acc-keys__choice">
              <input
                type="checkbox"
                value={agent.key}
                checked={chosen.has(agent.key)}
                onChange={(event) => onToggle(agent.key, event.target.checked)}
                {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
              />
              <span>
                {agent.name} <code className="acc-keys__slug">{agent.key}</code>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="ad-field__error">
          {error}
        </p>
      )}
    </>
  );
}
