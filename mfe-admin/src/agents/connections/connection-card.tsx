import { useId, useState } from 'react';
import type { ConnectionPatch, ConnectionTestResult, ModelConnection } from '@agentdock/contracts';
import { Badge, Button, Card } from '@agentdock/ui';
import { ConnectionForm } from './connection-form';

export interface ConnectionActions {
  test: (connection: ModelConnection) => Promise<ConnectionTestResult>;
  models: (connection: ModelConnection) => Promise<string[]>;
  makeDefault: (connection: ModelConnection) => Promise<void>;
  /** Saves an edit (name, base URL, default model, a new or removed key); rejects with the server's refusal. */
  update: (connection: ModelConnection, patch: ConnectionPatch) => Promise<void>;
  reportFailure: (error: unknown) => void;
  remove: (connection: ModelConnection) => void;
}

/**
 * One connection: where it points, the key's last four characters (the key itself never comes
 * back), and its checks. A failed test shows the provider's own error: this page is for admins only.
 */
export function ConnectionCard({ connection, actions }: { connection: ModelConnection; actions: ConnectionActions }) {
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const [models, setModels] = useState<string[] | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const editButtonId = useId();
  const headingId = `connection-${connection.id}`;
  // Closing the form (saved, cancelled or Escape) gives the focus back to the button that opened it.
  const closeForm = () => {
    setEditing(false);
    requestAnimationFrame(() => document.getElementById(editButtonId)?.focus());
  };

  async function busy<T>(label: string, work: () => Promise<T>): Promise<T | undefined> {
    setPending(label);
    try {
      return await work();
    } catch {
      // Already reported in the banner.
      return undefined;
    } finally {
      setPending(null);
    }
  }

  return (
    <Card as="li" className="adm-item" aria-labelledby={headingId}>
      <div className="adm-item__head">
        <h3 id={headingId}>{connection.name}</h3>
        {connection.isDefault && <Badge variant="primary">Default</Badge>}
      </div>
      <dl className="adm-facts">
        <dt>Base URL</dt>
        <dd className="adm-wrap">{connection.baseUrl}</dd>
        <dt>API key</dt>
        <dd>{connection.keyLastFour ? `•••• ${connection.keyLastFour}` : 'None'}</dd>
        <dt>Default model</dt>
        <dd>{connection.defaultModel ?? 'None set'}</dd>
      </dl>
      {result && (
        <p role="status" className={result.ok ? 'adm-hint' : 'ad-field__error'}>
          {result.ok ? `Connected: ${result.modelCount} model${result.modelCount === 1 ? '' : 's'} available.` : `Connection failed: ${result.error}`}
        </p>
      )}
      {models && (
        <ul className="adm-models" aria-label={`Models of ${connection.name}`} tabIndex={0}>
          {models.length === 0 ? <li>No models listed.</li> : models.map((model) => <li key={model}>{model}</li>)}
        </ul>
      )}
      {editing && (
        <ConnectionForm
          connection={connection}
          onCancel={closeForm}
          onFailure={actions.reportFailure}
          onSave={async (patch) => {
            await actions.update(connection, patch);
            closeForm();
          }}
        />
      )}
      <div className="adm-actions">
        <Button
          size="sm"
          onClick={() => void busy('test', () => actions.test(connection)).then((answer) => answer && setResult(answer))}
          disabled={pending !== null}
          aria-label={`Test connection ${connection.name}`}
        >
          {pending === 'test' ? 'Testing…' : 'Test Connection'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void busy('models', () => actions.models(connection)).then((list) => list && setModels(list))}
          disabled={pending !== null}
          aria-label={`Show the models of ${connection.name}`}
        >
          Models
        </Button>
        <Button
          id={editButtonId}
          size="sm"
          variant="secondary"
          onClick={() => setEditing(true)}
          disabled={pending !== null || editing}
          aria-expanded={editing}
          aria-label={`Edit ${connection.name}`}
        >
          Edit
        </Button>
        {!connection.isDefault && (
          <>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void busy('default', () => actions.makeDefault(connection))}
              disabled={pending !== null}
              aria-label={`Make ${connection.name} the default`}
            >
              Make Default
            </Button>
            <Button size="sm" variant="danger" onClick={() => actions.remove(connection)} disabled={pending !== null} aria-label={`Delete ${connection.name}`}>
              Delete
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
