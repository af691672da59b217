import { useState, type FormEvent } from 'react';
import { ApiError } from '@agentdock/api-client';
import { type ConnectionInput, connectionInput } from '@agentdock/contracts';
import { Button, TextField } from '@agentdock/ui';

type Values = { name: string; baseUrl: string; apiKey: string; defaultModel: string };
const EMPTY: Values = { name: '', baseUrl: '', apiKey: '', defaultModel: '' };

/**
 * A new connection: any OpenAI-compatible endpoint (OpenAI, OpenRouter, Ollama, vLLM, llama.cpp,
 * Anthropic's or Google's compatibility endpoints). The key field is a password field; once saved
 * the key is never shown again, only its last four characters.
 */
export function ConnectionForm({ onSave, onFailure, onCancel }: { onSave: (body: ConnectionInput) => Promise<void>; onFailure: (error: unknown) => void; onCancel: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [pending, setPending] = useState(false);
  const field = (key: keyof Values) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = connectionInput.safeParse({
      name: values.name,
      baseUrl: values.baseUrl,
      apiKey: values.apiKey.trim() || null,
      defaultModel: values.defaultModel.trim() || null,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSave(parsed.data);
    } catch (error) {
      // The server's sentence beside the field it names (e.g. no encryption key to store a key with).
      if (error instanceof ApiError && error.fields?.length) setErrors(Object.fromEntries(error.fields.map((issue) => [issue.path, issue.message])));
      else onFailure(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="adm-form" onSubmit={(event) => void submit(event)} aria-labelledby="adm-connection-form-title">
      <h3 id="adm-connection-form-title">New connection</h3>
      <div className="adm-form-grid">
        <TextField label="Name" placeholder="e.g. OpenAI production" {...field('name')} />
        <TextField label="Base URL" placeholder="https://api.openai.com/v1" inputMode="url" {...field('baseUrl')} />
        <TextField label="API key" type="password" autoComplete="off" placeholder="Leave empty if the endpoint takes none" {...field('apiKey')} />
        <TextField label="Default model" placeholder="e.g. gpt-4o-mini" {...field('defaultModel')} />
      </div>
      <div className="adm-actions">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save Connection'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
