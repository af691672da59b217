import { useState } from 'react';
import type { AgentVersion } from '@agentdock/contracts';
import { Badge, Button, ConfirmDialog } from '@agentdock/ui';
import { formatDateTime } from '../../console/format';

/** Every published version, newest first, with who published it and when; any earlier one can be restored. */
export function VersionHistory({ versions, live, onRestore }: { versions: AgentVersion[]; live: number | null; onRestore: (version: number) => Promise<void> }) {
  const [restoring, setRestoring] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  if (versions.length === 0) return <p className="adm-empty">Not published yet: customers get the agent's name alone until you publish.</p>;
  return (
    <section aria-labelledby="adm-versions-title">
      <h3 id="adm-versions-title">Published versions</h3>
      <ol className="adm-versions">
        {versions.map((version) => (
          <li key={version.version} className="adm-versions__item">
            <span>
              <strong>{`Version ${version.version}`}</strong>
              {version.version === live && (
                <>
                  {' '}
                  <Badge variant="success">Live</Badge>
                </>
              )}
            </span>
            <span className="adm-hint">
              {`${formatDateTime(version.publishedAt)} by ${version.publishedBy.email ?? (version.publishedBy.id === 'system' ? 'the platform (seed)' : version.publishedBy.id)}`}
              {version.restoredFrom !== null && ` · restored from version ${version.restoredFrom}`}
            </span>
            {version.version !== live && (
              <Button size="sm" variant="secondary" onClick={() => setRestoring(version.version)} aria-label={`Restore version ${version.version}`}>
                Restore
              </Button>
            )}
          </li>
        ))}
      </ol>
      {restoring !== null && (
        <ConfirmDialog
          title={`Restore version ${restoring}? It becomes a new live version at once, and the draft.`}
          confirmLabel="Restore"
          pending={pending}
          onCancel={() => setRestoring(null)}
          onConfirm={() => {
            setPending(true);
            void onRestore(restoring).finally(() => {
              setPending(false);
              setRestoring(null);
            });
          }}
        />
      )}
    </section>
  );
}
