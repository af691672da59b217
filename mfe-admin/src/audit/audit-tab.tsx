import { useEffect, useState } from 'react';
import { Button, LoadingBlock } from '@agentdock/ui';
import { AUDIT_AREAS, type AuditFilter } from '../api/audit-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { useUserDirectory } from '../console/use-user-directory';
import { AuditEntry } from './audit-entry';
import { AuditExport, personName } from './audit-export';
import { AuditFilters } from './audit-filters';
import { useAuditTrail } from './use-audit-trail';

/** Every admin action across the services, in words: who did what to what, when, and what changed. */
export function AuditTab() {
  const report = useReportError();
  const [filter, setFilter] = useState<AuditFilter>({});
  const trail = useAuditTrail(filter);
  const directory = useUserDirectory(trail.entries.flatMap((entry) => [entry.actorId, ...(entry.subjectUserId ? [entry.subjectUserId] : [])]));
  const onError = (error: unknown) => report(ADMIN_ERRORS.loadFailed, error);

  useEffect(() => {
    if (trail.error !== undefined) report(ADMIN_ERRORS.loadFailed, trail.error);
  }, [trail.error, report]);

  return (
    <section className="adm-tab" aria-labelledby="adm-audit-title">
      <div className="adm-tab__head">
        <h2 id="adm-audit-title">Audit</h2>
        <AuditExport filter={filter} onError={onError} />
      </div>
      <AuditFilters onApply={setFilter} onError={onError} />
      {trail.failed.length > 0 && (
        <p className="ad-field__error">{`Entries about ${trail.failed.map((service) => AUDIT_AREAS[service].toLowerCase()).join(', ')} could not be loaded.`}</p>
      )}
      {trail.loading && trail.entries.length === 0 ? (
        <LoadingBlock label="Loading the audit trail…" />
      ) : trail.entries.length === 0 ? (
        <p className="adm-empty">No admin actions match.</p>
      ) : (
        <ol className="adm-audit" aria-label="Admin actions, newest first" aria-busy={trail.loading}>
          {trail.entries.map((entry) => (
            <AuditEntry
              key={`${entry.service}:${entry.id}`}
              entry={entry}
              actor={personName(directory.get(entry.actorId), entry.actorEmail ?? entry.actorId)}
              subject={entry.subjectUserId ? personName(directory.get(entry.subjectUserId), entry.subjectUserId) : null}
            />
          ))}
        </ol>
      )}
      {trail.hasOlder && (
        <Button variant="secondary" onClick={trail.loadOlder} disabled={trail.loading}>
          Load Older Actions
        </Button>
      )}
    </section>
  );
}
