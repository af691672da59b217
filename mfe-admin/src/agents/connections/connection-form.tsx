import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@agentdock/api-client';
import { type ConnectionInput, connectionInput, type ConnectionPatch, connectionPatch, type ModelConnection } from '@agentdock/contracts';
import { Button, TextField } from '@agentdock/ui';
import { CheckboxField } from '../../console/fields';

type Values = { name: string; baseUrl: string; apiKey: string; defaultModel: string; removeKey: boolean };
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { name: '', baseUrl: '', apiKey: '', defaultModel: '', removeKey: false };

type Mode = { connection?: undefined; onSave: (body: ConnectionInput) => Promise<void> } | { connection: ModelConnection; onSave: (patch: ConnectionPatch) => Promise<void> };

/** The edit's patch: only what changed, a new key only when one is typed (the stored one is never shown), `apiKey: null` to remove it. */
function connectionChanges(connection: ModelConnection, values: Values): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (values.name.trim() !== connection.name) changes.name = values.name;
  if (values.baseUrl.trim() !== connection.baseUrl) changes.baseUrl = values.baseUrl;
  const model = values.defaultModel.trim() || null;
  if (model !== connection.defaultModel) changes.defaultModel = model;
  if (values.removeKey) changes.apiKey = null;
  else if (values.apiKey.trim()) changes.apiKey = values.apiKey.trim();
  return changes;
}

/**
 * A new connection, or an edit of one: any OpenAI-compatible endpoint (OpenAI, OpenRouter,
 * Ollama, vLLM, llama.cpp, Anthropic's or Google's compatibility endpoints). The key field is a
 * password field; once saved the key is never shown again, only its last four characters, so an
 * edit can only replace or remove it. The first field takes the focus and Escape cancels.
 */
export function ConnectionForm({ onFailure, onCancel, ...mode }: Mode & { onFailure: (error: unknown) => void; onCancel: () => void }) {
  const editing = mode.connection;
  const [values, setValues] = useState<Values>(
    editing ? { name: editing.name, baseUrl: editing.baseUrl, apiKey: '', defaultModel: editing.defaultModel ?? '', removeKey: false } : EMPTY,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);
  const field = (key: Exclude<keyof Values, 'removeKey'>) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
  });

  /** The body to send, or the field errors that keep it from being sent. */
  function body(): { ok: true; data: ConnectionInput | ConnectionPatch } | { ok: false; errors: Errors } {
    const parsed = editing
      ? connectionPatch.safeParse(connectionChanges(editing, values))
      : connectionInput.safeParse({ name: values.name, baseUrl: values.baseUrl, apiKey: values.apiKey.trim() || null, defaultModel: values.defaultModel.trim() || null });
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, errors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = body();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (editing && Object.keys(checked.data).length === 0) return onCancel();
    setPending(true);
    try {
      await (mode.connection ? mode.onSave(checked.data as ConnectionPatch) : mode.onSave(checked.data as ConnectionInput));
    } catch (error) {
      // The server's sentence beside the field it names (e.g. no encryption key to store a key with).
      if (error instanceof ApiError && error.fields?.length) setErrors(Object.fromEntries(error.fields.map((issue) => [issue.path, issue.message])));
      else onFailure(error);
    } finally {
      setPending(false);
    }
  }

  const keyHint = editing?.keyLastFour ? `Leave empty to keep the key ending in ${editing.keyLastFour}` : 'Leave empty if the endpoint takes none';
  return (
    <form
      ref={formRef}
      className="adm-form"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      aria-labelledby={titleId}
    >
      <h3 id={titleId}>{editing ? `Edit ${editing.name}` : 'New connection'}</h3>
      <div className="adm-form-grid">
        <TextField label="Name" placeholder="e.g. OpenAI production" {...field('name')} />
        <TextField label="Base URL" placeholder="https://api.openai.com/v1" inputMode="url" {...field('baseUrl')} />
        <TextField label={editing ? 'Replace API key' : 'API key'} type="password" autoComplete="off" placeholder={keyHint} disabled={values.removeKey} {...field('apiKey')} />
        <TextField label="Default model" placeholder="e.g. gpt-4o-mini" {...field('defaultModel')} />
      </div>
      {editing && <p className="adm-hint">{editing.keyLastFour ? `Stored key: •••• ${editing.keyLastFour} (never shown in full).` : 'No key stored.'}</p>}
      {editing?.keyLastFour && (
        <CheckboxField label="Remove the stored key" checked={values.removeKey} onChange={(event) => setValues({ ...values, removeKey: event.target.checked, apiKey: '' })} />
      )}
      <div className="adm-actions">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : editing ? 'Save Changes' : 'Save Connection'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
