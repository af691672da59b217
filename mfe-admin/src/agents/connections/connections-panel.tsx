import { useState } from 'react';
import type { ModelConnection } from '@agentdock/contracts';
import { Button, ConfirmDialog } from '@agentdock/ui';
import { useAdminApi } from '../../api/use-admin-api';
import { useReportError } from '../../console/admin-banner';
import { ADMIN_ERRORS } from '../../console/admin-errors';
import { LoadStates } from '../../console/load-states';
import { useLoad } from '../../console/use-load';
import { type ConnectionActions, ConnectionCard } from './connection-card';
import { ConnectionForm } from './connection-form';

export const DELETE_CONNECTION_CONFIRMATION = 'Delete this connection? Agents that use it move to the default connection.';

/** Admin → AI Agents → Connections: the model endpoints agents answer through. */
export function ConnectionsPanel() {
  const api = useAdminApi();
  const report = useReportError();
  const loaded = useLoad((signal) => api.chat.listConnections({ signal }), 'connections');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ModelConnection | null>(null);
  const [pending, setPending] = useState(false);

  const replace = (saved: ModelConnection) => loaded.setData((current) => current?.map((row) => (row.id === saved.id ? saved : row)));
  const reporting = async <T,>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      report(ADMIN_ERRORS.saveConnection, error);
      throw error;
    }
  };
  const actions: ConnectionActions = {
    test: (connection) => reporting(() => api.chat.testConnection(connection.id)),
    models: (connection) => reporting(async () => (await api.chat.connectionModels(connection.id)).map((model) => model.id)),
    makeDefault: async (connection) => {
      await reporting(() => api.chat.makeDefaultConnection(connection.id));
      loaded.reload();
    },
    update: async (connection, patch) => replace(await api.chat.updateConnection(connection.id, patch)),
    reportFailure: (error) => report(ADMIN_ERRORS.saveConnection, error),
    remove: setDeleting,
  };

  async function confirmDelete(connection: ModelConnection) {
    setPending(true);
    try {
      await api.chat.deleteConnection(connection.id);
      loaded.setData((current) => current?.filter((row) => row.id !== connection.id));
    } catch (error) {
      report(ADMIN_ERRORS.deleteConnection, error);
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="adm-connections-title">
      <div className="adm-tab__head">
        <h2 id="adm-connections-title">Connections</h2>
        {!adding && <Button onClick={() => setAdding(true)}>Add Connection</Button>}
      </div>
      <p className="adm-hint">Keys are stored encrypted and never shown again after saving; only their last four characters are.</p>
      {adding && (
        <ConnectionForm
          onCancel={() => setAdding(false)}
          onFailure={(error) => report(ADMIN_ERRORS.saveConnection, error)}
          onSave={async (body) => {
            const created = await api.chat.createConnection(body);
            loaded.setData((current) => [...(current ?? []), created]);
            setAdding(false);
          }}
        />
      )}
      <LoadStates loaded={loaded} label="Connections">
        {(connections) =>
          connections.length === 0 ? (
            <p className="adm-empty">No connections yet: agents answer with the provider set in the environment.</p>
          ) : (
            <ul className="adm-grid">
              {connections.map((connection) => (
                <ConnectionCard key={connection.id} connection={connection} actions={actions} />
              ))}
            </ul>
          )
        }
      </LoadStates>
      {deleting && (
        <ConfirmDialog
          title={DELETE_CONNECTION_CONFIRMATION}
          confirmLabel="Delete"
          pending={pending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
