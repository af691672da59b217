import type { AdminAuditEntry } from '@agentdock/contracts';
import { AUDIT_AREAS, type AuditedService } from '../api/audit-api';
import { formatDateTime } from '../console/format';
import { auditSentence } from './audit-sentence';
import { type FieldChange, fieldChanges } from './field-changes';

/** The changes an entry shows: an update's fields, or every field of what was created or deleted. */
export function changesOf(entry: AdminAuditEntry): { changes: FieldChange[]; whole: boolean } {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length > 0 || (entry.before !== null && entry.after !== null)) return { changes, whole: false };
  return { changes: fieldChanges(entry.before ?? {}, entry.after ?? {}), whole: true };
}

/** An agent version's change of instructions as the catalog recorded it, for a first version with nothing to compare. */
function storedInstructionsDiff(after: unknown): string | null {
  const diff = after && typeof after === 'object' ? (after as { instructionsDiff?: unknown }).instructionsDiff : undefined;
  return typeof diff === 'string' && diff !== '' ? diff : null;
}

export function LineDiff({ label, diff }: { label: string; diff: string }) {
  return (
    <pre className="adm-line-diff" aria-label={label} tabIndex={0}>
      {diff.split('\n').map((line, index) => (
        <span key={index} className={line.startsWith('+ ') ? 'adm-diff-line--added' : line.startsWith('- ') ? 'adm-diff-line--removed' : 'adm-diff-line'}>
          {`${line}\n`}
        </span>
      ))}
    </pre>
  );
}

function FieldDiff({ changes, whole }: { changes: readonly FieldChange[]; whole: boolean }) {
  return (
    <dl className="adm-field-diff">
      {changes.map((change) => (
        <div key={change.path} className="adm-field-diff__row">
          <dt>{change.label}</dt>
          <dd>
            {change.lines !== null ? (
              <LineDiff label={`Changes to the ${change.label}`} diff={change.lines} />
            ) : whole ? (
              change.after === 'none' ? (
                change.before
              ) : (
                change.after
              )
            ) : (
              <>
                <span className="ad-visually-hidden">from </span>
                <del>{change.before}</del>
                <span aria-hidden="true"> → </span>
                <span className="ad-visually-hidden"> to </span>
                <ins>{change.after}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface AuditEntryProps {
  entry: AdminAuditEntry;
  actor: string;
  subject: string | null;
}

/** One admin action in words, when and in which area, with what it changed field by field. */
export function AuditEntry({ entry, actor, subject }: AuditEntryProps) {
  const { changes, whole } = changesOf(entry);
  const stored = storedInstructionsDiff(entry.after);
  const area = AUDIT_AREAS[entry.service.replace(/^svc-/, '') as AuditedService];
  return (
    <li className="adm-audit__entry">
      <p className="adm-audit__sentence">{auditSentence(entry, { actor, subject, changes: whole ? [] : changes })}</p>
      <p className="adm-audit__meta">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        {area && ` · ${area}`}
      </p>
      {!whole && changes.length > 0 && <FieldDiff changes={changes} whole={false} />}
      {!changes.some((change) => change.path === 'instructions') && stored && <LineDiff label="Changes to the instructions" diff={stored} />}
      {whole && changes.length > 0 && (
        <details>
          <summary>Details</summary>
          <FieldDiff changes={changes} whole />
        </details>
      )}
    </li>
  );
}
