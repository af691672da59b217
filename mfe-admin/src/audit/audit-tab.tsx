import { useEffect, useState, type FormEvent } from 'react';
import type { AdminAuditEntry, UserProfile } from '@agentdock/contracts';
import { Badge, Button, LoadingBlock, TextField } from '@agentdock/ui';
import type { AuditFilter } from '../api/audit-api';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { SelectField } from '../console/fields';
import { formatDateTime } from '../console/format';
import { resolveUserId, UNKNOWN_USER } from '../console/resolve-user';
import { UserLabel } from '../console/user-label';
import { useUserDirectory } from '../console/use-user-directory';
import { actionLabel, AUDIT_ACTIONS } from './merge-audit';
import { useAuditTrail } from './use-audit-trail';

const ACTION_OPTIONS = [{ value: '', label: 'All actions' }, ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))];

/** Every admin action across the services: who did what to what, when, with before and after. */
export function AuditTab() {
  const api = useAdminApi();
  const report = useReportError();
  const [draft, setDraft] = useState({ admin: '', user: '', action: '' });
  const [errors, setErrors] = useState<{ admin?: string; user?: string }>({});
  const [filter, setFilter] = useState<AuditFilter | null>({});
  const trail = useAuditTrail(filter);
  const directory = useUserDirectory(trail.entries.flatMap((entry) => (entry.subjectUserId ? [entry.subjectUserId] : [])));

  useEffect(() => {
    if (trail.error !== undefined) report(ADMIN_ERRORS.loadFailed, trail.error);
  }, [trail.error, report]);

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const [admin, user] = await Promise.all([draft.admin, draft.user].map((typed) => (typed.trim() ? resolveUserId(api.identity, typed) : Promise.resolve(undefined))));
      const unknown = { admin: admin === null ? UNKNOWN_USER : undefined, user: user === null ? UNKNOWN_USER : undefined };
      setErrors(unknown);
      if (unknown.admin || unknown.user) return;
      setFilter({ admin: admin ?? undefined, user: user ?? undefined, action: draft.action || undefined });
    } catch (error) {
      report(ADMIN_ERRORS.loadFailed, error);
    }
  }

  return (
    <section className="adm-tab" aria-labelledby="adm-audit-title">
      <div className="adm-tab__head">
        <h2 id="adm-audit-title">Audit</h2>
      </div>
      <form className="adm-form adm-filters" onSubmit={apply} aria-label="Filter the audit trail">
        <TextField label="Admin (email or ID)" value={draft.admin} error={errors.admin} onChange={(event) => setDraft({ ...draft, admin: event.target.value })} />
        <TextField label="User (email or ID)" value={draft.user} error={errors.user} onChange={(event) => setDraft({ ...draft, user: event.target.value })} />
        <SelectField label="Action" options={ACTION_OPTIONS} value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })} />
        <div className="adm-actions">
          <Button type="submit" variant="secondary">
            Apply Filters
          </Button>
        </div>
      </form>
      {trail.failed.length > 0 && <p className="ad-field__error">{`Entries of ${trail.failed.join(', ')} could not be loaded.`}</p>}
      {trail.loading && trail.entries.length === 0 ? (
        <LoadingBlock label="Loading the audit trail…" />
      ) : trail.entries.length === 0 ? (
        <p className="adm-empty">No admin actions match.</p>
      ) : (
        <ol className="adm-audit" aria-label="Admin actions, newest first" aria-busy={trail.loading}>
          {trail.entries.map((entry) => (
            <AuditEntry key={`${entry.service}:${entry.id}`} entry={entry} subject={entry.subjectUserId ? directory.get(entry.subjectUserId) : undefined} />
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

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** An agent version's change of instructions, as the catalog recorded it: `+ ` added, `- ` removed lines. */
function instructionsDiffOf(after: unknown): string | null {
  const diff = after && typeof after === 'object' ? (after as { instructionsDiff?: unknown }).instructionsDiff : undefined;
  return typeof diff === 'string' && diff !== '' ? diff : null;
}

function InstructionsDiff({ diff }: { diff: string }) {
  return (
    <div className="adm-instructions-diff">
      <h4>Instructions changed</h4>
      <pre aria-label="Changes to the instructions" tabIndex={0}>
        {diff.split('\n').map((line, index) => (
          <span key={index} className={line.startsWith('+ ') ? 'adm-diff-line--added' : line.startsWith('- ') ? 'adm-diff-line--removed' : 'adm-diff-line'}>
            {`${line}\n`}
          </span>
        ))}
      </pre>
    </div>
  );
}

function AuditEntry({ entry, subject }: { entry: AdminAuditEntry; subject: UserProfile | undefined }) {
  const actor = entry.actorEmail ?? entry.actorId;
  return (
    <li className="adm-audit__entry">
      <div className="adm-audit__head">
        <strong>{actionLabel(entry.action)}</strong>
        <Badge>{entry.service}</Badge>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </div>
      <p className="adm-wrap">
        {'By '}
        <span title={entry.actorId}>{actor}</span>
        {' · '}
        <span className="adm-code">{entry.target}</span>
        {entry.subjectUserId && (
          <>
            {' · user '}
            <UserLabel id={entry.subjectUserId} user={subject} />
          </>
        )}
      </p>
      {instructionsDiffOf(entry.after) && <InstructionsDiff diff={instructionsDiffOf(entry.after)!} />}
      {(entry.before !== null || entry.after !== null) && (
        <details>
          <summary>Before and after</summary>
          <div className="adm-diff">
            <div>
              <h4>Before</h4>
              <pre>{entry.before === null ? '—' : json(entry.before)}</pre>
            </div>
            <div>
              <h4>After</h4>
              <pre>{entry.after === null ? '—' : json(entry.after)}</pre>
            </div>
          </div>
        </details>
      )}
    </li>
  );
}
