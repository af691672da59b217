import { useState } from 'react';
import { ADMIN_USER_LIST_MAX_LIMIT, type UserProfile } from '@agentdock/contracts';
import { Button, saveFile } from '@agentdock/ui';
import type { AuditFilter } from '../api/audit-api';
import { type AdminApi, useAdminApi } from '../api/use-admin-api';
import { auditSentence } from './audit-sentence';
import { allAuditEntries, auditCsv, auditFileName } from './audit-csv';
import { changesOf } from './audit-entry';

/** How the console names a person: their name, else their email, else what the entry recorded. */
export function personName(user: UserProfile | undefined, fallback: string): string {
  return user?.fullName || user?.email || fallback;
}

async function profiles(api: AdminApi, ids: readonly string[]): Promise<Map<string, UserProfile>> {
  const unique = [...new Set(ids)];
  const chunks = Array.from({ length: Math.ceil(unique.length / ADMIN_USER_LIST_MAX_LIMIT) }, (_unused, index) =>
    unique.slice(index * ADMIN_USER_LIST_MAX_LIMIT, (index + 1) * ADMIN_USER_LIST_MAX_LIMIT),
  );
  const pages = await Promise.all(chunks.map((chunk) => api.identity.listUsers({ ids: chunk, limit: ADMIN_USER_LIST_MAX_LIMIT, offset: 0 })));
  return new Map(pages.flatMap((page) => page.users.map((user) => [user.id, user] as const)));
}

/** Downloads every entry the filter matches (not only the pages on screen) as CSV, in words. */
export function AuditExport({ filter, onError }: { filter: AuditFilter; onError: (error: unknown) => void }) {
  const api = useAdminApi();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const entries = await allAuditEntries(api, filter);
      const people = await profiles(
        api,
        entries.flatMap((entry) => [entry.actorId, ...(entry.subjectUserId ? [entry.subjectUserId] : [])]),
      );
      const rows = entries.map((entry) => {
        const actor = personName(people.get(entry.actorId), entry.actorEmail ?? entry.actorId);
        const subject = entry.subjectUserId ? personName(people.get(entry.subjectUserId), entry.subjectUserId) : null;
        const { changes, whole } = changesOf(entry);
        return {
          at: entry.createdAt,
          actor,
          sentence: auditSentence(entry, { actor, subject, changes: whole ? [] : changes }),
          changes: whole ? [] : changes.map((change) => (change.lines !== null ? `${change.label}:\n${change.lines}` : `${change.label}: ${change.before} → ${change.after}`)),
        };
      });
      saveFile(new Blob([auditCsv(rows)], { type: 'text/csv;charset=utf-8' }), auditFileName(filter));
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void download()} disabled={busy}>
      {busy ? 'Preparing CSV…' : 'Export CSV'}
    </Button>
  );
}
